import { isoToMs } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { heldWords, liveKey, notGivenIn } from './live.js';
import { ruleProject, type LiveFigures, type ObservedRule, type WithdrawnClaim } from './rule.js';

// The claims bye withdrew on how they held since they were given, as rules.json remembers them
// (`withdrawn`): the window that promoted a claim still holds the sessions from before it was
// given, and would promote it again at the next bye. A withdrawn claim is given again in its
// project (a global one: anywhere) only once its claim, measured over the sessions that started
// after the withdrawal, holds: liveMinOpportunities opportunities at minRate or more. It is
// forgotten once the records that withdrew it are no longer retained (retentionDays). Pure.

const DAY_MS = 86_400_000;

export type WithdrawalConfig = Pick<Config, 'liveMinOpportunities' | 'minRate' | 'retentionDays'>;

/** The withdrawn claims of one bye: which promotions they hold back, and what rules.json keeps after it. */
export class Withdrawals {
  private readonly standing = new Map<string, WithdrawnClaim>();

  /** `since`: each claim's live figures since its withdrawal (rules/live.ts liveFigures), by liveKey. */
  constructor(claims: readonly WithdrawnClaim[], private readonly since: ReadonlyMap<string, LiveFigures> | undefined, private readonly nowMs: number, private readonly config: WithdrawalConfig) {
    for (const w of claims) if (isoToMs(w.withdrawn_at) > nowMs - config.retentionDays * DAY_MS) this.standing.set(liveKey(w), w);
  }

  /**
   * Why promoting this claim (of `project`; null: a global one) is held back, or undefined: it was
   * not withdrawn, or it holds since (it is no longer remembered: the caller promotes it).
   */
  holdsBack(rule: Pick<ObservedRule, 'kind' | 'pattern'>, project: string | null): string | undefined {
    const key = liveKey({ ...rule, ...(project === null ? { scope: 'global' as const } : { scope: 'project' as const, project }) });
    const w = this.standing.get(key);
    if (w === undefined) return undefined;
    const f = this.since?.get(key);
    const mine = f !== undefined && f.since === w.withdrawn_at ? f : undefined;
    if (mine !== undefined && mine.opportunities >= this.config.liveMinOpportunities && mine.rate >= this.config.minRate) {
      this.standing.delete(key);
      return undefined;
    }
    const after = mine === undefined ? 'no opportunity since' : `since then ${heldWords(rule.kind, mine.hits, mine.opportunities)} (live rate ${Math.round(mine.rate * 100)}%)`;
    return `withdrawn on ${w.withdrawn_at.slice(0, 10)}, under minRate since it was given; ${after}; given again once it holds at minRate on ${this.config.liveMinOpportunities} opportunities since`;
  }

  /** A rule withdrawn now. */
  add(rule: ObservedRule, reason: string): void {
    const project = ruleProject(rule);
    const w: WithdrawnClaim = { kind: rule.kind, pattern: rule.pattern, scope: project === undefined ? 'global' : 'project', ...(project !== undefined ? { project } : {}), withdrawn_at: new Date(this.nowMs).toISOString(), reason, ...(typeof rule.prior === 'number' ? { prior: rule.prior } : {}), ...(project === undefined && notGivenIn(rule).length > 0 ? { excluded: notGivenIn(rule) } : {}) };
    this.standing.set(liveKey(w), w);
  }

  /** What rules.json keeps: the claims still held back. */
  list(): WithdrawnClaim[] {
    return [...this.standing.values()];
  }
}
