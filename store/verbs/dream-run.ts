import { readdirSync } from 'node:fs';
import { appendAnalysisEvent } from '../../lib/analysis-log.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { DAY_MS, utcDay } from '../../lib/clock.js';
import type { Config } from '../../lib/config.js';
import { readDataFile } from '../../lib/data-files.js';
import { layout } from '../../lib/data-home.js';
import { dreamDue, planIsEmpty, readShadowTexts, type DreamPlan } from './dream.js';
import { dream } from './dream-apply.js';
import type { StoreCtx } from '../views/snapshot.js';

// The edges of `dream`: the texts that may shadow an instinct, state/last-dream.json, one event
// in analysis.log per run, and the analyzer's own check whether a dream is due.

export interface DreamRun extends DreamPlan {
  dry_run: boolean;
  nothing_to_do: boolean;
}

export function runDream(ctx: StoreCtx, where: { claudeDir: string; projectRoot: string | undefined }, opts: { dryRun?: boolean; by?: string } = {}): DreamRun {
  const started = Date.now();
  const shadows = readShadowTexts(where.claudeDir, where.projectRoot);
  const plan = dream(ctx, shadows, { dryRun: opts.dryRun === true });
  const out: DreamRun = { ...plan, dry_run: opts.dryRun === true, nothing_to_do: planIsEmpty(plan) };
  if (!opts.dryRun) {
    writeFileAtomic(layout.lastDream(ctx.home), `${JSON.stringify({ ts: ctx.now.toISOString() })}\n`, { skipIfSame: false });
    appendAnalysisEvent(ctx.home, {
      ts: ctx.now.toISOString(),
      kind: 'dream',
      by: opts.by ?? 'cli',
      duration_ms: Date.now() - started,
      removed: plan.removed.length,
      merged: plan.merged.length,
      contradictions: plan.contradictions.length,
      promoted: plan.promoted.length,
      changed: [...plan.removed.map((r) => r.id), ...plan.merged.map((g) => g.from), ...plan.contradictions.map((c) => c.weaker), ...plan.promoted.map((p) => p.id)],
    });
    if (plan.promoted.length > 0) appendAnalysisEvent(ctx.home, { ts: ctx.now.toISOString(), kind: 'promotion', by: 'dream', to: 'global', ids: plan.promoted.map((p) => p.id) });
  }
  return out;
}

export function readLastDream(home: string): { ts: string } | undefined {
  try {
    const v = JSON.parse(readDataFile(layout.lastDream(home)).toString('utf8')) as { ts?: unknown };
    return typeof v?.ts === 'string' && !Number.isNaN(Date.parse(v.ts)) ? { ts: v.ts } : undefined;
  } catch {
    return undefined;
  }
}

/** Distinct sessions with a record after `sinceMs` (the observation files from that day on). */
export function sessionsSince(home: string, sinceMs: number): number {
  const first = utcDay(sinceMs);
  const sessions = new Set<string>();
  let files: string[];
  try {
    files = readdirSync(layout.observations(home)).filter((f) => /^\d{4}-\d\d-\d\d\.jsonl$/.test(f) && f.slice(0, 10) >= first);
  } catch {
    return 0;
  }
  const re = /"ts":"([^"]+)".*?"session":"([A-Za-z0-9_-]{1,128})"/;
  for (const f of files) {
    let text: string;
    try {
      text = readDataFile(`${layout.observations(home)}/${f}`).toString('utf8');
    } catch {
      continue; // removed meanwhile, or a link (never followed out of the data home)
    }
    for (const line of text.split('\n')) {
      const m = re.exec(line);
      if (m && Date.parse(m[1]!) > sinceMs) sessions.add(m[2]!);
    }
  }
  return sessions.size;
}

/**
 * The analyzer's check (after a Stop's analysis): the first time, the clock starts; then a dream
 * runs once dreamEveryDays have passed and dreamMinSessions new sessions were recorded.
 */
export function maybeDream(ctx: StoreCtx, where: { claudeDir: string; projectRoot: string | undefined }, config: Config): DreamRun | undefined {
  const last = readLastDream(ctx.home);
  const nowMs = ctx.now.getTime();
  if (last === undefined) {
    writeFileAtomic(layout.lastDream(ctx.home), `${JSON.stringify({ ts: ctx.now.toISOString() })}\n`);
    return undefined;
  }
  if (nowMs - Date.parse(last.ts) < config.dreamEveryDays * DAY_MS) return undefined;
  if (!dreamDue(last, sessionsSince(ctx.home, Date.parse(last.ts)), nowMs, config)) return undefined;
  return runDream(ctx, where, { by: 'analyzer' });
}
