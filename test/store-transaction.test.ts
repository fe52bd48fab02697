// Issue 30, data loss: store writes were not atomic with their event. A file was renamed into
// place before its events.jsonl line was appended: a crash or a full disk in between left the
// confidence and the event sum apart, and a command that reported failure (exit 1, ENOSPC) had in
// fact changed the store, so that running it again applied it twice. Now a change is all or
// nothing (store/files/txn.ts), exit 1 means nothing changed, a change a killed run left is finished
// or undone by the next writer, and gc and doctor find and mend a disagreement. Every point of a
// full disk is tried in process (test/txn.test.ts); here the CLI's face of it.
import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, CLI, listFiles, runCli, sandbox } from './helpers.js';
import { expectAddsUp, instinctObservations, storeFiles } from './txn-helpers.js';

const NOW = '2026-11-08T12:00:00Z';
const KILL = join(import.meta.dirname, 'fixtures', 'kill-at-store-commit.cjs');

function home() {
  const s = sandbox();
  return { ...s, env: { HOMUNCULUS_HOME: s.data, HOME: s.home, HOMUNCULUS_NOW: NOW } };
}

const observations = instinctObservations;

const teach = (env: Record<string, string>, extra: Record<string, string> = {}) => runCli(['observe', 'pref:pkg=pnpm', '--trigger', 'installing packages', '--action', 'use pnpm'], { ...env, ...extra });

describe('a full disk at every point of a store change', () => {
  it('observe either changes the store whole (exit 0) or not at all (exit 1, ENOSPC); run again, it applies once', async () => {
    const s = home();
    expect((await teach(s.env)).exitCode).toBe(0);
    expect((await runCli(['observe', 'pref:editor=vim', '--trigger', 'editing', '--action', 'use vim'], s.env)).exitCode).toBe(0);
    // No space, then the most the in-process cases try (where it applies).
    for (const [left, applies] of [[0, false], [4400, true]] as const) {
      const before = storeFiles(s.data);
      const n = observations(s.data, 'pref-pkg-pnpm');
      const r = await teach(s.env, { HOMUNCULUS_TEST_FULL_DISK: String(left) });
      if (applies) {
        expect(r.exitCode, `${left} bytes left: ${r.stderr}`).toBe(0);
        expect(observations(s.data, 'pref-pkg-pnpm'), `${left} bytes left`).toBe(n + 1);
      } else {
        expect(r.exitCode, `${left} bytes left: ${r.stderr}`).toBe(1);
        expect(r.stderr).toMatch(/ENOSPC/);
        expect(storeFiles(s.data), `${left} bytes left: exit 1, yet the store changed`).toEqual(before);
        // With space again, the same command applies once.
        expect((await teach(s.env)).exitCode).toBe(0);
        expect(observations(s.data, 'pref-pkg-pnpm'), `${left} bytes left, run again`).toBe(n + 1);
      }
      expectAddsUp(s.data);
      expect(existsSync(join(s.data, 'state', 'store-journal.json'))).toBe(false);
      expect(listFiles(s.data).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
  });

  it('gc merging two instincts (archive, removal, aliases, events): all or nothing', async () => {
    const s = home();
    for (const [k, t, a] of [['pref:pkg-manager=pnpm', 'installing packages', 'use pnpm'], ['pref:pkg-managers=pnpm', 'adding packages', 'use pnpm']] as const) {
      // Two projects' keys taught apart, then made one scope by hand: gc merges them.
      expect((await runCli(['observe', k, '--trigger', t, '--action', a, '--global'], s.env)).exitCode).toBe(0);
    }
    const files = listFiles(join(s.data, 'instincts'));
    expect(files).toHaveLength(1); // taught alike: merged at once
    // An alike pair written by hand (as an import of an older version might leave it).
    const text = readFileSync(join(s.data, 'instincts', files[0]!), 'utf8');
    const twin = text.replace(/pref-pkg-manager-pnpm-[0-9a-f]+/g, 'pref-pkg-manager-tool-pnpm-00000000').replace(/pref:pkg-manager=pnpm/g, 'pref:pkg-manager-tool=pnpm');
    writeFileSync(join(s.data, 'instincts', 'pref-pkg-manager-tool-pnpm-00000000.md'), twin);
    writeFileSync(join(s.data, 'events.jsonl'), `${readFileSync(join(s.data, 'events.jsonl'), 'utf8')}${JSON.stringify({ ts: NOW, id: 'pref-pkg-manager-tool-pnpm-00000000', pattern: 'pref:pkg-manager-tool=pnpm', project: null, source: 'taught', delta: 0.4, reason: 'by hand' })}\n`);
    expectAddsUp(s.data);
    // No space: exit 1, nothing changed; then with space, merged once.
    const before = storeFiles(s.data);
    const r = await runCli(['gc', '--json'], { ...s.env, HOMUNCULUS_TEST_FULL_DISK: '0' });
    expect(r.exitCode, r.stderr as string).toBe(1);
    expect(r.stderr).toMatch(/ENOSPC/);
    expect(storeFiles(s.data), 'exit 1, yet the store changed').toEqual(before);
    const ok = await runCli(['gc', '--json'], s.env);
    expect(ok.exitCode, ok.stderr as string).toBe(0);
    expect(JSON.parse(ok.stdout as string).merged).toHaveLength(1);
    expectAddsUp(s.data);
    expect(listFiles(join(s.data, 'instincts'))).toHaveLength(1);
  });
});

describe('a run killed in the middle of a store change', () => {
  const killed = (env: Record<string, string>, at: 'append' | 'rename') =>
    execa('node', ['--require', KILL, CLI, 'observe', 'pref:pkg=pnpm'], { env: cleanEnv({ ...env, HOMUNCULUS_TEST_KILL_AT: at }), extendEnv: false, reject: false });

  it('killed once its lines are in the log: doctor says so, the next writer finishes the change, once', async () => {
    const s = home();
    expect((await teach(s.env)).exitCode).toBe(0);
    const n = observations(s.data, 'pref-pkg-pnpm');
    const k = await killed(s.env, 'rename');
    expect(k.signal).toBe('SIGKILL');
    const doctor = await runCli(['doctor', '--json'], s.env);
    const check = (JSON.parse(doctor.stdout as string) as { checks: { name: string; ok: boolean; detail: string }[] }).checks.find((c) => c.name === 'store')!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain('a change was cut short');
    // Any store write finishes it first (here the next observe, which then applies its own).
    expect((await runCli(['observe', 'pref:editor=vim', '--trigger', 'editing', '--action', 'use vim'], s.env)).exitCode).toBe(0);
    expect(observations(s.data, 'pref-pkg-pnpm')).toBe(n + 1);
    expectAddsUp(s.data);
    expect(existsSync(join(s.data, 'state', 'store-journal.json'))).toBe(false);
    expect(listFiles(s.data).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('killed before its lines reached the log: the next writer undoes it; run again, it applies once', async () => {
    const s = home();
    expect((await teach(s.env)).exitCode).toBe(0);
    const n = observations(s.data, 'pref-pkg-pnpm');
    const before = storeFiles(s.data);
    const k = await killed(s.env, 'append');
    expect(k.signal).toBe('SIGKILL');
    const doctor = await runCli(['doctor', '--fix', '--json'], s.env);
    const out = JSON.parse(doctor.stdout as string) as { mended: string; checks: { name: string; ok: boolean }[] };
    expect(out.mended).toBe('Mended the store: 0 repair events logged.');
    expect(out.checks.find((c) => c.name === 'store')!.ok).toBe(true);
    expect(storeFiles(s.data)).toEqual(before);
    expect(listFiles(s.data).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect((await teach(s.env)).exitCode).toBe(0);
    expect(observations(s.data, 'pref-pkg-pnpm')).toBe(n + 1);
    expectAddsUp(s.data);
  });
});

describe('gc and doctor find and mend a disagreement', () => {
  it('an event line lost (as an earlier version left it): doctor reports it, gc mends it once', async () => {
    const s = home();
    expect((await teach(s.env)).exitCode).toBe(0);
    expect((await teach(s.env)).exitCode).toBe(0);
    expect((await runCli(['observe', 'pref:editor=vim', '--trigger', 'editing', '--action', 'use vim'], s.env)).exitCode).toBe(0);
    expect((await runCli(['forget', 'pref:editor=vim'], s.env)).exitCode).toBe(0);
    // The last reinforcement of pnpm and the archiving of vim lost their lines.
    const lines = readFileSync(join(s.data, 'events.jsonl'), 'utf8').split('\n').filter(Boolean);
    const kept = lines.filter((l) => !/"reason":"reinforce/.test(l) && !/"reason":"deleted"/.test(l));
    expect(kept.length).toBe(lines.length - 2);
    writeFileSync(join(s.data, 'events.jsonl'), `${kept.join('\n')}\n`);

    const doctor = await runCli(['doctor', '--json'], s.env);
    const check = (JSON.parse(doctor.stdout as string) as { checks: { name: string; ok: boolean; detail: string }[] }).checks.find((c) => c.name === 'store')!;
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/2 whose events do not add up to the confidence stored: pref-editor-vim-[0-9a-f]+ \(events 0\.3, file 0\), pref-pkg-pnpm-[0-9a-f]+ \(events 0\.3, file 0\.4\)/);

    const gc = await runCli(['gc', '--json'], s.env);
    expect(gc.exitCode, gc.stderr as string).toBe(0);
    const repaired = (JSON.parse(gc.stdout as string) as { repaired: { id: string; from: number; to: number }[] }).repaired;
    expect(repaired.map((r) => [r.id.replace(/-[0-9a-f]{8}$/, ''), r.from, r.to])).toEqual([
      ['pref-editor-vim', 0.3, 0],
      ['pref-pkg-pnpm', 0.3, 0.4],
    ]);
    expectAddsUp(s.data);
    expect(readFileSync(join(s.data, 'events.jsonl'), 'utf8')).toMatch(/"reason":"repair: its events added up to 0\.3, its file says 0\.4"/);
    const again = await runCli(['gc', '--json'], s.env);
    expect(JSON.parse(again.stdout as string).repaired).toEqual([]);
    const healthy = await runCli(['doctor', '--json'], s.env);
    expect((JSON.parse(healthy.stdout as string) as { checks: { name: string; ok: boolean }[] }).checks.find((c) => c.name === 'store')!.ok).toBe(true);
  });

  it('doctor --fix mends it too, and says what it logged', async () => {
    const s = home();
    expect((await teach(s.env)).exitCode).toBe(0);
    writeFileSync(join(s.data, 'events.jsonl'), '');
    const r = await runCli(['doctor', '--fix'], s.env);
    expect(r.stdout).toMatch(/^Mended the store: 1 repair event logged \(pref-pkg-pnpm-[0-9a-f]+\)\.$/m);
    expect(r.stdout).toMatch(/^ok {3}store: every confidence is the sum of its events$/m);
    expectAddsUp(s.data);
  });
});
