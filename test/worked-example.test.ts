import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { slugFor } from '../analyzer/instinct-file.js';
import { EXAMPLE_TIMES, sessionCalls, WORKED_EXAMPLE } from '../lib/worked-example.js';
import { cleanEnv, OBSERVE, runCli, sandbox } from './helpers.js';

const GOLDEN = join(import.meta.dirname, 'golden');

/** Compares with a golden file; UPDATE_GOLDEN=1 rewrites it. */
export function expectGolden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** Feeds sessions through the real hook process, sessions in parallel, calls in order. */
export async function playSessions(ids: string[], env: Record<string, string | undefined>): Promise<void> {
  await Promise.all(
    WORKED_EXAMPLE.filter((s) => ids.includes(s.id)).map(async (s) => {
      for (const call of sessionCalls(s)) {
        const r = await execa('node', [OBSERVE], { input: JSON.stringify(call.payload), env: cleanEnv({ ...env, HOMUNCULUS_NOW: call.now }), extendEnv: false, reject: false });
        expect(r.exitCode).toBe(0);
      }
    }),
  );
}

interface Tracked { key: string; observations: number; sessions: number; sessionsInWindow: number; frequency: number; consistency: number; recency: number; confidence: number; lift: number }

describe('the worked example, end to end through the hook and the CLI', () => {
  const box = sandbox();
  // The data home's rules file (the default): one outside it holds the global rules only, and the example's rule is its project's.
  const rulesFile = join(box.data, 'generated-rules.md');
  const env = { HOME: box.home, HOMUNCULUS_HOME: box.data };
  let rulesAfterS4 = '';
  let byeAfterS7 = '';
  let afterS4: { tracked: Tracked[]; archived: { pattern: string }[] };
  let afterS7: { tracked: Tracked[]; archived: { pattern: string; reason: string }[] };
  let instinctsAfterS4: string[];

  beforeAll(async () => {
    mkdirSync(box.home, { recursive: true });
    await playSessions(['s1', 's2', 's3', 's4'], env);
    const r4 = await runCli(['analyze', '--now', EXAMPLE_TIMES.afterS4, '--json'], env);
    expect(r4.exitCode, r4.stderr as string).toBe(0);
    afterS4 = JSON.parse(r4.stdout as string);
    instinctsAfterS4 = readdirSync(join(box.data, 'instincts')).sort();
    const b4 = await runCli(['bye', '--now', EXAMPLE_TIMES.afterS4], env);
    expect(b4.exitCode, b4.stderr as string).toBe(0);
    rulesAfterS4 = readFileSync(rulesFile, 'utf8');
    await playSessions(['s5', 's6', 's7'], env);
    const r7 = await runCli(['analyze', '--now', EXAMPLE_TIMES.afterS7, '--json'], env);
    expect(r7.exitCode, r7.stderr as string).toBe(0);
    afterS7 = JSON.parse(r7.stdout as string);
    const b7 = await runCli(['bye', '--now', EXAMPLE_TIMES.afterS7], env);
    expect(b7.exitCode, b7.stderr as string).toBe(0);
    byeAfterS7 = b7.stdout as string;
  }, 240_000);

  it('bye after s4: generated-rules.md holds no rule', () => {
    expect(rulesAfterS4).not.toMatch(/^- /m);
    expect(rulesAfterS4).toContain('_No rules promoted yet._');
  });

  it('bye after s7: exactly the Grep->Read->Edit rule, and no Bash(grep)->Read->Edit rule', () => {
    const rules = readFileSync(rulesFile, 'utf8').split('\n').filter((l) => l.startsWith('- '));
    // Every call of the example is in one project (/home/dev/work/shop): the rule is that project's.
    expect(rules).toEqual(['- **[90%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x) (project 8a55a34c0b31)']);
    expect(byeAfterS7).toContain('Promoted to rules: Grep->Read->Edit in 8a55a34c0b31 (90%).');
    expectGolden('generated-rules.md', readFileSync(rulesFile, 'utf8'));
    const state = JSON.parse(readFileSync(join(box.data, 'rules.json'), 'utf8'));
    expect(state.rules[0]).toMatchObject({ pattern: 'Grep->Read->Edit', promoted_at: '2026-11-08T19:00:00.000Z', confidence_at_promotion: 0.95, confidence_now: 0.95, last_seen: '2026-11-08T18:26:00.000Z' });
  });

  const pct = (x: number) => Math.round(x * 100);

  // chainDetail is on by default: the example's Bash calls (`grep -rn qty src`) are Bash(grep).
  const BRE = 'Bash(grep)->Read->Edit';

  it('after s4: Bash(grep)->Read->Edit is an 84% instinct (no rule); Grep->Read->Edit, seen in one session, a 50% one', () => {
    const bre = afterS4.tracked.find((p) => p.key === BRE)!;
    expect(bre).toMatchObject({ observations: 14, sessions: 4, sessionsInWindow: 4, frequency: 1, consistency: 1 });
    // Nov 1 and Nov 7 are the window's active days; its occurrences are older than the window's calls on average.
    expect(bre.recency.toFixed(2)).toBe('0.84');
    expect(pct(bre.confidence)).toBe(84);
    const gre = afterS4.tracked.find((p) => p.key === 'Grep->Read->Edit')!;
    expect(gre).toMatchObject({ observations: 6, sessions: 1, frequency: 1, consistency: 0.5, recency: 1, confidence: 0.5 });
    expect(instinctsAfterS4).toContain(`${slugFor('chain', BRE)}.md`);
  });

  it('after s7: Grep->Read->Edit at 95% (capped) from 30 observations in 4/4 sessions; its rotations are folded into it', () => {
    const gre = afterS7.tracked.find((p) => p.key === 'Grep->Read->Edit')!;
    expect(gre).toMatchObject({ observations: 30, sessions: 4, sessionsInWindow: 4, consistency: 1, frequency: 1, recency: 1, lift: 9 });
    expect(gre.confidence).toBe(0.95);
    expect(afterS7.tracked.map((p) => p.key)).toEqual(['Grep->Read->Edit']);
  });

  it('after s7: the old Bash(grep)->Read->Edit instinct is archived, with when and why', () => {
    expect(afterS7.tracked.find((p) => p.key === BRE)).toBeUndefined();
    const archived = afterS7.archived.find((a) => a.pattern === BRE)!;
    expect(archived.reason).toBe('score 7% is below minConfidence 50%');
    expect(existsSync(join(box.data, 'instincts', `${slugFor('chain', BRE)}.md`))).toBe(false);
    const files = readdirSync(join(box.data, 'archive'));
    expect(files).toEqual([`${slugFor('chain', BRE)}--20261108T190000Z.md`]);
    const text = readFileSync(join(box.data, 'archive', files[0]!), 'utf8');
    expect(text).toContain('archived_at: "2026-11-08T19:00:00.000Z"');
    expect(text).toContain('state: "archived"');
  });

  it('writes the instinct file and daily summary exactly (golden files)', () => {
    expectGolden('instinct-chain-grep-read-edit.md', readFileSync(join(box.data, 'instincts', 'chain-grep-read-edit.md'), 'utf8'));
    expectGolden('daily-summary.md', readFileSync(join(box.data, 'daily-summary.md'), 'utf8'));
  });

  it('bye is idempotent: same data and now give a byte-identical file, untouched', async () => {
    const before = readFileSync(rulesFile);
    const mtime = statSync(rulesFile).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    const again = await runCli(['bye', '--now', EXAMPLE_TIMES.afterS7], env);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain('(unchanged)');
    expect(readFileSync(rulesFile).equals(before)).toBe(true);
    expect(statSync(rulesFile).mtimeMs).toBe(mtime);
  });

  it('keeps first_seen across runs', async () => {
    // Re-running later keeps the file's first_seen even though the window has moved on.
    const r = await runCli(['analyze', '--now', '2026-11-09T19:00:00Z', '--json'], env);
    expect(r.exitCode).toBe(0);
    const text = readFileSync(join(box.data, 'instincts', 'chain-grep-read-edit.md'), 'utf8');
    expect(text).toContain('first_seen: "2026-11-07T20:02:00.000Z"');
  });
});
