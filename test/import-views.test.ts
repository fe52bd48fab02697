import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, DIST, runCli, sandbox } from './helpers.js';
import { bash, writeTranscripts, type WrittenSession } from './transcript-writer.js';

// The first hour (issue 33, must show), end to end with real processes: a user with months-old
// Claude Code history in two projects (one with a Windows cwd) installs, imports, and looks at
// status, the report and doctor. Every output tells the same story.

const NOW = '2026-10-20T12:00:00.000Z';
const SHOP = '/home/dev/work/shop';
const WIN = 'C:\\Users\\dev\\ledger';

function history(cwd: string, prefix: string, test: string): WrittenSession[] {
  return ['2026-07-01', '2026-07-04', '2026-07-08', '2026-07-11'].map((day, i) => ({
    id: `${prefix}-${i}`,
    cwd,
    start: `${day}T09:00:00Z`,
    calls: [{ tool: 'Read' }, { tool: 'Edit' }, bash(test, false), { tool: 'Edit' }, bash(test), { tool: 'Read' }, { tool: 'Edit' }, bash(test)],
  }));
}

describe('the first hour with real history', () => {
  it('install, import, status, report, doctor: what import learned is what every output names', async () => {
    const s = sandbox();
    writeTranscripts(join(s.home, '.claude', 'projects'), [...history(SHOP, 'shop', 'pnpm test'), ...history(WIN, 'ledger', 'cargo test')]);
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
    const install = await runCli(['install'], env, { cwd: s.root });
    expect(install.exitCode, install.stderr as string).toBe(0);

    const imp = await runCli(['import-transcripts', '--json'], env, { cwd: s.root });
    expect(imp.exitCode, imp.stderr as string).toBe(0);
    const j = JSON.parse(imp.stdout as string);
    const learned = j.learned as { name: string; sessions: number; rules: string[] }[];
    expect(learned.map((p) => p.name).sort()).toEqual(['ledger', 'shop']);
    expect(learned.every((p) => p.sessions === 4)).toBe(true);
    const shopRules = learned.find((p) => p.name === 'shop')!.rules;
    expect(shopRules).toContain('cmd:test=pnpm test');

    // status: the last analysis is the import's; its window holds no record, and it says where
    // the patterns it tracks came from (what import learned), not "0 tool calls; 8 patterns".
    const status = await runCli(['status', '--json'], env, { cwd: s.root });
    expect(status.exitCode, status.stderr as string).toBe(0);
    const last = JSON.parse(status.stdout as string).lastAnalysis;
    expect(last).toMatchObject({ now: NOW, windowDays: 7, recordsInWindow: 0, sessionsInWindow: 0, carriedProjects: 2 });
    expect(last.patternsTracked).toBeGreaterThan(0);
    const text = await runCli(['status'], env, { cwd: s.root });
    expect(text.stdout).toMatch(/0 tool calls in 0 sessions; \d+ patterns tracked \(with the history import learned for 2 projects\)/);

    // The report: both projects by name, and the rules import promoted.
    const report = await runCli(['report', '--json'], env, { cwd: s.root });
    expect(report.exitCode, report.stderr as string).toBe(0);
    const r = JSON.parse(report.stdout as string);
    const rows = r.report.projects as { label: string; rules: number }[];
    expect(rows.map((p) => p.label).sort()).toEqual(['ledger', 'shop']);
    // Each project's rules in the report are the ones import said it learned for its sessions.
    for (const p of learned) expect(rows.find((x) => x.label === p.name)!.rules, p.name).toBe(p.rules.length);
    const rules = JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')).rules as { key: string }[];
    expect(rules.map((x) => x.key).sort()).toEqual(learned.flatMap((p) => p.rules).sort());

    // doctor right after install: healthy, and it does not judge the imported sessions.
    const doctor = await runCli(['doctor', '--json', '--project', s.project], env, { cwd: s.root });
    const checks = JSON.parse(doctor.stdout as string).checks as { name: string; ok: boolean; detail: string }[];
    expect(checks.filter((c) => !c.ok), doctor.stdout as string).toEqual([]);
    expect(doctor.exitCode).toBe(0);

    // And the next session in the Windows project gets its own command, not the other's.
    const start = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: 'next', hook_event_name: 'SessionStart', source: 'startup', cwd: WIN, transcript_path: join(s.root, 'next.jsonl') }), env: cleanEnv(env), extendEnv: false, reject: false, cwd: s.root });
    expect(start.stdout).toContain('`cmd:test=cargo test`');
    expect(start.stdout).not.toContain('pnpm test');
  }, 60_000);
});
