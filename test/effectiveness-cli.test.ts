import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers.js';

const NOW = '2026-11-20T12:00:00Z';
const PROMOTED = '2026-11-10T12:00:00.000Z';

function line(ts: number, tool: string, session: string, ok = true, detail?: string): string {
  return JSON.stringify({ v: 1, ts: new Date(ts).toISOString(), tool, ok, ms: 5, prev: null, prev2: null, session, project: null, event: ok ? 'PostToolUse' : 'PostToolUseFailure', ...(detail ? { detail } : {}) });
}

/** `count` three-call sessions on `day`, `hits` of them Grep->Read->Edit, the rest Grep->Read->Bash. */
function day(data: string, date: string, count: number, hits: number): void {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = Date.parse(`${date}T08:00:00Z`) + i * 600_000;
    ['Grep', 'Read', i < hits ? 'Edit' : 'Bash'].forEach((tool, k) => lines.push(line(t0 + k * 60_000, tool, `${date}-${i}`)));
    // A failed npm test, retried at once before the promotion only.
    lines.push(line(t0 + 4 * 60_000, 'Bash', `${date}-${i}`, false, 'npm test'));
    lines.push(line(t0 + 5 * 60_000, date < PROMOTED ? 'Bash' : 'Edit', `${date}-${i}`, true, date < PROMOTED ? 'npm test' : undefined));
  }
  writeFileSync(join(data, 'observations', `${date}.jsonl`), `${lines.join('\n')}\n`);
}

const rule = (kind: string, pattern: string) => ({
  id: pattern.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''), kind, pattern, promoted_at: PROMOTED, confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: PROMOTED, observations: 30, sessions: 5, confidence_now: 0.95,
});

describe('homunculus effectiveness', () => {
  it('prints each rule\'s rate before and after its promotion, from every retained observation file', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    day(data, '2026-10-01', 30, 30); // past retentionDays (30) on Nov 20: not read
    day(data, '2026-11-05', 24, 6); // 25%
    day(data, '2026-11-15', 24, 18); // 75%
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [rule('chain', 'Grep->Read->Edit'), rule('error-retry', 'Bash(npm test) error-retry')] }));
    const r = await runCli(['effectiveness', '--home', data, '--now', NOW, '--json'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const out = JSON.parse(r.stdout as string);
    expect(out).toMatchObject({ files: 2, records: 240, from: '2026-11-05', to: '2026-11-15' });
    expect(out.rules[0]).toMatchObject({ pattern: 'Grep->Read->Edit', before: { opportunities: 24, followed: 6, rate: 0.25 }, after: { opportunities: 24, followed: 18, rate: 0.75 }, change: 0.5, withoutEffect: false });
    expect(out.rules[1]).toMatchObject({ pattern: 'Bash(npm test) error-retry', before: { opportunities: 24, followed: 24, rate: 1 }, after: { opportunities: 24, followed: 0, rate: 0 }, change: -1 });
    const text = await runCli(['effectiveness', '--home', data, '--now', NOW], {});
    expect(text.stdout).toBe(
      [
        "Each rule's habit before and after its promotion, over 2 observation files (2026-11-05 .. 2026-11-15), 240 tool calls:",
        '- Grep->Read->Edit (promoted 2026-11-10): Grep->Read followed by Edit 25% of 24 before, 75% of 24 after (+50 points).',
        '- Bash(npm test) error-retry (promoted 2026-11-10): failed Bash(npm test) retried at once 100% of 24 before, 0% of 24 after (-100 points).',
      ].join('\n'),
    );
  });

  it('flags a rule whose rate did not move as without effect', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    day(data, '2026-11-05', 20, 10);
    day(data, '2026-11-15', 25, 13);
    writeFileSync(join(data, 'rules.json'), JSON.stringify({ rules: [rule('chain', 'Grep->Read->Edit')] }));
    const r = await runCli(['effectiveness', '--home', data, '--now', NOW], {});
    expect(r.stdout).toContain('- Grep->Read->Edit (promoted 2026-11-10): Grep->Read followed by Edit 50% of 20 before, 52% of 25 after (+2 points): without effect.');
  });

  it('says so when there is no rule, and refuses a broken rules.json', async () => {
    const { data } = sandbox();
    mkdirSync(data, { recursive: true });
    expect((await runCli(['effectiveness', '--home', data, '--now', NOW], {})).stdout).toBe('No promoted rules yet: nothing to measure.');
    writeFileSync(join(data, 'rules.json'), '{');
    const r = await runCli(['effectiveness', '--home', data, '--now', NOW], {});
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('rules.json: expected JSON');
  });
});
