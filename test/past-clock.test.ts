// A clock set back must not destroy: `observe --now <years ago>` moved an instinct's last_seen
// back and the next gc archived what had just been reinforced; `bye --now <past>` archived every
// observed instinct (nothing of them in that time's window). A reinforcement never dates an
// instinct back, and a time more than 5 minutes before the data home's newest record makes every
// run read-only (analyze, bye, the Stop hook) or refused (gc, prune --apply, dream, graduate), as
// a time far ahead of the real clock does (test/future-clock.test.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, sandbox } from './helpers.js';
import { hookErrors, livedInHomeCopy, PAST, runStop, snapshot, taughtStore } from './history-helpers.js';

const YEARS_AGO = '2023-01-01T00:00:00Z';

describe('a clock set back', () => {
  it('a reinforcement at a past time keeps last_seen, and the next gc keeps the instinct', async () => {
    const { root, data } = sandbox();
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: PAST };
    const teach = ['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'];
    expect((await runCli(teach, env, { cwd: root })).exitCode).toBe(0);
    const again = await runCli([...teach, '--now', YEARS_AGO, '--json'], env, { cwd: root });
    expect(again.exitCode, again.stderr as string).toBe(0);
    const get = async () => JSON.parse((await runCli(['get', 'pref:pkg=pnpm', '--json'], env, { cwd: root })).stdout as string).instinct;
    const x = await get();
    expect(x.last_seen).toBe('2026-11-08T19:00:00.000Z');
    expect(x.observations).toBe(2);
    // Two weeks on, the instinct seen two weeks ago is not stale.
    const gc = await runCli(['gc', '--now', '2026-11-22T19:00:00Z', '--json'], env, { cwd: root });
    expect(gc.exitCode, gc.stderr as string).toBe(0);
    expect((await get()).state).not.toBe('archived');
  });

  it('analyze, bye and the Stop hook at a time before the newest record read only, byte for byte, and say why', async () => {
    const { root, data, rulesFile } = await livedInHomeCopy();
    const before = snapshot(root);
    expect(Object.keys(before).some((f) => f.startsWith('data/instincts/'))).toBe(true);

    const a = await runCli(['analyze', '--home', data, '--now', YEARS_AGO, '--json'], {});
    expect(a.exitCode, a.stderr as string).toBe(0);
    const r = JSON.parse(a.stdout as string);
    expect(r).toMatchObject({ readOnly: true, written: [], archived: [], pruned: { observations: [], archive: [] } });
    expect(r.readOnlyReason).toMatch(/^the time 2023-01-01T00:00:00.000Z \(--now or HOMUNCULUS_NOW, or the clock\) is \d+ days before the newest record \(2026-11-08T\d\d:\d\d:\d\d.\d{3}Z\), more than 5 minutes$/);
    expect(snapshot(root)).toEqual(before);

    for (const args of [['bye'], ['bye', '--json']]) {
      const b = await runCli(args, { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: rulesFile, HOMUNCULUS_NOW: YEARS_AGO });
      expect(b.exitCode, b.stderr as string).toBe(0);
      if (args.includes('--json')) expect(JSON.parse(b.stdout as string).analysis.readOnly).toBe(true);
      else expect(b.stdout).toContain('Read-only run: the time 2023-01-01T00:00:00.000Z');
      expect(snapshot(root)).toEqual(before);
    }

    const stop = await runStop({ HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: YEARS_AGO });
    expect(stop.exitCode).toBe(0);
    expect(hookErrors(data)).toMatch(/ stop: read-only: the time 2023-01-01T00:00:00.000Z .* before the newest record .*: nothing was pruned, archived or written\n$/);
    const after = snapshot(root);
    delete after['data/hook-errors.log'];
    expect(after).toEqual(before);
  });

  it('gc, prune --apply, dream and graduate refuse a time before the newest record, byte for byte; their dry runs run', async () => {
    const { root, data } = sandbox();
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: PAST };
    await taughtStore(root, env);
    const before = snapshot(root);
    for (const args of [['gc'], ['prune', '--apply'], ['dream'], ['graduate']]) {
      const r = await runCli(args, { ...env, HOMUNCULUS_NOW: YEARS_AGO }, { cwd: root });
      expect(r.exitCode, `${args.join(' ')}: ${r.stdout}`).toBe(2);
      expect(r.stderr).toMatch(/^homunculus: [a-z -]+: refused: the time 2023-01-01T00:00:00.000Z .* is \d+ days before the newest record \(2026-11-08T19:00:00.000Z\), more than 5 minutes; nothing was removed, archived or folded\n?$/);
      expect(snapshot(root)).toEqual(before);
    }
    for (const args of [['prune'], ['dream', '--dry-run']]) expect((await runCli(args, { ...env, HOMUNCULUS_NOW: YEARS_AGO }, { cwd: root })).exitCode).toBe(0);
    expect(snapshot(root)).toEqual(before);
    // Within 5 minutes before the newest record (a clock a little behind another's): a normal run.
    const gc = await runCli(['gc'], { ...env, HOMUNCULUS_NOW: '2026-11-08T18:56:00Z' }, { cwd: root });
    expect(gc.exitCode, gc.stderr as string).toBe(0);
  });
});

// Issue 38, 3: the system clock itself set back (no --now, no HOMUNCULUS_NOW): the records were
// written after the clock's time, by the files' own times. Every path reads only, as above; the
// Stop hook archives nothing (so nothing is deleted later, when the clock is right again).
describe('a system clock set back', () => {
  const setBack = (to: string) => ({ NODE_OPTIONS: `--import=${pathToFileURL(join(FIXTURES, 'clock-set-back.mjs')).href}`, CLOCK_SET_BACK_TO: to });
  const REASON = (to: string) => new RegExp(`the system clock \\(${to.slice(0, 16)}:\\d\\d\\.\\d{3}Z\\) is \\d+ (days|hours|minutes) before the data home's last write \\(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\), more than 5 minutes: it was set back`);

  // Years back, and days back but after every record (only the files' times tell).
  it.each([[YEARS_AGO], ['2026-11-08T20:00:00Z']])('to %s: analyze, bye, the Stop hook read only and gc refuses, byte for byte', async (to) => {
    const { root, data, rulesFile } = await livedInHomeCopy();
    // The files were written now; the clock below reads `to`, days or years before.
    expect(Date.now() - Date.parse(to)).toBeGreaterThan(86_400_000);
    const before = snapshot(root);
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: rulesFile, ...setBack(to) };

    const a = await runCli(['analyze', '--json'], env);
    expect(a.exitCode, a.stderr as string).toBe(0);
    const r = JSON.parse(a.stdout as string);
    expect(r).toMatchObject({ readOnly: true, written: [], archived: [] });
    expect(r.readOnlyReason).toMatch(REASON(to));
    expect(snapshot(root)).toEqual(before);

    const b = await runCli(['bye', '--json'], env);
    expect(b.exitCode, b.stderr as string).toBe(0);
    expect(JSON.parse(b.stdout as string).analysis.readOnly).toBe(true);
    expect(snapshot(root)).toEqual(before);

    const gc = await runCli(['gc'], env, { cwd: root });
    expect(gc.exitCode, gc.stdout as string).toBe(2);
    expect(gc.stderr).toMatch(REASON(to));
    expect(snapshot(root)).toEqual(before);

    const stop = await runStop(env);
    expect(stop.exitCode).toBe(0);
    expect(hookErrors(data)).toMatch(REASON(to));
    const after = snapshot(root);
    delete after['data/hook-errors.log'];
    expect(after).toEqual(before);
  }, 60_000);
});
