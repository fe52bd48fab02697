import { execa } from 'execa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateHeldoutCorpus, projectDirOf } from '../bench/heldout-corpus.mjs';
import { namedSet, pool, readDelivered, recalls, scoreProject } from '../bench/heldout-delivered.mjs';
import { ceilingChains, naiveChains } from '../bench/heldout-baselines.mjs';
import { callKey, correctionsOf, episodes, learnedCount, scoreKey, streamsOf } from '../bench/heldout-score.mjs';
import { ROOT, tempDir } from './helpers.js';

// The held-out benchmark's scoring (bench/heldout-score.mjs) on hand-written records, and the
// bench itself end to end on a generated corpus against the built dist/.

type Rec = { tool: string; detail?: string; ok: boolean; session: string; agentId?: string; ts: string; stop?: string; id: string };

/** Records of one stream from a compact spec: `Read`, `Bash(npm test)`, a leading `!` for a failure. */
function recs(spec: string[], { session = 's1', agentId, start = 0 }: { session?: string; agentId?: string; start?: number } = {}): Rec[] {
  return spec.map((s, i) => {
    const failed = s.startsWith('!');
    const body = failed ? s.slice(1) : s;
    const m = /^Bash\((.+)\)$/.exec(body);
    const r: Rec = { tool: m ? 'Bash' : body, ok: !failed, session, ts: new Date(Date.UTC(2026, 0, 1) + (start + i) * 1000).toISOString(), id: `${session}-${agentId ?? 'main'}-${start + i}` };
    if (m) r.detail = m[1];
    if (agentId) r.agentId = agentId;
    return r;
  });
}

const score = (key: string, records: Rec[], corrections?: Map<string, string>) => scoreKey(key, streamsOf(records, corrections));

describe('streams and keys', () => {
  it('keys Bash by its detail, and splits records per session and agent in time order', () => {
    expect(callKey({ tool: 'Bash', detail: 'npm test' })).toBe('Bash(npm test)');
    expect(callKey({ tool: 'Bash' })).toBe('Bash');
    expect(callKey({ tool: 'Read', detail: 'x' })).toBe('Read');
    const a = recs(['Read', 'Edit'], { session: 's1' });
    const sub = recs(['Grep'], { session: 's1', agentId: 'ag1', start: 1 });
    const b = recs(['Glob'], { session: 's2' });
    // Out of time order in the input: the stream is sorted by ts.
    const streams = streamsOf([a[1]!, sub[0]!, b[0]!, a[0]!]);
    expect(streams.map((s: { key: string }[]) => s.map((c) => c.key))).toEqual([['Read', 'Edit'], ['Grep'], ['Glob']]);
  });
});

describe('scorers by key prefix', () => {
  it('seq: an opportunity where A then B are followed by a call; a hit when it is C; never across streams', () => {
    const r = [...recs(['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Read', 'Grep', 'Read']), ...recs(['Grep', 'Read'], { session: 's2' }), ...recs(['Edit'], { session: 's3' })];
    expect(score('seq:Grep->Read->Edit', r)).toEqual({ status: 'scored', hits: 1, opportunities: 2 });
    expect(score('seq:Read->Grep->Read', r)).toEqual({ status: 'scored', hits: 1, opportunities: 1 });
    expect(score('seq:Bash(npm test)->Read->Edit', recs(['Bash(npm test)', 'Read', 'Edit', 'Bash(npm run)', 'Read', 'Edit']))).toEqual({ status: 'scored', hits: 1, opportunities: 1 });
  });

  it('retry: an opportunity at each failed X followed by a call; a hit when the next is X', () => {
    const r = recs(['!Bash(npm test)', 'Bash(npm test)', '!Bash(npm test)', 'Read', 'Bash(npm test)', '!Bash(npm test)']);
    expect(score('retry:Bash(npm test)', r)).toEqual({ status: 'scored', hits: 1, opportunities: 2 });
    expect(score('retry:Read', r)).toEqual({ status: 'scored', hits: 0, opportunities: 0 });
  });

  it('episodes: the first failure since the last success with the first success within 10 calls; the recovery is the Bash calls between, other than F', () => {
    const F = 'Bash(npm test)';
    const stream = streamsOf(
      recs([
        `!${F}`, `!${F}`, 'Bash(npm run)', 'Read', 'Bash(tsc)', F, // episode: failure at 0, success at 5
        `!${F}`, ...Array(10).fill('Read'), F, // success 11 calls after the failure: no episode
        `!${F}`, ...Array(9).fill('Edit'), F, // exactly 10 calls: an episode, empty recovery
        '!Bash(make)', 'Bash(npm run)', // never succeeds: no episode
      ]),
    )[0];
    const eps = episodes(stream);
    expect(eps.map((e: { failed: string; failedAt: number; succeededAt: number; recovery: string[] }) => [e.failed, e.failedAt, e.succeededAt, e.recovery])).toEqual([
      [F, 0, 5, ['Bash(npm run)', 'Bash(tsc)']],
      [F, 18, 28, []],
    ]);
  });

  it('fix: an opportunity per recovered episode of F, a hit when S is in its recovery; a failure and success in other streams make no episode', () => {
    const F = 'Bash(npm test)';
    const r = [
      ...recs([`!${F}`, 'Bash(npm run)', F, `!${F}`, 'Bash(npm ci)', F, `!${F}`, 'Bash(npm run)', 'Bash(npm run)', F]),
      ...recs([`!${F}`], { session: 's2' }),
      ...recs([F], { session: 's3' }),
    ];
    expect(score(`fix:${F}->Bash(npm run)`, r)).toEqual({ status: 'scored', hits: 2, opportunities: 3 });
    expect(score(`fix:${F}->Bash(npm ci)`, r)).toEqual({ status: 'scored', hits: 1, opportunities: 3 });
    expect(score('fix:Bash(cargo test)->Bash(cargo build)', r)).toEqual({ status: 'scored', hits: 0, opportunities: 0 });
  });

  it('ask: an opportunity per call of K, a hit when it was rejected (transcript) or interrupted (record or transcript)', () => {
    const r = recs(['Bash(git push)', 'Read', 'Bash(git push)', 'Bash(git push)', 'Bash(git push)']);
    r[2]!.stop = 'interrupt';
    const corrections = new Map([[r[0]!.id, 'rejected'], [r[4]!.id, 'interrupted'], [r[1]!.id, 'rejected']]);
    expect(score('ask:Bash(git push)', r, corrections)).toEqual({ status: 'scored', hits: 3, opportunities: 4 });
    expect(score('ask:Read', r, corrections)).toEqual({ status: 'scored', hits: 1, opportunities: 1 });
  });

  it('cmd: is a marked stub (not scored yet); other keys are delivered but not scored', () => {
    const r = recs(['Bash(npm test)']);
    expect(score('cmd:test=npm test', r).status).toBe('not scored yet');
    expect(score('pref:pkg=pnpm', r).status).toBe('not scored');
    expect(scoreKey(undefined, streamsOf(r)).status).toBe('not scored');
  });
});

describe('baselines', () => {
  it('naive: the most frequent earlier chains, one key repeated left out, ties to the one seen first', () => {
    const earlier = streamsOf(recs(['Read', 'Read', 'Read', 'Read', 'Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit']));
    // Read->Read->Read x2 is left out; Grep->Read->Edit x2; every other chain once, Read->Read->Grep first.
    expect(naiveChains(earlier, 2)).toEqual(['Grep->Read->Edit', 'Read->Read->Grep']);
    expect(naiveChains(earlier)).toHaveLength(3);
    expect(naiveChains(earlier)).not.toContain('Read->Read->Read');
  });

  it('ceiling: the best later chains by precision among those with 5 or more opportunities', () => {
    const later = streamsOf([
      // A->B is followed 6 times (C 5, D 1); B->C and C->A 5 times each, always A and B. X->Y is
      // followed 4 times, always by Z: too few. One key repeated is never a baseline.
      ...recs(['A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'D']),
      ...recs(['X', 'Y', 'Z', 'X', 'Y', 'Z', 'X', 'Y', 'Z', 'X', 'Y', 'Z'], { session: 's2' }),
      ...recs(['Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q'], { session: 's3' }),
    ]);
    expect(ceilingChains(later, 3)).toEqual(['B->C->A', 'C->A->B', 'A->B->C']);
    expect(ceilingChains(later, 9)).toEqual(['B->C->A', 'C->A->B', 'A->B->C', 'A->B->D']);
  });
});

describe('reading the delivered context', () => {
  const legacyContext = [
    'homunculus: workflow rules learned from your recent sessions (most confident first). Apply them where they fit the task:',
    '- **[95%, 12x seen]** Frequent tool chain: Read->Grep->Read (seen 12x)',
    '- **[88%, 5x seen]** Bash(npm test) error-retry pairs detected (5x). Consider pre-validation.',
    '- **[90%, 3x taught]** When committing: run the linter first',
  ].join('\n');
  const legacyRules = {
    rules: [
      { kind: 'chain', pattern: 'Read->Grep->Read', confidence_now: 0.95, observations: 12, scope: 'global' },
      { kind: 'error-retry', pattern: 'Bash(npm test) error-retry', confidence_now: 0.88, observations: 5, scope: 'project', project: 'aaaaaaaaaaaa' },
    ],
    taught: [{ kind: 'taught', pattern: 'pref:lint=first', trigger: 'committing', action: 'run the linter first', confidence_now: 0.9, observations: 3 }],
  };

  it("today's lines: the key from the kind and pattern, the stated figure rules.json's confidence_now; the header is not an item", () => {
    const items = readDelivered(legacyContext, legacyRules, 'aaaaaaaaaaaa');
    expect(items.map((i: { key?: string; stated?: number; format: string }) => [i.key, i.stated, i.format])).toEqual([
      ['seq:Read->Grep->Read', 0.95, 'legacy'],
      ['retry:Bash(npm test)', 0.88, 'legacy'],
      [undefined, 0.9, 'legacy'],
    ]);
  });

  it('the coming lines: the key in backticks at the end, the stated figure rules.json rate (not the percentage on the line, not confidence)', () => {
    const context = [
      'homunculus: what held in your recent sessions here:',
      'after Grep then Read you usually Edit next (84%, 38 of 45, 4 sessions) `seq:Grep->Read->Edit`',
      'when `npm test` fails, `npm run build` was run before it passed (5 of 6 times, 3 sessions) `fix:Bash(npm test)->Bash(npm run build)`',
      'tests here: `pnpm test` (90%) `cmd:test=pnpm test`',
    ].join('\n');
    const rules = {
      rules: [
        { key: 'seq:Grep->Read->Edit', claim: 'after Grep then Read, Edit comes next', hits: 38, opportunities: 45, sessions: 4, rate: 0.81, confidence_now: 0.95 },
        { key: 'fix:Bash(npm test)->Bash(npm run build)', hits: 5, opportunities: 6, sessions: 3, rate: 0.7 },
      ],
    };
    const items = readDelivered(context, rules);
    expect(items.map((i: { key?: string; stated?: number; statedFrom: string }) => [i.key, i.stated, i.statedFrom])).toEqual([
      ['seq:Grep->Read->Edit', 0.81, 'rate'],
      ['fix:Bash(npm test)->Bash(npm run build)', 0.7, 'rate'],
      ['cmd:test=pnpm test', 0.9, 'line'],
    ]);
    const named = namedSet(context, items);
    expect(named.has('npm test') && named.has('Bash(npm run build)') && named.has('pnpm test') && named.has('Edit')).toBe(true);
  });
});

describe('recalls', () => {
  it('command, failure, recovery and correction recall from the later streams and the context', () => {
    const later = [
      ...recs(['Bash(npm test)', 'Bash(ls)', 'Bash(git status)', 'Bash(cargo build)', '!Bash(npm run)', 'Bash(tsc)', 'Bash(npm run)'], { session: 's1' }),
      ...recs(['Bash(npm test)', 'Bash(ls)', 'Bash(git status)', '!Bash(cargo build)', '!Bash(make)', 'Bash(npm ci)', 'Bash(make)', 'Bash(git push)', 'ExitPlanMode'], { session: 's2' }),
    ];
    const corrections = new Map([[later[14]!.id, 'rejected'], [later[15]!.id, 'rejected']]);
    const streams = streamsOf(later, corrections);
    // npm test succeeds in 2 sessions; ls and git status are inspection; cargo build succeeds in 1.
    const context = 'homunculus:\n- run `npm test` here\n- **[95%, 3x seen]** Bash(npm run) error-retry pairs detected (3x). Consider pre-validation.';
    const items = readDelivered(context, {});
    const r = recalls(streams, namedSet(context, items));
    expect(r.commands).toEqual({ total: 1, named: 1, keys: ['Bash(npm test)'] });
    // Episodes: npm run (recovered by tsc) and make (recovered by npm ci); cargo build never recovers.
    expect(r.episodes).toEqual({ total: 2, withRecovery: 2, failureNamed: 1, recoveryNamed: 0 });
    // The rejected git push counts; the rejected ExitPlanMode is a plan being iterated.
    expect(r.corrections).toEqual({ total: 1, rejected: 1, named: 0 });
    const withFix = 'x\n- when `npm run` fails run `tsc` first\n- you stopped `git push` `ask:Bash(git push)`';
    const r2 = recalls(streams, namedSet(withFix, readDelivered(withFix, {})));
    expect(r2.episodes.recoveryNamed).toBe(1);
    expect(r2.corrections.named).toBe(1);
  });

  it('reads rejections and interrupts from transcript lines by tool-use id', () => {
    const lines = [
      { type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'a', is_error: true, content: "The user doesn't want to proceed with this tool use. The tool use was rejected." }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'b', is_error: true, content: [{ type: 'text', text: 'Exit code 137\n[Request interrupted by user for tool use]' }] }] } },
      { type: 'user', toolUseResult: { interrupted: true }, message: { content: [{ type: 'tool_result', tool_use_id: 'c', content: 'partial' }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'd', is_error: true, content: 'Exit code 1' }] } },
      { type: 'summary' },
    ];
    expect([...correctionsOf(lines)]).toEqual([['a', 'rejected'], ['b', 'interrupted'], ['c', 'interrupted']]);
  });
});

describe('per project and pooled', () => {
  it('scores delivered claims, baselines and pools precision, calibration (5+ opportunities only), coverage and the claims stated below 0.5', () => {
    const later = recs(['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit', 'Grep', 'Read', 'Read', 'Bash(npm test)']);
    const earlier = recs(['Grep', 'Read', 'Edit', 'Grep', 'Read', 'Edit']);
    const context = 'head\nA `seq:Grep->Read->Edit`\nB `retry:Bash(npm test)`\nC `pref:pkg=pnpm`';
    const rulesDoc = { rules: [{ key: 'seq:Grep->Read->Edit', rate: 0.6 }, { key: 'retry:Bash(npm test)', rate: 0.4 }] };
    const p = scoreProject({ context, rulesDoc, earlier: streamsOf(earlier), later: streamsOf(later) });
    expect(p.items).toBe(3);
    expect(p.chars).toBe(context.length);
    expect(p.claims.map((c: { key: string; status: string; hits?: number; opportunities?: number }) => [c.key, c.status, c.hits, c.opportunities])).toEqual([
      ['seq:Grep->Read->Edit', 'scored', 4, 5],
      ['retry:Bash(npm test)', 'scored', 0, 0],
      ['pref:pkg=pnpm', 'not scored', undefined, undefined],
    ]);
    const empty = scoreProject({ context: '', rulesDoc: {}, earlier: streamsOf(earlier), later: streamsOf(later) });
    const pooled = pool([p, empty]);
    expect(pooled.coverage).toBe(0.5);
    expect(pooled.delivered).toEqual({ hits: 4, opportunities: 5, precision: 0.8 });
    // Only the seq claim has 5 opportunities: |0.6 - 0.8|.
    expect(pooled.calibrationClaims).toBe(1);
    expect(pooled.calibrationError).toBeCloseTo(0.2, 10);
    expect(pooled.belowFloor).toBe(1);
    expect(pooled.itemsMax).toBe(3);
    expect(pooled.charsMean).toBe(context.length / 2);
    // Baselines of both projects, on the same later streams. Naive: G->R->E 4/5, E->G->R 4/4,
    // R->E->G 4/4. Ceiling (5+ opportunities): G->R->E 4/5 and G->R->R 1/5 only.
    expect(p.naive.map((c: { key: string }) => c.key)).toEqual(['seq:Grep->Read->Edit', 'seq:Read->Edit->Grep', 'seq:Edit->Grep->Read']);
    expect(pooled.naive).toEqual({ hits: 24, opportunities: 26, precision: 24 / 26 });
    expect(pooled.ceiling).toEqual({ hits: 10, opportunities: 20, precision: 0.5 });
  });

  it('learns from max(2, round(0.6 n)) sessions, at most n - 1', () => {
    expect([3, 4, 5, 6, 8, 10].map(learnedCount)).toEqual([2, 2, 3, 4, 5, 6]);
  });
});

describe('bench/heldout.mjs end to end', () => {
  it('runs on a generated corpus against the built CLI and hook, and prints every column and a coverage figure', async () => {
    const corpus = tempDir('heldout-corpus-');
    generateHeldoutCorpus(corpus, 29);
    expect(projectDirOf('C:\\Users\\dev\\proj')).toBe('C--Users-dev-proj');
    const json = join(tempDir('heldout-json-'), 'out.json');
    const r = await execa('node', [join(ROOT, 'bench', 'heldout.mjs'), '--corpus', corpus, '--json', json], { reject: false, timeout: 60_000, env: { PATH: process.env['PATH'], TZ: 'UTC' }, extendEnv: false });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const header = r.stdout.split('\n').find((l) => l.startsWith('| project |'));
    for (const col of ['learned / held out', 'items', 'chars', 'claims scored', 'hits / opp.', 'naive hits / opp.', 'ceiling hits / opp.', 'commands named', 'failures named', 'recoveries named', 'corrections named']) expect(header).toContain(`| ${col} |`);
    expect(r.stdout).toMatch(/\| coverage \(projects given at least one item\) \| \d+% \(\d of 3\) \|/);
    for (const row of ['pooled precision of delivered claims', 'naive baseline', 'hindsight ceiling', 'calibration error', 'command recall', 'failure recall', 'recovery recall', 'correction recall']) expect(r.stdout).toContain(`| ${row}`);
    expect(r.stdout).toContain(`Corpus: ${corpus}: 4 project folders, 3 with 3 or more sessions`);
    const out = JSON.parse(readFileSync(json, 'utf8'));
    expect(out.projects.map((p: { name: string }) => p.name).sort()).toEqual(['notes', 'proj', 'webapp']);
    expect(typeof out.pooled.coverage).toBe('number');
    // The planted later sessions hold a recovered failure, a rejection and an interrupt.
    expect(out.pooled.recoveryRecall.total).toBeGreaterThan(0);
    expect(out.pooled.correctionRecall.rejected).toBeGreaterThan(0);
    expect(out.pooled.correctionRecall.total - out.pooled.correctionRecall.rejected).toBeGreaterThan(0);
  });
});

describe('the held-out corpus in test/fixtures', () => {
  it('is what bench/heldout-corpus.mjs writes with seed 29, file for file', () => {
    const dir = tempDir();
    generateHeldoutCorpus(dir, 29);
    const fixture = join(ROOT, 'test', 'fixtures', 'heldout-corpus', 'projects');
    const files = (root: string) => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1)).sort();
    expect(files(fixture)).toEqual(files(dir));
    for (const f of files(dir)) expect(readFileSync(join(fixture, f), 'utf8'), f).toBe(readFileSync(join(dir, f), 'utf8'));
  });
});
