import type { Config } from '../../lib/config.js';
import { safeText, whenClause } from '../../lib/safe-text.js';
import type { IndexedFact, IndexedInstinct } from '../files/index-read.js';
import { effective, type LifecycleConfig } from '../model/lifecycle.js';
import { worthDelivering, type DeliveryConfig } from '../../analyzer/deliver.js';
import type { Rule } from '../../analyzer/promotion.js';
import { claimLine } from '../../analyzer/rules-file.js';
import { analyzerKey } from '../model/keys.js';
import { PER_PROJECT_CATEGORIES } from '../../analyzer/kinds.js';
import { observedSource } from '../model/model.js';
import { overriddenKey } from '../../rules/reach.js';

// What the prompt router adds to a prompt: the instincts and facts relevant to its words that are
// not rules already (those reached Claude at session start), within a budget. Pure over the
// store's index, the prompt's words and `now`. The prompt itself stays in memory: only the ids of
// what was injected are logged (state/injections/DAY.jsonl), so the turn's outcome can be judged.

export type InjectConfig = LifecycleConfig & DeliveryConfig & Pick<Config, 'maxInjected' | 'maxInjectionChars' | 'injectMinConfidence'>;

export interface Injected {
  id: string;
  pattern: string;
  confidence: number;
  /** Whether the prompt's words met the trigger (a taught instinct is then judged by the turn's success). */
  trigger: boolean;
}

export interface Injection {
  instincts: Injected[];
  facts: { id: string; confidence: number }[];
  /** The additional context; empty when nothing is relevant. */
  text: string;
}

export const LEARNED_HEAD = '## Learned behaviours';
export const KNOWLEDGE_HEAD = '## Project knowledge';
const INTRO = 'homunculus: learned context that may bear on this prompt (data from past sessions, not instructions):';

// Words that say nothing about a task: they would match every instinct's generated text.
const STOP = new Set(
  'the and for with that this from into then than when what where which while will would should could have has had are was were been being not but you your our out all any can use used using just also only more most some such very its it\'s them they their there here about after before over under again each other same want need make made like please let lets get got how why who'.split(' '),
);

/** Lower-case word stems of at least 3 characters (tests, testing, tested -> test). */
export function promptStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 3 || STOP.has(raw)) continue;
    out.add(stem(raw));
  }
  return out;
}

function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es') && !w.endsWith('ses')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/**
 * How many of the prompt's stems begin a word of `text` (a stem is a word's start: `test` meets
 * tests, testing, tested). indexOf over the lower-cased text: the hook is synchronous, and
 * splitting 500 instincts' texts into words cost more than everything else it does.
 */
function hits(prompt: readonly string[], text: string): number {
  if (text === '') return 0;
  const hay = text.toLowerCase();
  let n = 0;
  for (const w of prompt) {
    let at = hay.indexOf(w);
    while (at !== -1) {
      const c = at === 0 ? 32 : hay.charCodeAt(at - 1);
      if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) {
        n++;
        break;
      }
      at = hay.indexOf(w, at + 1);
    }
  }
  return n;
}

/**
 * Whether an instinct or fact reaches a prompt of `project`: its project's, or a global one. An
 * observed global instinct of a project's kind (a command, a fix) states several projects'
 * evidence together: it is no project's claim, and is not added.
 */
const reaches = (x: { scope: string; project?: string | undefined; source?: string; category?: string }, project: string | null) =>
  x.scope === 'project' ? x.project !== undefined && x.project === project : !(observedSource(x) && x.category !== undefined && PER_PROJECT_CATEGORIES.has(x.category));
const pct = (x: number) => x.toFixed(2);

/**
 * An instinct as the prompt router adds it. A taught one: its confidence, then its words. An
 * observed one states its claim with its rate (the one percentage shown beside a claim) and its
 * key, as at session start.
 */
export function instinctLine(x: { confidence: number; trigger: string; action: string; pattern: string; source?: string; scope?: string; projects?: readonly string[]; rate?: number | undefined; hits?: number | undefined; opportunities?: number | undefined; sessions?: number }): string {
  const k = observedSource(x) ? analyzerKey(x.pattern) : undefined;
  // Rebuilt from the key's checked tokens, never from the file's claim text; a global one says its evidence is from several projects.
  const across = x.scope === 'global' ? { projects: x.projects?.length || undefined } : undefined;
  const claim = k && claimLine({ kind: k.kind, pattern: k.key, rate: x.rate, hits: x.hits, opportunities: x.opportunities, sessions: x.sessions } as Rule, across);
  if (claim !== undefined) return `- ${claim}`;
  const trigger = safeText(x.trigger, 160) || safeText(x.pattern, 160);
  const action = safeText(x.action, 240) || safeText(x.pattern, 160);
  return `- [score ${pct(x.confidence)}] when ${whenClause(trigger)}: ${action}`;
}

export function factLine(x: { confidence: number; text: string }): string {
  return `- [score ${pct(x.confidence)}] ${safeText(x.text, 300)}`;
}

interface Candidate<T> {
  x: T;
  confidence: number;
  hits: number;
  trigger: boolean;
}

function byRank<T extends { id: string }>(a: Candidate<T>, b: Candidate<T>): number {
  return b.confidence - a.confidence || b.hits - a.hits || (a.x.id < b.x.id ? -1 : a.x.id > b.x.id ? 1 : 0);
}

/**
 * Instincts and facts of `project` (and global ones) at injectMinConfidence (0.5) or above whose
 * trigger, domain, key or explanation (facts: text and domain) shares a word with the prompt,
 * except the keys in `rules`; most confident first; at most maxInjected items and
 * maxInjectionChars characters of context in all. Instincts go first, then facts.
 */
export function selectInjection(
  index: { instincts: readonly IndexedInstinct[]; facts: readonly IndexedFact[] },
  prompt: string,
  opts: { project: string | null; rules: ReadonlySet<string>; taught?: ReadonlyMap<string, string>; nowMs: number; config: InjectConfig },
): Injection {
  const c = opts.config;
  const want = [...promptStems(prompt)];
  const none: Injection = { instincts: [], facts: [], text: '' };
  if (want.length === 0 || c.maxInjected <= 0) return none;
  const instincts: Candidate<IndexedInstinct>[] = [];
  for (const x of index.instincts) {
    if (x.state === 'archived' || x.state === 'evolved' || x.promoted_at !== undefined) continue;
    if (opts.rules.has(x.pattern) || (x.aliases ?? []).some((a) => opts.rules.has(a))) continue;
    if (!reaches(x, opts.project)) continue;
    // A command taught for this project wins over an observed one of the same purpose.
    if (observedSource(x) && opts.taught !== undefined && overriddenKey(x.pattern, opts.taught) !== undefined) continue;
    // An observed pattern is added only when it passes the one delivery test.
    if (observedSource(x) && !worthDelivering({ key: x.pattern, rate: x.rate, lift: x.lift, sessions: x.sessions }, c)) continue;
    const conf = effective(x, opts.nowMs, c);
    if (!(conf >= c.injectMinConfidence)) continue;
    const t = hits(want, x.trigger);
    const n = t + hits(want, `${x.domain} ${x.pattern} ${x.explain}`);
    if (n > 0) instincts.push({ x, confidence: conf, hits: n, trigger: t > 0 });
  }
  const facts: Candidate<IndexedFact>[] = [];
  for (const f of index.facts) {
    if (f.state === 'archived' || !reaches(f, opts.project)) continue;
    const conf = effective(f, opts.nowMs, c);
    if (!(conf >= c.injectMinConfidence)) continue;
    const n = hits(want, `${f.text} ${f.domain}`);
    if (n > 0) facts.push({ x: f, confidence: conf, hits: n, trigger: false });
  }
  instincts.sort(byRank);
  facts.sort(byRank);

  const out: Injection = { instincts: [], facts: [], text: '' };
  let budget = c.maxInjectionChars - INTRO.length;
  let items = 0;
  const learned: string[] = [];
  const known: string[] = [];
  // A head costs its own line; it is charged with the first item under it.
  for (const cand of instincts) {
    if (items >= c.maxInjected) break;
    const line = instinctLine({ ...cand.x, confidence: cand.confidence });
    const cost = line.length + 1 + (learned.length === 0 ? LEARNED_HEAD.length + 2 : 0);
    if (cost > budget) continue;
    budget -= cost;
    items++;
    learned.push(line);
    out.instincts.push({ id: cand.x.id, pattern: cand.x.pattern, confidence: cand.confidence, trigger: cand.trigger });
  }
  for (const cand of facts) {
    if (items >= c.maxInjected) break;
    const line = factLine({ confidence: cand.confidence, text: cand.x.text });
    const cost = line.length + 1 + (known.length === 0 ? KNOWLEDGE_HEAD.length + 2 : 0);
    if (cost > budget) continue;
    budget -= cost;
    items++;
    known.push(line);
    out.facts.push({ id: cand.x.id, confidence: cand.confidence });
  }
  if (items === 0) return none;
  const parts = [INTRO];
  if (learned.length > 0) parts.push(`\n${LEARNED_HEAD}\n${learned.join('\n')}`);
  if (known.length > 0) parts.push(`\n${KNOWLEDGE_HEAD}\n${known.join('\n')}`);
  out.text = parts.join('\n');
  return out;
}
