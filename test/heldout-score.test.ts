import { execa } from 'execa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateHeldoutCorpus, projectDirOf } from '../bench/heldout-corpus.mjs';
import { ceilingChains, fiveCommandsLine, naiveChains } from '../bench/heldout-baselines.mjs';
import { earlierHolds, holdsLater, namedSet, readDelivered, recalls, scoreDelivery, scoreProject } from '../bench/heldout-delivered.mjs';
import { calibration, expectedAbsError, pool, poolDelivery } from '../bench/heldout-pooled.mjs';
import { callKey, correctionsOf, episodes, learnedCount, scoreKey, streamsOf } from '../bench/heldout-score.mjs';
import { targetsMet } from '../bench/heldout-table.mjs';
import { ROOT, tempDir } from './helpers.js';

// The held-out benchmark's scoring (bench/heldout-score.mjs, heldout-baselines.mjs,
// heldout-delivered.mjs, heldout-pooled.mjs, heldout-table.mjs) on hand-written records, and the
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

  // Each case by hand: the later sessions that ran `npm test` are the opportunities, those where it
  // succeeded at least once the hits; other commands of the same purpose do not count.
  it.each([
    ['succeeds in both sessions that ran it', [['s1', ['Bash(npm test)']], ['s2', ['Read', 'Bash(npm test)']]], 'cmd:test=npm test', 2, 2],
    ['failed then succeeded in one session: a hit', [['s1', ['!Bash(npm test)', 'Bash(npm test)']]], 'cmd:test=npm test', 1, 1],
    ['only failed in a session: an opportunity, no hit', [['s1', ['!Bash(npm test)', '!Bash(npm test)']], ['s2', ['Bash(npm test)']]], 'cmd:test=npm test', 1, 2],
    ['runs of one session count once', [['s1', ['Bash(npm test)', 'Bash(npm test)', '!Bash(npm test)']]], 'cmd:test=npm test', 1, 1],
    ['a session that never ran it is no opportunity, whatever else it ran', [['s1', ['Bash(npm run test)', 'Bash(make)']], ['s2', ['Read']]], 'cmd:test=npm test', 0, 0],
    ['a subagent run counts for its session', [['s1', ['Read']], ['s1/ag1', ['Bash(npm test)']]], 'cmd:test=npm test', 1, 1],
    ['the purpose does not change the count', [['s1', ['Bash(npm test)']], ['s2', ['!Bash(npm test)']]], 'cmd:build=npm test', 1, 2],
    ['a detail with a space and an other purpose', [['s1', ['Bash(gh issue)']], ['s2', ['Bash(gh pr)']], ['s3', ['!Bash(gh issue)']]], 'cmd:other=gh issue', 1, 2],
  ])('cmd: per later session that ran it: %s', (_why, sessions, key, hits, opportunities) => {
    const records = (sessions as [string, string[]][]).flatMap(([id, spec], i) => {
      const [session, agentId] = id.split('/');
      return recs(spec, { session: session!, agentId, start: i * 100 });
    });
    expect(score(key as string, records)).toEqual({ status: 'scored', hits, opportunities });
  });

  it('cmd: without = is not scored; other keys are delivered but not scored', () => {
    const r = recs(['Bash(npm test)']);
    expect(score('cmd:npm test', r).status).toBe('not scored');
    expect(score('pref:pkg=pnpm', r).status).toBe('not scored');
    expect(scoreKey(undefined, streamsOf(r)).status).toBe('not scored');
  });
});

describe('episodes', () => {
  const F = 'Bash(npm test)';
  type Ep = { failed: string; failedAt: number; succeededAt: number; recovery: string[] };
  const eps = (spec: string[]) => episodes(streamsOf(recs(spec))[0]).map((e: Ep) => [e.failed, e.failedAt, e.succeededAt, e.recovery]);

  it.each([
    ['three failures in a row, then the success: one episode', [`!${F}`, `!${F}`, `!${F}`, F], [[F, 0, 3, []]]],
    ['failures with other calls between, then the success: one episode from the first', [`!${F}`, 'Read', `!${F}`, F], [[F, 0, 3, []]]],
    ['a success between failures: two episodes', [`!${F}`, F, `!${F}`, F], [[F, 0, 1, []], [F, 2, 3, []]]],
    ['two commands failing in turn: one episode each, the other a step of each', [`!${F}`, '!Bash(make)', F, 'Bash(make)'], [[F, 0, 2, ['Bash(make)']], ['Bash(make)', 1, 3, [F]]]],
    ['never succeeds: no episode', [`!${F}`, `!${F}`, 'Bash(npm ci)'], []],
    ['the success 11 calls after the first failure: no episode, however recent the last failure', [`!${F}`, ...Array(9).fill('Read'), `!${F}`, F], []],
  ])('merge consecutive failures of one command: %s', (_why, spec, expected) => {
    expect(eps(spec as string[])).toEqual(expected);
  });

  it.each([
    ['inspection commands are left out, a command is kept', ['Bash(ls)', 'Bash(git status)', 'Bash(npm run build)'], ['Bash(npm run build)']],
    ['only inspection: no step', ['Bash(cat package.json)', 'Bash(git diff --stat)', 'Bash(git log --oneline)'], []],
    ['tools other than Bash are no step', ['Read', 'Edit', 'Bash(npm ci)'], ['Bash(npm ci)']],
    ['a git command that changes something is a step', ['Bash(git stash)', 'Bash(git show HEAD)'], ['Bash(git stash)']],
    ['a Bash call without a detail names no command: no step', ['Bash', 'Bash(tsc)'], ['Bash(tsc)']],
    ['a step that fails is still a step', ['!Bash(tsc)', 'Read'], ['Bash(tsc)']],
  ])('recovery steps are non-inspection Bash commands only: %s', (_why, between, recovery) => {
    expect(eps([`!${F}`, ...(between as string[]), F])).toEqual([[F, 0, (between as string[]).length + 1, recovery]]);
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

describe('the 5-commands line', () => {
  // Each case by hand: successful runs counted per command (failures and inspection commands not),
  // most first; ties go to the command seen in more sessions, then to the one seen first.
  it.each([
    ['most successful runs first; failures and inspection commands do not count', [['s1', ['Bash(npm run build)', '!Bash(make)', '!Bash(make)', '!Bash(make)', 'Bash(ls)', 'Bash(ls)', 'Bash(ls)', 'Bash(npm test)', 'Bash(npm test)']]], ['npm test', 'npm run build']],
    ['a tie goes to the command seen in more sessions', [['s1', ['Bash(make)', 'Bash(make)']], ['s2', ['Bash(tsc)']], ['s3', ['Bash(tsc)']]], ['tsc', 'make']],
    ['a tie in runs and sessions goes to the one seen first', [['s1', ['Bash(tsc)', 'Bash(make)']]], ['tsc', 'make']],
    ['five at most', [['s1', ['a', 'b', 'b', 'c', 'c', 'c', 'd', 'd', 'd', 'd', 'e', 'e', 'e', 'e', 'e', 'f', 'f', 'f', 'f', 'f', 'f'].map((d) => `Bash(${d})`)]], ['f', 'e', 'd', 'c', 'b']],
    ['a Bash call without a detail, and other tools, are not commands', [['s1', ['Bash', 'Bash', 'Read', 'Bash(go build)']]], ['go build']],
    ['nothing succeeded: no line', [['s1', ['!Bash(npm test)', 'Bash(git status)', 'Read']]], []],
  ])('%s', (_why, sessions, details) => {
    const records = (sessions as [string, string[]][]).flatMap(([session, spec], i) => recs(spec, { session, start: i * 100 }));
    const line = fiveCommandsLine(streamsOf(records));
    const d = details as string[];
    expect(line.items.map((i: { key: string }) => i.key)).toEqual(d.map((x) => `cmd:any=${x}`));
    expect(line.context).toBe(d.length === 0 ? '' : `Commands that run and succeed here: ${d.map((x) => `\`${x}\``).join(', ')}`);
    expect(line.items.every((i: { stated?: number }) => i.stated === undefined)).toBe(true);
  });

  it('is scored as a delivered context: its commands are cmd: claims, and what it names counts for the recalls', () => {
    const earlier = recs(['Bash(npm test)', 'Bash(npm test)', 'Bash(npm run build)'], { session: 'e1' });
    const later = [...recs(['!Bash(npm test)', 'Bash(npm run build)', 'Bash(npm test)'], { session: 'l1' }), ...recs(['Bash(npm test)'], { session: 'l2' }), ...recs(['Bash(npm ci)'], { session: 'l3' })];
    const p = scoreProject({ context: '', rulesDoc: {}, earlier: streamsOf(earlier), later: streamsOf(later) });
    expect(p.line.context).toBe('Commands that run and succeed here: `npm test`, `npm run build`');
    expect(p.line.chars).toBe(p.line.context.length);
    // npm test: sessions l1, l2 ran it and it succeeded in both; npm run build: l1 only.
    expect(p.line.claims.map((c: { key: string; hits: number; opportunities: number }) => [c.key, c.hits, c.opportunities])).toEqual([['cmd:any=npm test', 2, 2], ['cmd:any=npm run build', 1, 1]]);
    expect(p.line.holdsLater).toBe(true);
    // npm test succeeds in 2 later sessions and is named; its episode in l1 has npm run build as a step, named too.
    expect(p.line.recalls.commands).toEqual({ total: 1, named: 1, keys: ['Bash(npm test)'] });
    expect(p.line.recalls.episodes).toEqual({ total: 1, withRecovery: 1, withoutRecovery: 0, failureNamed: 1, recoveryNamed: 1 });
    // The product delivered nothing here.
    expect([p.items, p.holdsLater, p.recalls.episodes.failureNamed]).toEqual([0, false, 0]);
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
    // Of a cmd: key, the command is named, not the purpose word before =.
    expect(named.has('test')).toBe(false);
  });
});

describe('recalls', () => {
  it('command, failure, recovery and correction recall from the later streams and the context', () => {
    const later = [
      ...recs(['Bash(npm test)', 'Bash(ls)', 'Bash(git status)', 'Bash(cargo build)', '!Bash(npm run)', 'Bash(tsc)', 'Bash(npm run)'], { session: 's1' }),
      ...recs(['Bash(npm test)', 'Bash(ls)', 'Bash(git status)', '!Bash(cargo build)', '!Bash(make)', 'Bash(npm ci)', 'Bash(make)', 'Bash(git push)', 'ExitPlanMode', '!Bash(npm test)', 'Bash(ls)', 'Bash(npm test)'], { session: 's2' }),
    ];
    const corrections = new Map([[later[14]!.id, 'rejected'], [later[15]!.id, 'rejected']]);
    const streams = streamsOf(later, corrections);
    // npm test succeeds in 2 sessions; ls and git status are inspection; cargo build succeeds in 1.
    const context = 'homunculus:\n- run `npm test` here\n- **[95%, 3x seen]** Bash(npm run) error-retry pairs detected (3x). Consider pre-validation.';
    const items = readDelivered(context, {});
    const r = recalls(streams, namedSet(context, items));
    expect(r.commands).toEqual({ total: 1, named: 1, keys: ['Bash(npm test)'] });
    // Episodes: npm run (step tsc), make (step npm ci), npm test (only ls between: no step, so out
    // of recovery's denominator); cargo build never recovers. npm run and npm test are named.
    expect(r.episodes).toEqual({ total: 3, withRecovery: 2, withoutRecovery: 1, failureNamed: 2, recoveryNamed: 0 });
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
  it('scores delivered claims and baselines, and pools given, holds later, precision, calibration (2+ opportunities), the claims stated below 0.5', () => {
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
    expect(p.holdsLater).toBe(true);
    const empty = scoreProject({ context: '', rulesDoc: {}, earlier: streamsOf(earlier), later: streamsOf(later) });
    const pooled = pool([p, empty]);
    const P = pooled.product;
    expect([P.given, P.holdsLater]).toEqual([{ count: 1, share: 0.5 }, { count: 1, share: 0.5 }]);
    expect(P.delivered).toEqual({ hits: 4, opportunities: 5, precision: 0.8 });
    // Only the seq claim has 2+ opportunities: 5 x (0.6 - 0.8) / 5.
    expect(P.calibration.claims).toBe(1);
    expect(P.calibration.signed).toBeCloseTo(-0.2, 10);
    expect(P.calibration.absolute).toBeCloseTo(0.2, 10);
    expect(P.belowFloor).toBe(1);
    expect(P.itemsMax).toBe(3);
    expect(P.charsMean).toBe(context.length / 2);
    // No command ran before: both 5-commands lines are empty.
    expect([pooled.line.given.count, pooled.line.charsMax, pooled.earlier.command]).toEqual([0, 0, 0]);
    // Baselines of both projects, on the same later streams. Naive: G->R->E 4/5, E->G->R 4/4,
    // R->E->G 4/4. Ceiling (5+ opportunities): G->R->E 4/5 and G->R->R 1/5 only.
    expect(p.naive.map((c: { key: string }) => c.key)).toEqual(['seq:Grep->Read->Edit', 'seq:Read->Edit->Grep', 'seq:Edit->Grep->Read']);
    expect(pooled.naive).toEqual({ hits: 24, opportunities: 26, precision: 24 / 26 });
    expect(pooled.ceiling).toEqual({ hits: 10, opportunities: 20, precision: 0.5 });
  });

  const claim = (stated: number | undefined, hits: number, opportunities: number, status = 'scored') => ({ key: 'cmd:test=npm test', stated, status, hits, opportunities });

  // Each case by hand: signed = sum of opp x (stated - hits/opp) / sum of opp; absolute with |...|.
  it.each([
    ['one claim under-stated: 75% stated, 3 of 3 held', [claim(0.75, 3, 3)], -0.25, 0.25, 1, 3],
    ['one over-stated, one right: (0 + 2 x 0.9) / 4', [claim(0.5, 1, 2), claim(0.9, 0, 2)], 0.45, 0.45, 2, 4],
    ['opposite errors cancel in the signed figure only: (-2 + 2) / 6 and (2 + 2) / 6', [claim(0.5, 4, 4), claim(1, 0, 2)], 0, 4 / 6, 2, 6],
    ['weighted by opportunities: (10 x -0.1 + 2 x 0.5) / 12 signed, (1 + 1) / 12 absolute', [claim(0.9, 10, 10), claim(0.5, 0, 2)], 0, 2 / 12, 2, 12],
    ['left out: 1 opportunity, no stated rate, not scored', [claim(0.2, 1, 1), claim(undefined, 0, 3), claim(0.6, 0, 4, 'not scored'), claim(0.6, 3, 5)], 0, 0, 1, 5],
    ['no claim qualifies', [claim(0.5, 0, 1)], undefined, undefined, 0, 0],
  ])('calibration: %s', (_why, claims, signed, absolute, n, opportunities) => {
    const c = calibration(claims);
    expect([c.claims, c.opportunities]).toEqual([n, opportunities]);
    if (signed === undefined) expect([c.signed, c.absolute]).toEqual([undefined, undefined]);
    else {
      expect(c.signed).toBeCloseTo(signed as number, 10);
      expect(c.absolute).toBeCloseTo(absolute as number, 10);
    }
  });

  // By hand: E|X - np| for X ~ Binomial(n, p).
  it.each([
    ['certain: no error', 3, 1, 0],
    ['one coin toss: |0 - 0.5| or |1 - 0.5|', 1, 0.5, 0.5],
    ['two tosses: 0.25 x 1 + 0.5 x 0 + 0.25 x 1', 2, 0.5, 0.5],
    ['0.8 over 3: 0.008 x 2.4 + 0.096 x 1.4 + 0.384 x 0.4 + 0.512 x 0.6', 3, 0.8, 0.008 * 2.4 + 0.096 * 1.4 + 0.384 * 0.4 + 0.512 * 0.6],
    ['no opportunity', 0, 0.7, 0],
  ])('the calibrated noise floor: %s', (_why, n, p, want) => {
    expect(expectedAbsError(n, p)).toBeCloseTo(want, 10);
  });

  it.each([
    ['held once of three later opportunities', claim(0.9, 1, 3), true],
    ['never held in three', claim(0.9, 0, 3), false],
    ['no later opportunity', claim(0.9, 0, 0), false],
    ['not scored (a taught pref:)', { key: 'pref:pkg=pnpm', status: 'not scored' }, false],
  ])('holds later (a scored claim with later hits > 0): %s', (_why, c, expected) => {
    expect(holdsLater(c)).toBe(expected);
  });

  it('a project is given an item that holds later when one of its delivered claims holds later', () => {
    const later = streamsOf([...recs(['Bash(npm test)'], { session: 'l1' }), ...recs(['!Bash(make)'], { session: 'l2' })]);
    const deliver = (keys: string[]) => scoreDelivery(keys.map((k) => `\`${k}\``).join('\n'), keys.map((key) => ({ key })), later);
    expect(deliver(['cmd:build=make', 'cmd:test=npm test']).holdsLater).toBe(true);
    expect(deliver(['cmd:build=make', 'cmd:lint=eslint']).holdsLater).toBe(false);
    expect(deliver([]).holdsLater).toBe(false);
    const pooled = poolDelivery([deliver(['cmd:test=npm test']), deliver(['cmd:build=make']), deliver([])]);
    expect([pooled.given.count, pooled.holdsLater.count]).toEqual([2, 1]);
  });

  it('what the earlier sessions hold: a command that succeeded, one that succeeds later too, later commands seen before, later failures seen before', () => {
    const earlier = streamsOf([...recs(['Bash(npm test)', 'Bash(make)', '!Bash(tsc)', 'Bash(ls)'], { session: 'e1' }), ...recs(['Bash(npm test)'], { session: 'e2' })]);
    const later = streamsOf([
      ...recs(['Bash(npm test)', 'Bash(make)', '!Bash(tsc)', 'Bash(tsc)', 'Bash(ls)'], { session: 'l1' }),
      ...recs(['Bash(npm test)', 'Bash(make)', 'Bash(ls)', '!Bash(cargo test)', 'Bash(cargo test)'], { session: 'l2' }),
    ]);
    // Later commands in 2+ sessions: npm test (before in e1, e2), make (before in e1 only); ls is
    // inspection. Later episodes: tsc (failed in e1), cargo test (never seen before).
    expect(earlierHolds(earlier, later)).toEqual({ command: true, holdsLater: true, commands: 2, succeededBefore: 2, succeededBefore2: 1, episodes: 1 });
    expect(earlierHolds(streamsOf(recs(['Bash(ls)', '!Bash(make)'])), later)).toMatchObject({ command: false, holdsLater: false, succeededBefore: 0, episodes: 0 });
    expect(earlierHolds(streamsOf(recs(['Bash(go build)'])), later)).toMatchObject({ command: true, holdsLater: false });
  });

  it('marks each of issue 39\'s targets met or missed, command recall against the 5-commands line too', () => {
    const base = { given: { share: 0.9 }, holdsLater: { share: 0.6 }, commandRecall: { recall: 0.7 }, failureRecall: { recall: 0.35 }, recoveryRecall: { recall: 0.2 }, delivered: { precision: 0.8 }, calibration: { absolute: 0.1 }, charsMax: 2000 };
    const all = { given: true, holdsLater: true, commandRecall: true, failureRecall: true, recoveryRecall: true, precision: true, calibration: true, chars: true };
    expect(targetsMet({ product: base, line: { commandRecall: { recall: 0.7 } } })).toEqual(all);
    expect(targetsMet({ product: base, line: { commandRecall: { recall: 0.75 } } })).toEqual({ ...all, commandRecall: false });
    const under = { given: { share: 0.89 }, holdsLater: { share: 0.59 }, commandRecall: { recall: 0.69 }, failureRecall: { recall: 0.34 }, recoveryRecall: { recall: undefined }, delivered: { precision: 0.79 }, calibration: { absolute: undefined }, charsMax: 2001 };
    expect(Object.values(targetsMet({ product: under, line: { commandRecall: { recall: 0 } } }))).toEqual(Array(8).fill(false));
  });

  it('learns from max(2, round(0.6 n)) sessions, at most n - 1', () => {
    expect([3, 4, 5, 6, 8, 10].map(learnedCount)).toEqual([2, 2, 3, 4, 5, 6]);
  });
});

describe('bench/heldout.mjs end to end', () => {
  it('runs on its default corpus (test/fixtures) against the built CLI and hook, and prints every column, the product beside the 5-commands line, and every figure in --json', async () => {
    expect(projectDirOf('C:\\Users\\dev\\proj')).toBe('C--Users-dev-proj');
    const json = join(tempDir('heldout-json-'), 'out.json');
    const r = await execa('node', [join(ROOT, 'bench', 'heldout.mjs'), '--json', json], { reject: false, timeout: 60_000, env: { PATH: process.env['PATH'], TZ: 'UTC' }, extendEnv: false });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Corpus: test/fixtures/heldout-corpus (bench/heldout-corpus.mjs, seed 29; --corpus DIR for real history): 4 project folders, 3 with 3 or more sessions');
    // Without --corpus, no real history is read, and the output says so.
    expect(r.stdout).toMatch(/^No real sessions were read: measured the invented corpus only \(pass --corpus DIR/m);
    const header = r.stdout.split('\n').find((l) => l.startsWith('| project | learned'));
    for (const col of ['learned / held out', 'items', 'chars', 'claims scored', 'hits / opp.', 'holds later', 'naive hits / opp.', 'ceiling hits / opp.', 'commands named', 'failures named', 'recoveries named', 'corrections named', 'line: hits / opp.', 'line: holds later', 'line: commands named', 'line: failures named', 'line: recoveries named']) expect(header).toContain(`| ${col} |`);
    expect(r.stdout).toContain('| pooled over 3 projects | this build | target | the 5-commands line, same run | what the earlier sessions hold |');
    expect(r.stdout).toMatch(/\| projects given any item \| \d of 3 \(\d+%\) \| >= 90%: (met|\*\*missed\*\*) \| \d of 3 \(\d+%\) \| \d of 3 have/);
    for (const row of ['projects given an item that holds later', 'later project commands named', 'later failures whose command is named', 'recovery recall', 'pooled precision of what is delivered', 'pooled calibration error, absolute', 'pooled calibration error, signed', 'context characters', 'correction recall', 'naive baseline', 'hindsight ceiling']) expect(r.stdout).toContain(`| ${row}`);
    const out = JSON.parse(readFileSync(json, 'utf8'));
    expect(out.projects.map((p: { name: string }) => p.name).sort()).toEqual(['notes', 'proj', 'webapp']);
    for (const side of ['product', 'line']) {
      const X = out.pooled[side];
      for (const f of ['given', 'holdsLater']) expect(typeof X[f].count).toBe('number');
      for (const f of ['commandRecall', 'failureRecall', 'recoveryRecall', 'correctionRecall']) expect(typeof X[f].recall).toBe('number');
      expect(typeof X.recoveryRecall.leftOut).toBe('number');
      expect(typeof X.delivered.precision).toBe('number');
    }
    expect(typeof out.pooled.product.calibration.signed).toBe('number');
    expect(Object.keys(out.targetsMet).sort()).toEqual(['calibration', 'chars', 'commandRecall', 'failureRecall', 'given', 'holdsLater', 'precision', 'recoveryRecall']);
    expect(out.projects.every((p: { line: { context: string } }) => p.line.context.startsWith('Commands that run and succeed here: `'))).toBe(true);
    // The planted later sessions hold a recovered failure, a rejection and an interrupt.
    expect(out.pooled.product.recoveryRecall.total).toBeGreaterThan(0);
    expect(out.pooled.product.correctionRecall.rejected).toBeGreaterThan(0);
    expect(out.pooled.product.correctionRecall.total - out.pooled.product.correctionRecall.rejected).toBeGreaterThan(0);
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
