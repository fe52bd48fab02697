import { lstatSync, rmSync } from 'node:fs';
import { pruneDataFile, readDataFile } from '../../lib/data-files.js';
import { join } from 'node:path';
import { appendLine } from '../../lib/append-line.js';
import { DAY_MS, utcDay } from '../../lib/clock.js';
import { assertDataHome, layout } from '../../lib/data-home.js';
import { listDir, readIfFile } from '../files/io.js';
import { plural } from '../../lib/plural.js';
import { commandParts } from '../../analyzer/learners/commands.js';
import { fixSteps } from '../../analyzer/learners/fixes.js';

// The outcome of each turn the prompt router added instincts to, judged from the turn's own tool
// records, deterministically: did the turn follow the instinct (confirmed), did the user stop a
// call right after it did (corrected), did it do something else and fail (contradicted), or did
// the instinct not apply (inactive)? Pure judge, and the edges: the injection log, the turn's
// records, and which turns are judged already.

export type Outcome = 'confirmed' | 'corrected' | 'contradicted' | 'inactive';

/** One tool call of the turn, as the observe hook recorded it (tokens only). */
export interface TurnCall {
  tool: string;
  ok: boolean;
  detail?: string;
  /** `interrupt` or `reject`: the user stopped it. */
  stop?: string;
}

export interface InjectedRef {
  id: string;
  pattern: string;
  /** The prompt's words met the trigger. */
  trigger: boolean;
}

/** A step of a chain key (`Read`, `Bash(npm test)`) against a call. */
function meets(step: string, c: TurnCall): boolean {
  return step === c.tool || (c.detail !== undefined && step === `${c.tool}(${c.detail})`);
}

const failed = (c: TurnCall | undefined) => c !== undefined && !c.ok && c.stop === undefined;
const stopped = (c: TurnCall | undefined) => c !== undefined && c.stop !== undefined;

/** The call a learner's claim names: a project command's, a fix's step, a correction's key. */
function namedCall(pattern: string): string | undefined {
  const cmd = commandParts(pattern);
  if (cmd !== undefined) return `Bash(${cmd.detail})`;
  return fixSteps(pattern)?.[1] ?? (pattern.startsWith('ask:') ? pattern.slice(4).trim() : undefined);
}

/**
 * A chain A->B->C: where the turn did A->B, C next is confirmed (corrected when the user stopped C
 * or the call right after it), another call followed by a failure is contradicted. An error-retry
 * X: after X failed, X again is confirmed (corrected when stopped), another tool then a failure is
 * contradicted. A project command, a fix's step: the turn made that call and it succeeded is
 * confirmed, the user stopped it is corrected (a correction counts against what suggested the
 * call), it failed is contradicted; a correction (`ask:X`): the user stopped X again is confirmed.
 * Anything else (taught, preferences): the prompt met the trigger and every call of
 * the turn succeeded is confirmed, a call the user stopped is corrected. Otherwise inactive. The
 * first occurrence that is not inactive decides.
 */
export function judge(x: InjectedRef, calls: readonly TurnCall[]): { outcome: Outcome; why: string } {
  const inactive = (why: string) => ({ outcome: 'inactive' as const, why });
  if (x.pattern.startsWith('seq:')) {
    const steps = x.pattern.slice(4).split('->').map((s) => s.trim());
    if (steps.length < 2) return inactive('not a chain');
    const head = steps.slice(0, -1);
    const last = steps[steps.length - 1]!;
    for (let i = 0; i + head.length <= calls.length; i++) {
      if (!head.every((s, k) => meets(s, calls[i + k]!))) continue;
      const next = calls[i + head.length];
      if (next === undefined) continue;
      if (meets(last, next)) {
        if (stopped(next) || stopped(calls[i + head.length + 1])) return { outcome: 'corrected', why: `${head.join('->')}->${last} was followed, then the user stopped a call` };
        return { outcome: 'confirmed', why: `${head.join('->')} was followed by ${last}` };
      }
      if (calls.slice(i + head.length).some(failed)) return { outcome: 'contradicted', why: `${head.join('->')} was followed by ${next.tool}, not ${last}, and a call failed` };
    }
    return inactive(`${head.join('->')} then ${last} did not apply`);
  }
  if (x.pattern.startsWith('retry:')) {
    const tool = x.pattern.slice(6).trim();
    for (let i = 0; i + 1 < calls.length; i++) {
      if (!(meets(tool, calls[i]!) && failed(calls[i]))) continue;
      const next = calls[i + 1]!;
      if (meets(tool, next)) {
        if (stopped(next)) return { outcome: 'corrected', why: `${tool} was retried and the user stopped it` };
        return { outcome: 'confirmed', why: `${tool} failed and was retried` };
      }
      if (calls.slice(i + 1).some(failed)) return { outcome: 'contradicted', why: `${tool} failed, was not retried, and a call failed` };
    }
    return inactive(`no failed ${tool}`);
  }
  // A command, a fix's step, a correction: the one call it names.
  const call = namedCall(x.pattern);
  if (call !== undefined) {
    const made = calls.filter((c) => meets(call, c));
    if (made.length === 0) return inactive(`${call} was not run`);
    if (x.pattern.startsWith('ask:')) return made.some(stopped) ? { outcome: 'confirmed', why: `the user stopped ${call} again` } : inactive(`${call} ran and the user let it`);
    if (made.some(stopped)) return { outcome: 'corrected', why: `the user stopped ${call}, which it names` };
    if (made.some(failed)) return { outcome: 'contradicted', why: `${call} failed` };
    return { outcome: 'confirmed', why: `${call} ran and succeeded` };
  }
  if (!x.trigger) return inactive('the prompt did not meet its trigger');
  if (calls.length === 0) return inactive('the turn made no tool call');
  if (calls.some(stopped)) return { outcome: 'corrected', why: 'the user stopped a call of the turn' };
  if (calls.every((c) => c.ok)) return { outcome: 'confirmed', why: `its trigger met the prompt and the turn's ${plural(calls.length, 'call')} succeeded` };
  return inactive('a call of the turn failed');
}

/** One line of state/injections/DAY.jsonl (hooks/prompt-router.ts). */
export interface InjectionEntry {
  ts: string;
  session: string;
  turn: number;
  project: string | null;
  instincts: InjectedRef[];
  facts: string[];
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const REF_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function entryOk(e: unknown): e is InjectionEntry {
  const o = e as InjectionEntry;
  return (
    typeof o === 'object' && o !== null && typeof o.ts === 'string' && !Number.isNaN(Date.parse(o.ts)) && typeof o.session === 'string' && ID.test(o.session) &&
    Number.isInteger(o.turn) && Array.isArray(o.instincts) && o.instincts.every((x) => typeof x?.id === 'string' && REF_ID.test(x.id) && typeof x.pattern === 'string') &&
    Array.isArray(o.facts) && o.facts.every((f) => typeof f === 'string' && REF_ID.test(f))
  );
}

function jsonl(path: string): unknown[] {
  const bytes = readIfFile(path);
  if (bytes === undefined) return [];
  const out: unknown[] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // a torn line
    }
  }
  return out;
}

export const turnKey = (e: { session: string; turn: number; ts: string }) => `${e.session}:${e.turn}:${e.ts}`;

/** A turn of another session is judged at a later Stop once it is this old (its own Stop was missed). */
export const CATCH_UP_MS = 30 * 60_000;

/** How far back a turn is judged: the analysis window. An older turn is never judged (its Stop, and every Stop since, missed it). */
export const JUDGE_DAYS = 7;

/**
 * The injections from JUDGE_DAYS before nowMs to nowMs's day, in the order written (an earlier
 * version's single log first, while it is there), and the keys of the turns judged. Only those
 * days' files are read: the Stop hook's cost does not grow with the months behind it.
 */
function recentInjections(home: string, nowMs: number): { all: InjectionEntry[]; done: Set<string> } {
  const fromMs = nowMs - JUDGE_DAYS * DAY_MS;
  const all: InjectionEntry[] = [];
  const done = new Set<string>();
  const read = (log: string, judged: string) => {
    for (const e of jsonl(log)) if (entryOk(e) && Date.parse(e.ts) >= fromMs) all.push(e);
    for (const k of jsonl(judged)) if (typeof k === 'string') done.add(k);
  };
  read(layout.legacyInjections(home), layout.legacyInjectionsJudged(home));
  for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day <= nowMs; day += DAY_MS) read(layout.injections(home, utcDay(day)), layout.injectionsJudged(home, utcDay(day)));
  return { all, done };
}

/**
 * The injections still to judge: those of `session` (its turn has just ended), and any other at
 * least CATCH_UP_MS old, within JUDGE_DAYS. Each with the end of its turn: the session's next
 * injection, or now.
 */
export function pendingTurns(home: string, nowMs: number, session: string | undefined): { entry: InjectionEntry; endMs: number }[] {
  const { all, done } = recentInjections(home, nowMs);
  const out: { entry: InjectionEntry; endMs: number }[] = [];
  all.forEach((e, i) => {
    if (done.has(turnKey(e))) return;
    const t = Date.parse(e.ts);
    if (e.session !== session && nowMs - t < CATCH_UP_MS) return;
    if (t > nowMs) return;
    const next = all.slice(i + 1).find((n) => n.session === e.session);
    out.push({ entry: e, endMs: next ? Date.parse(next.ts) : nowMs });
  });
  return out;
}

/** The main agent's calls of `session` in [fromMs, toMs], in the order recorded; a call recorded twice (its tool-use id again) once. */
export function turnCalls(home: string, session: string, fromMs: number, toMs: number): TurnCall[] {
  const out: TurnCall[] = [];
  const ids = new Set<string>();
  for (let day = Date.parse(`${utcDay(fromMs)}T00:00:00.000Z`); day <= toMs; day += DAY_MS) {
    let text: string;
    try {
      text = readDataFile(layout.observationFile(home, utcDay(day))).toString('utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (!line.includes(session)) continue;
      let r: Record<string, unknown>;
      try {
        r = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (r['session'] !== session || r['agentId'] !== undefined || typeof r['tool'] !== 'string' || typeof r['ok'] !== 'boolean') continue;
      const ts = typeof r['ts'] === 'string' ? Date.parse(r['ts']) : Number.NaN;
      if (!(ts >= fromMs && ts <= toMs)) continue;
      const id = r['id'];
      if (typeof id === 'string') {
        if (ids.has(id)) continue;
        ids.add(id);
      }
      const c: TurnCall = { tool: r['tool'], ok: r['ok'] };
      if (typeof r['detail'] === 'string') c.detail = r['detail'];
      if (typeof r['stop'] === 'string') c.stop = r['stop'];
      out.push(c);
    }
  }
  return out;
}

const DAY_FILE = /^(\d{4}-\d\d-\d\d)(?:\.judged)?\.jsonl$/;

/**
 * Removes the injection files of days before pruneBefore (the observations' retention: a turn is
 * judged from its day's records), and an earlier version's single logs once untouched for
 * JUDGE_DAYS (real time: nothing writes them any more).
 */
export function pruneInjections(home: string, pruneBefore: string, realNowMs: number): string[] {
  const dir = layout.injectionsDir(home);
  const leftAlone: string[] = [];
  for (const f of listDir(dir)) {
    const m = DAY_FILE.exec(f);
    if (m === null || m[1]! >= pruneBefore) continue;
    if (!pruneDataFile(join(dir, f))) leftAlone.push(join(dir, f));
  }
  for (const path of [layout.legacyInjections(home), layout.legacyInjectionsJudged(home)]) {
    try {
      if (lstatSync(path).mtimeMs >= realNowMs - JUDGE_DAYS * DAY_MS) continue;
      if (!pruneDataFile(path)) leftAlone.push(path);
    } catch {
      // absent
    }
  }
  return leftAlone;
}

/** Each turn's key into the judged file of its injection's day. */
export function markJudged(home: string, entries: readonly InjectionEntry[]): void {
  const byDay = new Map<string, string[]>();
  for (const e of entries) {
    const day = utcDay(Date.parse(e.ts));
    let keys = byDay.get(day);
    if (keys === undefined) byDay.set(day, (keys = []));
    keys.push(JSON.stringify(turnKey(e)));
  }
  if (byDay.size > 0) assertDataHome(home, ['state', join('state', 'injections')]);
  for (const [day, keys] of byDay) appendLine(layout.injectionsJudged(home, day), keys.join('\n'));
}

export interface JudgedItem {
  id: string;
  pattern: string;
  outcome: Outcome;
  why: string;
  session: string;
  turn: number;
}

/** Every pending turn judged (pure after reading): what to apply to the store. */
export function judgePending(home: string, nowMs: number, session: string | undefined): { entries: InjectionEntry[]; items: JudgedItem[]; facts: string[] } {
  const entries: InjectionEntry[] = [];
  const items: JudgedItem[] = [];
  const facts: string[] = [];
  for (const { entry, endMs } of pendingTurns(home, nowMs, session)) {
    const calls = turnCalls(home, entry.session, Date.parse(entry.ts), endMs);
    for (const x of entry.instincts) items.push({ id: x.id, pattern: x.pattern, ...judge(x, calls), session: entry.session, turn: entry.turn });
    facts.push(...entry.facts);
    entries.push(entry);
  }
  return { entries, items, facts };
}
