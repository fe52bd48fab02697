// store/files/txn.ts in process (issue 30): a store change is all or nothing at every point a
// full disk can stop it. HOMUNCULUS_TEST_FULL_DISK is read when lib/data-files.ts loads, so each
// case sets it and loads the store's modules afresh (vi.resetModules): a process of its own, as
// far as the space left is concerned, without a node start-up. The CLI's face of it (exit 1,
// ENOSPC on stderr), kills and the mending by gc and doctor: test/store-transaction.test.ts.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listFiles, sandbox, tempDir } from './helpers.js';
import { expectAddsUp, instinctObservations, storeFiles } from './txn-helpers.js';

const NOW = '2026-11-08T12:00:00Z';

type Store = {
  teach: typeof import('../store/verbs/teach.js').teach;
  housekeep: typeof import('../store/verbs/housekeep.js').housekeep;
  ctx: (data: string) => import('../store/views/snapshot.js').StoreCtx;
};

/** The store's modules, loaded afresh with `left` bytes of space (undefined: no limit). */
async function storeWith(left: number | undefined): Promise<Store> {
  if (left === undefined) delete process.env['HOMUNCULUS_TEST_FULL_DISK'];
  else process.env['HOMUNCULUS_TEST_FULL_DISK'] = String(left);
  vi.resetModules();
  const [{ teach }, { housekeep }, { storeContext }, { loadConfig }] = await Promise.all([
    import('../store/verbs/teach.js'),
    import('../store/verbs/housekeep.js'),
    import('../store/service.js'),
    import('../lib/config.js'),
  ]);
  // As the CLI builds it for a store command (cli/store-commands.ts storeCtx).
  const ctx = (data: string) => storeContext({ home: data, config: loadConfig(data, {}).config, now: new Date(NOW), cwd: process.cwd(), env: { HOMUNCULUS_HOME: data }, register: true });
  return { teach, housekeep, ctx };
}
afterEach(() => {
  delete process.env['HOMUNCULUS_TEST_FULL_DISK'];
});

const PNPM = { pattern: 'pref:pkg=pnpm', trigger: 'installing packages', action: 'use pnpm' };

/** A copy of a home, for one case. */
function copyOf(data: string): string {
  const to = join(tempDir('homunculus-txn-'), 'data');
  cpSync(data, to, { recursive: true });
  return to;
}

/** Runs fn; the ENOSPC error it threw, or undefined. Any other error is thrown. */
function enospc(fn: () => unknown): NodeJS.ErrnoException | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
    return e as NodeJS.ErrnoException;
  }
}

describe('teach (observe) with a full disk at every point: the store changes whole, or not at all', () => {
  let base = '';
  const outcomes = new Map<number, 'applied' | 'failed'>();
  beforeAll(async () => {
    base = sandbox().data;
    mkdirSync(base, { recursive: true });
    const s = await storeWith(undefined);
    s.teach(s.ctx(base), PNPM);
    s.teach(s.ctx(base), { pattern: 'pref:editor=vim', trigger: 'editing', action: 'use vim' });
  });

  it.each(Array.from({ length: 4400 / 200 + 1 }, (_, i) => i * 200))('%i bytes left: applied once, or ENOSPC and nothing changed; with space again, applied once', async (left) => {
    const data = copyOf(base);
    const before = storeFiles(data);
    const n = instinctObservations(data, 'pref-pkg-pnpm');
    const full = await storeWith(left);
    const err = enospc(() => full.teach(full.ctx(data), PNPM));
    if (err === undefined) {
      expect(instinctObservations(data, 'pref-pkg-pnpm')).toBe(n + 1);
    } else {
      expect(storeFiles(data), 'ENOSPC, yet the store changed').toEqual(before);
      const roomy = await storeWith(undefined);
      roomy.teach(roomy.ctx(data), PNPM);
      expect(instinctObservations(data, 'pref-pkg-pnpm'), 'run again').toBe(n + 1);
    }
    expectAddsUp(data);
    expect(existsSync(join(data, 'state', 'store-journal.json'))).toBe(false);
    expect(listFiles(data).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    outcomes.set(left, err === undefined ? 'applied' : 'failed');
  });

  it('the points cover both outcomes: more than 3 failed, more than 3 applied, and more space never fails where less applied', () => {
    const seq = [...outcomes.entries()].sort((a, b) => a[0] - b[0]).map(([, o]) => o);
    expect(seq).toHaveLength(23);
    expect(seq.filter((o) => o === 'failed').length).toBeGreaterThan(3);
    expect(seq.filter((o) => o === 'applied').length).toBeGreaterThan(3);
    expect(seq.slice(seq.indexOf('applied'))).not.toContain('failed');
  });
});

describe('gc merging two instincts (archive, removal, aliases, events) with a full disk: all or nothing', () => {
  let base = '';
  const merged = new Map<number, boolean>();
  beforeAll(async () => {
    base = sandbox().data;
    mkdirSync(base, { recursive: true });
    const s = await storeWith(undefined);
    for (const [pattern, trigger, action] of [['pref:pkg-manager=pnpm', 'installing packages', 'use pnpm'], ['pref:pkg-managers=pnpm', 'adding packages', 'use pnpm']] as const) {
      s.teach(s.ctx(base), { pattern, trigger, action, scope: 'global' });
    }
    const files = listFiles(join(base, 'instincts'));
    expect(files).toHaveLength(1); // taught alike: merged at once
    // An alike pair written by hand (as an import of an older version might leave it).
    const text = readFileSync(join(base, 'instincts', files[0]!), 'utf8');
    const twin = text.replace(/pref-pkg-manager-pnpm-[0-9a-f]+/g, 'pref-pkg-manager-tool-pnpm-00000000').replace(/pref:pkg-manager=pnpm/g, 'pref:pkg-manager-tool=pnpm');
    writeFileSync(join(base, 'instincts', 'pref-pkg-manager-tool-pnpm-00000000.md'), twin);
    writeFileSync(join(base, 'events.jsonl'), `${readFileSync(join(base, 'events.jsonl'), 'utf8')}${JSON.stringify({ ts: NOW, id: 'pref-pkg-manager-tool-pnpm-00000000', pattern: 'pref:pkg-manager-tool=pnpm', project: null, source: 'taught', delta: 0.4, reason: 'by hand' })}\n`);
    expectAddsUp(base);
  });

  it.each(Array.from({ length: 12000 / 500 + 1 }, (_, i) => i * 500))('%i bytes left: merged whole, or ENOSPC and nothing changed', async (left) => {
    const data = copyOf(base);
    const before = storeFiles(data);
    const full = await storeWith(left);
    let report: ReturnType<Store['housekeep']> | undefined;
    const err = enospc(() => (report = full.housekeep(full.ctx(data), { compact: true })));
    if (err !== undefined) {
      expect(storeFiles(data), 'ENOSPC, yet the store changed').toEqual(before);
    } else {
      expect(report!.merged).toHaveLength(1);
      expectAddsUp(data);
      expect(listFiles(join(data, 'instincts'))).toHaveLength(1);
    }
    merged.set(left, err === undefined);
  });

  it('more than 2 points failed, some merged, and more space never fails where less merged', () => {
    const seq = [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([, ok]) => ok);
    expect(seq).toHaveLength(25);
    expect(seq.filter((ok) => !ok).length).toBeGreaterThan(2);
    expect(seq.indexOf(true)).toBeGreaterThan(-1);
    expect(seq.slice(seq.indexOf(true))).not.toContain(false);
  });
});
