import { appendFileSync, existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { judge, JUDGE_DAYS, markJudged, pendingTurns, turnKey, type TurnCall } from '../store/delivery/turn-feedback.js';
import { cleanEnv, readObservations, runCli, runHook, sandbox, tempDir } from './helpers.js';
import { contextOf, indexStore, readJsonl, runRouter, runStop, writeInstinct } from './inloop-helpers.js';
import { cliJson } from './store-helpers.js';

// Each outcome from a recorded turn: the prompt router adds the instinct (a real hook process),
// the turn's tool calls are recorded, the Stop hook judges the turn and the store shows it.

const T0 = Date.parse('2026-11-22T12:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

function record(data: string, session: string, s: number, tool: string, ok = true, extra: Record<string, unknown> = {}): void {
  mkdirSync(join(data, 'observations'), { recursive: true });
  const r = { v: 1, ts: at(s), tool, ok, ms: 5, prev: null, prev2: null, session, project: null, event: ok ? 'PostToolUse' : 'PostToolUseFailure', ...extra };
  appendFileSync(join(data, 'observations', `${at(s).slice(0, 10)}.jsonl`), `${JSON.stringify(r)}\n`);
}

describe('judge (pure)', () => {
  const seq = { id: 'a', pattern: 'seq:Grep->Read->Edit', trigger: false };
  const c = (tool: string, ok = true, stop?: string): TurnCall => ({ tool, ok, ...(stop ? { stop } : {}) });
  it.each([
    ['confirmed: A->B then C', seq, [c('Grep'), c('Read'), c('Edit')], 'confirmed'],
    ['corrected: C stopped by the user', seq, [c('Grep'), c('Read'), c('Edit', false, 'interrupt')], 'corrected'],
    ['corrected: the call right after C stopped', seq, [c('Grep'), c('Read'), c('Edit'), c('Bash', false, 'interrupt')], 'corrected'],
    ['contradicted: A->B then another tool, then a failure', seq, [c('Grep'), c('Read'), c('Write'), c('Bash', false)], 'contradicted'],
    ['inactive: A->B then another tool, no failure', seq, [c('Grep'), c('Read'), c('Write')], 'inactive'],
    ['inactive: A->B never happened', seq, [c('Read'), c('Edit')], 'inactive'],
    ['inactive: an empty turn', seq, [], 'inactive'],
    ['detail steps: Bash(npm test)', { id: 'b', pattern: 'seq:Edit->Bash(npm test)->Read', trigger: false }, [c('Edit'), { tool: 'Bash', ok: true, detail: 'npm test' }, c('Read')], 'confirmed'],
    ['retry confirmed', { id: 'r', pattern: 'retry:Bash', trigger: false }, [c('Bash', false), c('Bash')], 'confirmed'],
    ['retry contradicted', { id: 'r', pattern: 'retry:Bash', trigger: false }, [c('Bash', false), c('Edit'), c('Read', false)], 'contradicted'],
    ['taught: trigger met, all calls ok', { id: 't', pattern: 'pref:x=y', trigger: true }, [c('Read'), c('Bash')], 'confirmed'],
    ['taught: trigger not met', { id: 't', pattern: 'pref:x=y', trigger: false }, [c('Read')], 'inactive'],
    ['taught: a call stopped', { id: 't', pattern: 'pref:x=y', trigger: true }, [c('Read'), c('Bash', false, 'interrupt')], 'corrected'],
    // A learner's claim names one call: the user stopping that call is a correction of it.
    ['command: ran and succeeded', { id: 'm', pattern: 'cmd:test=npm test', trigger: false }, [c('Read'), { tool: 'Bash', ok: true, detail: 'npm test' }], 'confirmed'],
    ['command: the user declined it', { id: 'm', pattern: 'cmd:test=npm test', trigger: false }, [{ tool: 'Bash', ok: false, detail: 'npm test', stop: 'reject' }], 'corrected'],
    ['command: it failed', { id: 'm', pattern: 'cmd:test=npm test', trigger: false }, [{ tool: 'Bash', ok: false, detail: 'npm test' }], 'contradicted'],
    ['command: not run', { id: 'm', pattern: 'cmd:test=npm test', trigger: false }, [c('Read'), { tool: 'Bash', ok: true, detail: 'npm run build' }], 'inactive'],
    ["fix: its step stopped by the user", { id: 'f', pattern: 'fix:Bash(npm test)->Bash(npm run build)', trigger: false }, [{ tool: 'Bash', ok: false, detail: 'npm test' }, { tool: 'Bash', ok: false, detail: 'npm run build', stop: 'interrupt' }], 'corrected'],
    ['correction: stopped again', { id: 'k', pattern: 'ask:Bash(git push)', trigger: false }, [{ tool: 'Bash', ok: false, detail: 'git push', stop: 'reject' }], 'confirmed'],
    ['correction: let through', { id: 'k', pattern: 'ask:Bash(git push)', trigger: false }, [{ tool: 'Bash', ok: true, detail: 'git push' }], 'inactive'],
  ] as const)('%s', (_name, x, calls, want) => {
    expect(judge(x, calls as readonly TurnCall[]).outcome).toBe(want);
  });
});

describe('the Stop hook judges each turn the prompt router added instincts to', () => {
  const s = sandbox();
  const env = { HOMUNCULUS_HOME: s.data, CLAUDE_PROJECT_DIR: s.project };
  // Imported instincts: the router adds them where a prompt calls for them (what a person taught
  // here is a rule at once, given at the session's start, and not added again).
  const chain = { id: 'seq-grep-read-edit', pattern: 'seq:Grep->Read->Edit', trigger: 'searching the code for a change', action: 'Grep, then Read, then Edit', confidence: 0.6, domain: 'workflow', source: 'imported' as const };
  const glob = { id: 'seq-glob-read-write', pattern: 'seq:Glob->Read->Write', trigger: 'adding a new file', action: 'Glob, then Read, then Write', confidence: 0.6, domain: 'workflow', source: 'imported' as const };
  const vitest = { id: 'pref-runner-vitest', pattern: 'pref:runner=vitest', trigger: 'running the tests', action: 'use vitest run', confidence: 0.6, domain: 'testing', source: 'imported' as const };

  beforeAll(async () => {
    mkdirSync(s.project, { recursive: true });
    mkdirSync(s.data, { recursive: true });
    writeFileSync(join(s.data, 'config.json'), JSON.stringify({ forcedEvalEvery: 1 }));
    writeInstinct(s.data, chain);
    writeInstinct(s.data, vitest);
    writeInstinct(s.data, glob);
    await indexStore(s.data, at(0));
  });

  async function turn(session: string, prompt: string, calls: (data: string) => Promise<void> | void): Promise<string> {
    const r = await runRouter({ session_id: session, hook_event_name: 'UserPromptSubmit', cwd: s.project, prompt }, { ...env, HOMUNCULUS_NOW: at(0) });
    expect(r.exitCode).toBe(0);
    await calls(s.data);
    const stop = await runStop({ session_id: session, hook_event_name: 'Stop', cwd: s.project, stop_hook_active: false }, { ...env, HOMUNCULUS_NOW: at(300) });
    expect(stop.exitCode).toBe(0);
    return contextOf(r.stdout);
  }

  const get = async (id: string) => (await cliJson<{ instinct: { confidence: number; confirmed: number; corrected: number; contradicted: number; inactive: number; suggested: number } }>(['get', id, '--now', at(301)], env)).instinct;

  it('confirmed: the turn searched, read, then edited', async () => {
    const ctx = await turn('turn-confirm', 'make the change after searching the code', (d) => {
      record(d, 'turn-confirm', 10, 'Grep');
      record(d, 'turn-confirm', 20, 'Read');
      record(d, 'turn-confirm', 30, 'Edit');
    });
    expect(ctx).toContain('when searching the code for a change: Grep, then Read, then Edit');
    const x = await get(chain.id);
    expect(x).toMatchObject({ confirmed: 1, corrected: 0, contradicted: 0, suggested: 1, confidence: 0.65 });
  });

  it('corrected: the user interrupted the edit it led to (recorded by the observe hook as a token)', async () => {
    await turn('turn-correct', 'search the code and change it', async (d) => {
      record(d, 'turn-correct', 10, 'Grep');
      record(d, 'turn-correct', 20, 'Read');
      const p = { session_id: 'turn-correct', hook_event_name: 'PostToolUseFailure', tool_name: 'Edit', tool_input: { file_path: '/w/a.ts' }, tool_use_id: 'toolu_9', error: 'Interrupted by user', is_interrupt: true, cwd: s.project };
      const r = await runHook(JSON.stringify(p), { ...env, HOMUNCULUS_NOW: at(30) });
      expect(r.exitCode).toBe(0);
    });
    const rec = readObservations(s.data).find((o) => o['session'] === 'turn-correct' && o['tool'] === 'Edit')!;
    expect(rec).toMatchObject({ ok: false, stop: 'interrupt' });
    expect(JSON.stringify(rec)).not.toContain('Interrupted by user');
    const x = await get(chain.id);
    expect(x).toMatchObject({ confirmed: 1, corrected: 1, suggested: 2, confidence: 0.5 });
  });

  it('contradicted: it read the search results, then wrote something else, and that failed', async () => {
    await turn('turn-contra', 'search the code for the change', (d) => {
      record(d, 'turn-contra', 10, 'Grep');
      record(d, 'turn-contra', 20, 'Read');
      record(d, 'turn-contra', 30, 'Write');
      record(d, 'turn-contra', 40, 'Bash', false);
    });
    const x = await get(chain.id);
    expect(x).toMatchObject({ confirmed: 1, corrected: 1, contradicted: 1, suggested: 3, confidence: 0.25 });
  });

  it('inactive: injected, but the turn never did Glob->Read; counted, confidence unchanged; a turn is judged once', async () => {
    const ctx = await turn('turn-idle', 'adding a new file for the parser', (d) => {
      record(d, 'turn-idle', 10, 'Read');
      record(d, 'turn-idle', 20, 'Edit');
    });
    expect(ctx).toContain('when adding a new file: Glob, then Read, then Write');
    const x = await get(glob.id);
    expect(x).toMatchObject({ inactive: 1, suggested: 1, confirmed: 0, confidence: 0.6 });
    // Another Stop of the same session judges nothing again.
    await runStop({ session_id: 'turn-idle', hook_event_name: 'Stop' }, { ...env, HOMUNCULUS_NOW: at(400) });
    expect(await get(glob.id)).toMatchObject({ inactive: 1, suggested: 1 });
    expect(readJsonl(join(s.data, 'state', 'injections', `${at(0).slice(0, 10)}.judged.jsonl`))).toHaveLength(4);
  });

  it('an imported instinct of words (no steps to check): the prompt met its trigger and the turn succeeded', async () => {
    await turn('turn-taught', 'running the tests is slow', (d) => {
      record(d, 'turn-taught', 10, 'Bash');
      record(d, 'turn-taught', 20, 'Read');
    });
    expect(await get(vitest.id)).toMatchObject({ confirmed: 1, suggested: 1, confidence: 0.65 });
    const history = await cliJson<{ events: { reason: string }[] }>(['history', vitest.id], env);
    expect(history.events.at(-1)!.reason).toMatch(/^turn 1: confirmed \(its trigger met the prompt/);
  });
});

describe('the injection log: a file per day, read back JUDGE_DAYS, pruned with the observations', () => {
  const DAY = 86_400_000;
  const entry = (ts: number, session: string, turn = 1) => ({ ts: new Date(ts).toISOString(), session, turn, project: null, instincts: [{ id: 'seq-grep-read-edit', pattern: 'seq:Grep->Read->Edit', trigger: false }], facts: [] });
  const dayOf = (e: { ts: string }) => e.ts.slice(0, 10);
  const write = (path: string, lines: unknown[]) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  };

  it('judges the turns of the last JUDGE_DAYS (an earlier version\'s single log first), marks each in its day\'s file, and the analysis removes what is past retention', async () => {
    const data = tempDir();
    const dir = join(data, 'state', 'injections');
    const old = entry(T0 - (JUDGE_DAYS + 5) * DAY, 'old'); // past what a Stop judges
    const recent = entry(T0 - 2 * DAY, 'recent'); // another session's turn, missed by its Stop
    const judged = entry(T0 - DAY, 'judged');
    const now = entry(T0 - 60_000, 'cur');
    const legacy = entry(T0 - 3 * DAY, 'legacy');
    const legacyJudged = entry(T0 - 3 * DAY + 1000, 'legacy-judged');
    for (const e of [old, recent, judged, now]) write(join(dir, `${dayOf(e)}.jsonl`), [e]);
    write(join(dir, `${dayOf(judged)}.judged.jsonl`), [turnKey(judged)]);
    const legacyOld = entry(T0 - (JUDGE_DAYS + 3) * DAY, 'legacy-old');
    write(join(data, 'state', 'injections.jsonl'), [legacyOld, legacy, legacyJudged]);
    write(join(data, 'state', 'injections-judged.jsonl'), [turnKey(legacyJudged)]);

    const pending = pendingTurns(data, T0, 'cur');
    expect(pending.map((p) => p.entry.session)).toEqual(['legacy', 'recent', 'cur']);
    expect(pending.map((p) => p.endMs)).toEqual([T0, T0, T0]);
    markJudged(data, pending.map((p) => p.entry));
    expect(readJsonl(join(dir, `${dayOf(recent)}.judged.jsonl`))).toEqual([turnKey(recent)]);
    expect(readJsonl(join(dir, `${dayOf(legacy)}.judged.jsonl`))).toEqual([turnKey(legacy)]);
    expect(pendingTurns(data, T0, 'cur')).toEqual([]);

    // An analysis at T0 with a retention of 10 days: the day files before it go, the rest stay;
    // the earlier version's logs stay while they were touched within JUDGE_DAYS (real time).
    writeFileSync(join(data, 'config.json'), JSON.stringify({ retentionDays: 10 }));
    const run = async () => expect((await runCli(['analyze', '--home', data, '--now', new Date(T0).toISOString()], cleanEnv())).exitCode).toBe(0);
    await run();
    const days = (f: string[]) => f.filter((x) => x.endsWith('.jsonl')).sort();
    expect(days(readdirSync(dir))).toEqual([`${dayOf(legacy)}.judged.jsonl`, `${dayOf(recent)}.judged.jsonl`, `${dayOf(recent)}.jsonl`, `${dayOf(judged)}.judged.jsonl`, `${dayOf(judged)}.jsonl`, `${dayOf(now)}.judged.jsonl`, `${dayOf(now)}.jsonl`].sort());
    expect(existsSync(join(data, 'state', 'injections.jsonl'))).toBe(true);
    const longAgo = (Date.now() - (JUDGE_DAYS + 1) * DAY) / 1000;
    for (const f of ['injections.jsonl', 'injections-judged.jsonl']) utimesSync(join(data, 'state', f), longAgo, longAgo);
    await run();
    expect(existsSync(join(data, 'state', 'injections.jsonl'))).toBe(false);
    expect(existsSync(join(data, 'state', 'injections-judged.jsonl'))).toBe(false);
    expect(readdirSync(dir).length).toBe(7);
  });

  it('a clock far ahead prunes nothing', async () => {
    const data = tempDir();
    const e = entry(T0 - 20 * DAY, 'old');
    write(join(data, 'state', 'injections', `${dayOf(e)}.jsonl`), [e]);
    const ahead = new Date(Date.now() + 400 * DAY).toISOString();
    expect((await runCli(['analyze', '--home', data, '--now', ahead], cleanEnv())).exitCode).toBe(0);
    expect(readdirSync(join(data, 'state', 'injections'))).toEqual([`${dayOf(e)}.jsonl`]);
  });
});
