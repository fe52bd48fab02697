import { worthDelivering } from '../../analyzer/deliver.js';
import { whyNothingHere } from '../../analyzer/nearest.js';
import { ruleFacts } from '../../analyzer/promotion.js';
import type { Config } from '../../lib/config.js';
import { cli } from '../../lib/invocation.js';
import { rulesFor, type Where } from '../../rules/reach.js';
import type { ObservedRule, RulesDoc } from '../../rules/rule.js';
import { readProjectSeen } from './last-analysis.js';

// What a project is given, counted by where it comes from, and, for a project given nothing of
// its own, why: what the last analysis saw of it and the claims nearest to being given
// (analyzer/nearest.ts). `status` and the report both read it here, so that they say the same.

export interface NothingHere {
  sessions: number;
  calls: number;
  /** What the last analysis saw, in one sentence. */
  seen: string;
  /** The nearest claims in words, each with what it lacks. */
  nearest: string[];
}

/** How many rules the SessionStart context may give here, by where they come from (those that pass the delivery test). */
export function givenHere(doc: RulesDoc, project: string | null, config: Config): Record<Where, number> {
  const out: Record<Where, number> = { taught: 0, here: 0, across: 0, sessions: 0 };
  for (const r of rulesFor(doc, project)) if (r.rule.kind === 'taught' || worthDelivering(ruleFacts(r.rule as ObservedRule), config)) out[r.where]++;
  return out;
}

export function nothingHere(home: string, doc: RulesDoc, project: string, config: Config): NothingHere {
  const last = readProjectSeen(home, project);
  if (last === null) return { sessions: 0, calls: 0, seen: `${cli('analyze')} (or the Stop hook) measures what its sessions hold.`, nearest: [] };
  // A claim bye withdrew here (or everywhere) is held back until it holds again: said so, not "the next /bye gives it".
  const withdrawn = new Map((doc.withdrawn ?? []).filter((w) => w.scope === 'global' || w.project === project).map((w) => [`${w.kind}:${w.pattern}`, w]));
  const heldBack = (kind: string, pattern: string) => {
    const w = withdrawn.get(`${kind}:${pattern}`);
    return w === undefined ? undefined : `withdrawn on ${w.withdrawn_at.slice(0, 10)}: it held under minRate since it was given, and is given again once it holds at minRate on ${config.liveMinOpportunities} opportunities since`;
  };
  return { sessions: last.seen?.sessions ?? 0, calls: last.seen?.calls ?? 0, ...whyNothingHere(last.seen, last.windowDays, config, heldBack) };
}
