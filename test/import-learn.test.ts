import { execa } from 'execa';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectId } from '../observer/project-id.js';
import { cleanEnv, DIST, runCli, sandbox } from './helpers.js';
import { bash, writeTranscripts, type WrittenSession } from './transcript-writer.js';

// The first hour (issue 33, 1): import-transcripts learns from the history it reads, older than
// the window and than retention, each project over its own span; what it learned lives and
// decays from the import, and the next session gets it.

const NOW = '2026-10-20T12:00:00.000Z'; // well before today's date: no future-clock guard
const SHOP = '/home/dev/work/shop';
const WIN = 'C:\\Users\\dev\\ledger';

/** Four sessions a few days apart, three months before NOW: tests with `pnpm test`, edits between. */
function history(cwd: string, prefix: string, test: string): WrittenSession[] {
  return ['2026-07-01', '2026-07-04', '2026-07-08', '2026-07-11'].map((day, i) => ({
    id: `${prefix}-${i}`,
    cwd,
    start: `${day}T09:00:00Z`,
    calls: [{ tool: 'Read' }, { tool: 'Edit' }, bash(test, false), { tool: 'Edit' }, bash(test), { tool: 'Read' }, { tool: 'Edit' }, bash(test)],
  }));
}

describe('import-transcripts learns from history older than the window', () => {
  const s = sandbox();
  const projects = join(s.home, '.claude', 'projects');
  writeTranscripts(projects, [...history(SHOP, 'shop', 'pnpm test'), ...history(WIN, 'ledger', 'cargo test')]);
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };

  it('says what it read and did not write, and what it learned per project, by name', async () => {
    const r = await runCli(['import-transcripts'], env, { cwd: s.root });
    expect(r.exitCode, r.stderr as string).toBe(0);
    const out = r.stdout as string;
    expect(out).toContain('Read 8 transcript files: 64 tool calls paired with their results (8 failed) in 8 sessions.');
    // Older than the retention period: no record written, named with its date and the option that writes them.
    expect(out).toMatch(/Not written as records: 64 tool calls before 2026-09-20, the retention period \(retentionDays 30\); learned from all the same\. --since/);
    expect(out).toMatch(/^ {2}shop: 4 sessions on 4 active days \(2026-07-01 \.\. 2026-07-11\): \d+ patterns? tracked; 2 rules of its own for its sessions: `seq:Read->Edit->Bash\(pnpm test\)`, `cmd:test=pnpm test`$/m);
    expect(out).toMatch(/^ {2}ledger: 4 sessions on 4 active days .*`cmd:test=cargo test`$/m);
    expect(existsSync(join(s.data, 'observations')) ? readdirSync(join(s.data, 'observations')) : []).toEqual([]);
  });

  it('the next session in each project gets its command, and not the other project\'s', async () => {
    const start = async (cwd: string, sid: string) => {
      const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', source: 'startup', cwd, transcript_path: join(s.root, `${sid}.jsonl`) }), env: cleanEnv(env), extendEnv: false, reject: false, cwd: s.root });
      return r.stdout as string;
    };
    const shop = await start(SHOP, 'n1');
    expect(shop).toContain('`cmd:test=pnpm test`');
    expect(shop).not.toContain('cargo test');
    const ledger = await start(WIN, 'n2');
    expect(ledger).toContain('`cmd:test=cargo test`');
    expect(ledger).not.toContain('pnpm test');
  });

  it('the next analyses keep what it learned, and a project left alone keeps its rules: they fade by its work, not by the calendar', async () => {
    const id = projectId(SHOP);
    const day = (n: number) => new Date(Date.parse(NOW) + n * 86_400_000).toISOString();
    const a = await runCli(['bye', '--now', day(1), '--json'], env);
    expect(a.exitCode, a.stderr as string).toBe(0);
    const rules = JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')).rules as { key: string; confidence_now: number; rate: number; project?: string }[];
    const rule = rules.find((r) => r.key === 'cmd:test=pnpm test')!;
    expect(rule.project).toBe(id);
    // A claim's rule stands at its rate one day after the import, not decayed from the records 3 months back.
    expect(rule.rate).toBeGreaterThan(0.7);
    expect(rule.confidence_now).toBe(rule.rate);
    const instinct = readdirSync(join(s.data, 'instincts')).find((f) => f.startsWith('cmd-test-pnpm-test'));
    expect(instinct).toBeDefined();
    // Two weeks on, nothing happened in the project: its rules stand, as they were.
    const late = await runCli(['bye', '--now', day(15), '--json'], env);
    const j = JSON.parse(late.stdout as string);
    expect(j.changes.archived).toEqual([]);
    expect(j.rules.find((r: { key: string }) => r.key === 'cmd:test=pnpm test')).toMatchObject({ rate: rule.rate, confidence_now: rule.confidence_now, project: id });
  });
});

describe('import-transcripts --no-learn, and --since with retention', () => {
  it('--no-learn writes records and learns nothing; --since says what retention will remove and the setting that keeps it', async () => {
    const s = sandbox();
    writeTranscripts(join(s.home, '.claude', 'projects'), history(SHOP, 'shop', 'pnpm test'));
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    const plain = await runCli(['import-transcripts', '--no-learn', '--since', '2026-06-01'], env, { cwd: s.root });
    expect(plain.exitCode, plain.stderr as string).toBe(0);
    expect(plain.stdout).not.toContain('Learned');
    expect(existsSync(join(s.data, 'rules.json'))).toBe(false);
    expect(readdirSync(join(s.data, 'observations'))).toHaveLength(4);
    const t = sandbox();
    writeTranscripts(join(t.home, '.claude', 'projects'), history(SHOP, 'shop', 'pnpm test'));
    const r = await runCli(['import-transcripts', '--since', '2026-06-01'], { HOME: t.home, HOMUNCULUS_HOME: t.data, HOMUNCULUS_NOW: NOW }, { cwd: t.root });
    expect(r.stdout).toMatch(/Retention: the next analysis removes 32 records of this import \(4 days older than retentionDays, 30\); what they taught is kept\. To keep the records too, set "retentionDays": 113 in config\.json\./);
    // The import's own promotion pruned nothing.
    expect(readdirSync(join(t.data, 'observations'))).toHaveLength(4);
  });
});
