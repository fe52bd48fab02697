// Issue 9, data loss: a clock override ahead of the real clock must never delete or archive, and
// impossible dates are refused wherever a time is parsed.
// What lib/clock.ts makes of each impossible date is test/clock.test.ts (in process); here the faces.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runHook, sandbox } from './helpers.js';
import { hookErrors, livedInHomeCopy, payload, PAST, runStop, snapshot, taughtStore } from './history-helpers.js';

const TYPO = '2062-11-08T19:00:00Z'; // 2026 mistyped: every file is past retention then

describe('future clock: read-only, byte for byte', () => {
  it('analyze --now far ahead deletes, archives and writes nothing, and says so (text and --json)', async () => {
    const { root, data } = await livedInHomeCopy();
    const rulesFile = join(root, 'rules.md');
    const before = snapshot(root);
    expect(Object.keys(before).filter((f) => f.startsWith('data/observations/'))).toHaveLength(3);
    expect(Object.keys(before).some((f) => f.startsWith('data/instincts/'))).toBe(true);

    const text = await runCli(['analyze', '--home', data, '--now', TYPO], {});
    expect(text.exitCode, text.stderr as string).toBe(0);
    expect(text.stdout).toMatch(/^Read-only run: the time 2062-11-08T19:00:00.000Z \(--now or HOMUNCULUS_NOW\) is \d+ days ahead of the real clock/);
    expect(text.stdout).toContain('ahead of the real clock (20');
    expect(text.stdout).toContain(', more than 5 minutes: nothing was pruned, archived or written; the figures below are what that time would give.');
    expect(text.stdout).not.toContain('Pruned:');
    expect(snapshot(root)).toEqual(before);

    const json = await runCli(['analyze', '--home', data, '--now', TYPO, '--json'], {});
    expect(json.exitCode).toBe(0);
    const r = JSON.parse(json.stdout as string);
    expect(r).toMatchObject({ readOnly: true, written: [], archived: [], pruned: { observations: [], archive: [] } });
    expect(r.readOnlyReason).toContain('ahead of the real clock');
    expect(json.stderr).toContain('homunculus: Read-only run:');
    expect(snapshot(root)).toEqual(before);

    // The same time given through HOMUNCULUS_NOW, and the Stop hook, which logs why it wrote nothing.
    const env = await runCli(['analyze', '--home', data], { HOMUNCULUS_NOW: TYPO });
    expect(env.stdout).toContain('Read-only run');
    expect(snapshot(root)).toEqual(before);
    const stop = await runStop({ HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: TYPO });
    expect(stop.exitCode).toBe(0);
    const after = snapshot(root);
    expect(after['data/hook-errors.log']).toBeDefined();
    expect(hookErrors(data)).toMatch(/ stop: read-only: the time 2062-11-08T19:00:00.000Z .* ahead of the real clock .*, more than 5 minutes: nothing was pruned, archived or written\n$/);
    delete after['data/hook-errors.log'];
    expect(after).toEqual(before);
  });

  it('the store steps that remove, archive or fold by age (gc, prune --apply, dream, graduate) refuse a far-future clock, byte for byte', async () => {
    const { root, data } = sandbox();
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: PAST };
    await taughtStore(root, env);
    const before = snapshot(root);
    for (const args of [['gc'], ['prune', '--apply'], ['dream'], ['graduate']]) {
      const r = await runCli(args, { ...env, HOMUNCULUS_NOW: TYPO }, { cwd: root });
      expect(r.exitCode, `${args.join(' ')}: ${r.stdout}`).toBe(2);
      expect(r.stderr).toMatch(/^homunculus: [a-z -]+: refused: the time 2062-11-08T19:00:00.000Z \(--now or HOMUNCULUS_NOW\) is \d+ days ahead of the real clock .*; nothing was removed, archived or folded\n?$/);
      expect(snapshot(root)).toEqual(before);
    }
    // Their dry runs only read, and run.
    for (const args of [['prune'], ['dream', '--dry-run']]) expect((await runCli(args, { ...env, HOMUNCULUS_NOW: TYPO }, { cwd: root })).exitCode).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('bye with a far-future HOMUNCULUS_NOW changes no rule and writes nothing, and says what would happen', async () => {
    const { root, data } = await livedInHomeCopy();
    const rulesFile = join(root, 'rules.md');
    const before = snapshot(root);
    for (const args of [['bye'], ['bye', '--json'], ['bye', '--exit-zero']]) {
      const r = await runCli(args, { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: rulesFile, HOMUNCULUS_NOW: TYPO });
      expect(r.exitCode, r.stderr as string).toBe(0);
      if (args.includes('--json')) {
        const j = JSON.parse(r.stdout as string);
        expect(j.analysis.readOnly).toBe(true);
        expect(j.rulesFileChanged).toBe(false);
        // Nothing happened between the records and 2062: a rule fades by its projects' work, not by the calendar, so none would change.
        expect(j.changes.archived).toEqual([]);
        expect(j.rules.map((x: { pattern: string }) => x.pattern)).toEqual(['Grep->Read->Edit']);
      } else {
        expect(r.stdout).toContain('Read-only run:');
        expect(r.stdout).toContain('No rule changed.');
        expect(r.stdout).toContain('Read-only: no rule changed');
      }
      expect(snapshot(root)).toEqual(before);
    }
  });

  it('a time in the past (not before the newest record: test/past-clock.test.ts) and a time a few minutes ahead (within 5 minutes) run normally', async () => {
    const { root, data } = await livedInHomeCopy();
    const past = await runCli(['analyze', '--home', data, '--now', PAST, '--json'], {});
    expect(JSON.parse(past.stdout as string).readOnly).toBe(false);
    const soon = new Date(Date.now() + 2 * 60_000).toISOString();
    const r = await runCli(['analyze', '--home', data, '--now', soon, '--json'], {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const j = JSON.parse(r.stdout as string);
    expect(j.readOnly).toBe(false);
    expect(JSON.parse(readFileSync(join(data, 'state', 'last-analysis.json'), 'utf8')).now).toBe(soon);
  });
});

describe('impossible dates are refused everywhere a time is parsed', () => {
  // Each of IMPOSSIBLE through --now, HOMUNCULUS_NOW and --since: test/clock.test.ts; two through the CLI.
  it.each(['2026-02-30', '2026-03-04T12:00:00+24:00'])('%s: --now, HOMUNCULUS_NOW and --since exit 2 with one line, writing nothing', async (bad) => {
    const { root, data } = sandbox();
    const runs = [
      ['--now', await runCli(['analyze', '--home', data, '--now', bad], {})],
      ['HOMUNCULUS_NOW', await runCli(['bye', '--home', data], { HOMUNCULUS_NOW: bad })],
      ['--since', await runCli(['import-transcripts', root, '--home', data, '--since', bad], {})],
    ] as const;
    for (const [what, r] of runs) {
      expect(r.exitCode, what).toBe(2);
      expect(r.stderr).toBe(`homunculus: ${what}: expected an ISO 8601 time with a zone, on a real calendar date, like 2026-03-04T14:22:31Z or 2026-03-04, found ${JSON.stringify(bad)}`);
    }
    expect(existsSync(data)).toBe(false);
  });

  it('the hook logs an impossible HOMUNCULUS_NOW and records the call at the real time', async () => {
    const { data } = sandbox();
    const days = [new Date().toISOString().slice(0, 10)];
    const r = await runHook(JSON.stringify(payload()), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-02-30T10:00:00Z' });
    days.push(new Date().toISOString().slice(0, 10));
    expect(r.exitCode).toBe(0);
    expect(hookErrors(data)).toContain('HOMUNCULUS_NOW: expected an ISO 8601 time with a zone, on a real calendar date');
    const files = readdirSync(join(data, 'observations'));
    expect(files).toHaveLength(1);
    expect(days.map((d) => `${d}.jsonl`)).toContain(files[0]);
  });

  it('a past --now that Date.parse would roll over is refused rather than moved (2026-02-30 is not March 2)', async () => {
    const { data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-03-02.jsonl'), '');
    const r = await runCli(['analyze', '--home', data, '--now', '2026-02-30T12:00:00Z'], {});
    expect(r.exitCode).toBe(2);
    expect(readdirSync(data)).toEqual(['observations']);
  });
});
