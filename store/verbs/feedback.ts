import { event } from '../files/events.js';
import { withEvidence } from '../model/frontmatter.js';
import { clamp, feedbackDelta, round4, type FeedbackKind } from '../model/lifecycle.js';
import { type Instinct, observedSource } from '../model/model.js';
import { entryOf, latest, mutate, resolve, resolveRef, save, saveFact, settleDecay, StoreError, type Mut } from './mutate.js';
import type { Entry } from '../files/scan.js';
import type { StoreCtx } from '../views/snapshot.js';

// Feedback: confirm, correct and contradict by hand (`feedback`), and the judged turns the Stop
// hook applies (`turnFeedback`). For an observed pattern the change is an adjustment kept beside
// the analyzer's score (a negative one blocks its promotion); a taught or imported one's
// confidence moves itself.

export interface FeedbackResult {
  id: string;
  pattern: string;
  kind: FeedbackKind;
  delta: number;
  confidence: number;
  level: string;
  /** Observed: the adjustment kept beside the analyzer's score, and whether it blocks promotion. */
  adjustment?: number;
  blocks_promotion?: boolean;
}

export function applyFeedback(m: Mut, entry: Entry<Instinct> | undefined, x0: Instinct, kind: FeedbackKind, reason: string): FeedbackResult {
  const c = m.ctx.config;
  const x: Instinct = { ...x0 };
  const ref = { id: x.id, pattern: x.pattern, ...(x.project ? { project: x.project } : {}), source: x.source };
  const asked = feedbackDelta(kind, x.confirmed, c);
  let applied: number;
  if (observedSource(x)) {
    const score = x.score ?? x.confidence;
    const adj = round4(Math.min(c.maxConfidence - score, Math.max(-score, (x.adjustment ?? 0) + asked)));
    x.adjustment = adj;
    x.adjustment_runs = c.adjustmentAnalyses;
    x.adjustment_at = m.nowIso;
    const next = clamp(score + adj, c);
    applied = next - x.confidence;
    x.confidence = next;
  } else {
    settleDecay(m, x, ref);
    const next = clamp(x.confidence + asked, c);
    applied = next - x.confidence;
    x.confidence = next;
    x.last_seen = latest(x.last_seen, m.nowIso);
  }
  if (kind === 'confirm') x.confirmed++;
  else if (kind === 'correct') x.corrected++;
  else x.contradicted++;
  x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: ${kind}${m.ctx.session ? ` in session ${m.ctx.session}` : ''} (${applied >= 0 ? '+' : ''}${round4(applied)})`);
  m.events.push(event(m.nowIso, ref, applied, reason));
  save(m, entry, x);
  const out: FeedbackResult = { id: x.id, pattern: x.pattern, kind, delta: round4(applied), confidence: x.confidence, level: x.level };
  if (observedSource(x)) {
    out.adjustment = x.adjustment ?? 0;
    out.blocks_promotion = (x.adjustment ?? 0) < 0;
  }
  return out;
}

export function feedbackIn(m: Mut, entry: Entry<Instinct>, kind: FeedbackKind, reason?: string): FeedbackResult {
  return applyFeedback(m, entry, entry.value!, kind, reason ?? kind);
}

export function feedback(ctx: StoreCtx, ref: string, kind: FeedbackKind): FeedbackResult {
  return mutate(ctx, (m) => {
    const entry = resolveRef(m, ref);
    if (!entry?.value) throw new StoreError(`no instinct ${JSON.stringify(ref)}: give an id or a pattern key from list or search`);
    return feedbackIn(m, entry, kind);
  });
}

/** One judged turn's outcome for an instinct the prompt router added to it (store/delivery/turn-feedback.ts). */
export interface TurnOutcome {
  id: string;
  pattern: string;
  outcome: 'confirmed' | 'corrected' | 'contradicted' | 'inactive';
  why: string;
  session: string;
  turn: number;
}

/**
 * Applies judged turns: each injected instinct was suggested once more; confirmed, corrected and
 * contradicted are the feedback of the same names (for an observed pattern an adjustment that
 * survives re-analysis), inactive is counted and changes nothing. Injected facts count as
 * suggested. An instinct gone since (archived, merged) is skipped.
 */
export function turnFeedback(ctx: StoreCtx, items: readonly TurnOutcome[], facts: readonly string[] = []): { applied: (TurnOutcome & { delta: number; confidence: number })[]; skipped: string[] } {
  const kinds = { confirmed: 'confirm', corrected: 'correct', contradicted: 'contradict' } as const;
  return mutate(ctx, (m) => {
    const applied: (TurnOutcome & { delta: number; confidence: number })[] = [];
    const skipped: string[] = [];
    for (const it of items) {
      const entry = entryOf(m, it.id) ?? resolve(m, it.pattern);
      if (!entry?.value) {
        skipped.push(it.id);
        continue;
      }
      const x: Instinct = { ...entry.value, suggested: entry.value.suggested + 1 };
      if (it.outcome === 'inactive') {
        x.inactive++;
        save(m, entry, x);
        applied.push({ ...it, delta: 0, confidence: x.confidence });
        continue;
      }
      const prevSession = m.ctx.session;
      m.ctx = { ...m.ctx, session: it.session };
      const r = applyFeedback(m, entry, x, kinds[it.outcome], `turn ${it.turn}: ${it.outcome} (${it.why})`);
      m.ctx = { ...m.ctx, ...(prevSession !== undefined ? { session: prevSession } : {}) };
      if (prevSession === undefined) delete (m.ctx as { session?: string }).session;
      applied.push({ ...it, delta: r.delta, confidence: r.confidence });
    }
    const counts = new Map<string, number>();
    for (const f of facts) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const [id, n] of counts) {
      const entry = m.facts.find((e) => e.value?.id === id);
      if (!entry?.value) continue;
      saveFact(m, entry, { ...entry.value, suggested: entry.value.suggested + n });
    }
    return { applied, skipped };
  });
}
