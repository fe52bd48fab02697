import type { Config } from '../lib/config.js';
import { recordKeys } from './patterns.js';
import type { Rule } from './promotion.js';
import type { RecordTable } from './record-table.js';
import { streamsInWindow } from './streams.js';

// What each rule changed: the rate at which its habit is followed, before and after the rule was
// promoted (and so written where Claude reads it).
// - A chain A->B->C: of the times A->B was followed by a call in the same stream (opportunities),
//   how often that call was C.
// - An error-retry of X: of the failures of X followed by a call in the same stream, how often
//   that call was X again.
// An opportunity falls on the side of promoted_at its deciding call (B, or the failure) is on.

export interface Side {
  opportunities: number;
  followed: number;
  /** followed / opportunities, null without opportunities. */
  rate: number | null;
}

export interface RuleEffect {
  kind: Rule['kind'];
  pattern: string;
  /** A project's rule: counted over that project's records only. */
  project?: string;
  promoted_at: string;
  /** What is counted, in words: `Grep->Read followed by Edit`. */
  measure: string;
  before: Side;
  after: Side;
  /** after.rate - before.rate, null unless both sides have opportunities. */
  change: number | null;
  /** Both sides have effectMinOpportunities and the rate moved by less than effectMinChange. */
  withoutEffect: boolean;
}

export type EffectConfig = Pick<Config, 'chainDetail' | 'effectMinOpportunities' | 'effectMinChange'>;

interface Tally {
  rule: Rule;
  split: number;
  /** A project's rule: the index of its project in the table (-2: none of these records is its project's); undefined: every record. */
  project: number | undefined;
  counts: Int32Array; // before opportunities, before followed, after opportunities, after followed
}

function side(opportunities: number, followed: number): Side {
  return { opportunities, followed, rate: opportunities === 0 ? null : followed / opportunities };
}

/** The steps of a rule's pattern as keys (`Bash(npm test)`), or undefined for a malformed one. */
function ruleSteps(rule: Rule): string[] | undefined {
  if (rule.kind === 'error-retry') return rule.pattern.endsWith(' error-retry') ? [rule.pattern.slice(0, -' error-retry'.length)] : undefined;
  const steps = rule.pattern.split('->');
  return steps.length === 3 ? steps : undefined;
}

/** The project a rule is of (rules.json keeps it beside the rule's fields), or undefined for a global one. */
function projectOf(rule: Rule): string | undefined {
  const r = rule as Rule & { scope?: unknown; project?: unknown };
  return r.scope === 'project' && typeof r.project === 'string' ? r.project : undefined;
}

/** The pure core: the records (any span, e.g. every retained file) and the rules in, one effect per rule out. */
export function ruleEffects(t: RecordTable, rules: readonly Rule[], nowMs: number, config: EffectConfig): RuleEffect[] {
  const { keyOf, keys } = recordKeys(t, config.chainDetail);
  const idOf = new Map(keys.map((k, i) => [k, i]));
  const K = keys.length;
  // Rules by the key id pair (chains: A,B) or key id (error-retries) that opens an opportunity.
  const byPair = new Map<number, { tally: Tally; c: number }[]>();
  const byFailure = new Map<number, Tally[]>();
  const tallies: Tally[] = [];
  for (const rule of rules) {
    const of = projectOf(rule);
    const tally: Tally = { rule, split: Date.parse(rule.promoted_at), project: of === undefined ? undefined : t.projects.indexOf(of) === -1 ? -2 : t.projects.indexOf(of), counts: new Int32Array(4) };
    tallies.push(tally);
    const steps = ruleSteps(rule)?.map((s) => idOf.get(s));
    // A step never seen in these records: the rule has no opportunities at all.
    if (steps === undefined || steps.some((s) => s === undefined)) continue;
    if (rule.kind === 'chain') {
      const [a, b, c] = steps as [number, number, number];
      const pair = a * K + b;
      byPair.set(pair, [...(byPair.get(pair) ?? []), { tally, c }]);
    } else {
      const x = steps[0]!;
      byFailure.set(x, [...(byFailure.get(x) ?? []), tally]);
    }
  }
  const { order, starts } = streamsInWindow(t, -Infinity, nowMs);
  for (let s = 0; s < t.streams.length; s++) {
    const a = starts[s]!;
    const b = starts[s + 1]!;
    for (let k = a + 1; k < b; k++) {
      const prev = order[k - 1]!;
      const cur = keyOf[order[k]!]!;
      const ts = t.ts[prev]!;
      if (t.ok[prev] !== 1) {
        for (const tally of byFailure.get(keyOf[prev]!) ?? []) {
          if (tally.project !== undefined && t.project[prev] !== tally.project) continue;
          const o = ts < tally.split ? 0 : 2;
          tally.counts[o]!++;
          if (cur === keyOf[prev]) tally.counts[o + 1]!++;
        }
      }
      if (k - a < 2) continue;
      for (const { tally, c } of byPair.get(keyOf[order[k - 2]!]! * K + keyOf[prev]!) ?? []) {
        if (tally.project !== undefined && t.project[prev] !== tally.project) continue;
        const o = ts < tally.split ? 0 : 2;
        tally.counts[o]!++;
        if (cur === c) tally.counts[o + 1]!++;
      }
    }
  }
  return tallies.map(({ rule, counts }) => {
    const before = side(counts[0]!, counts[1]!);
    const after = side(counts[2]!, counts[3]!);
    const change = before.rate === null || after.rate === null ? null : after.rate - before.rate;
    const steps = ruleSteps(rule);
    const measure =
      steps === undefined ? rule.pattern : rule.kind === 'chain' ? `${steps[0]}->${steps[1]} followed by ${steps[2]}` : `failed ${steps[0]} retried at once`;
    const project = projectOf(rule);
    return {
      kind: rule.kind,
      pattern: rule.pattern,
      ...(project !== undefined ? { project } : {}),
      promoted_at: rule.promoted_at,
      measure,
      before,
      after,
      change,
      withoutEffect:
        change !== null &&
        before.opportunities >= config.effectMinOpportunities &&
        after.opportunities >= config.effectMinOpportunities &&
        Math.abs(change) < config.effectMinChange,
    };
  });
}
