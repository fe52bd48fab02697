import { join } from 'node:path';
import { metaFor, slugFor, type InstinctMeta } from '../../analyzer/instinct-file.js';
import { KINDS } from '../../analyzer/kinds.js';
import { LEARNERS, learnerModule } from '../../analyzer/learners/index.js';
import { whyNotTracked as whyPatternNotTracked } from '../../analyzer/tracked.js';
import type { ProjectAnalyses } from '../../analyzer/projects.js';
import type { ScoredPattern } from '../../analyzer/score.js';
import type { Config } from '../../lib/config.js';
import { layout } from '../../lib/data-home.js';
import { event, type StoreEvent } from '../files/events.js';
import { renderInstinct } from '../model/file-format.js';
import { withEvidence } from '../model/frontmatter.js';
import { analyzerKey, storeKey } from '../model/keys.js';
import { clamp, finishLevelState, round4 } from '../model/lifecycle.js';
import { keepUserVersion, stamp } from '../files/archive.js';
import { migrateLegacy } from '../files/migrate.js';
import type { Instinct } from '../model/model.js';
import { zeroFeedback, observedSource } from '../model/model.js';
import { promotedKeys } from '../files/promoted-keys.js';
import { scanInstincts, observedBody, type Entry } from '../files/scan.js';
import { scopePatterns, type ObservedPattern } from './scope.js';
import { observedAction, observedDomain, observedExplain, observedTrigger } from '../model/text.js';
import { writeIndex } from '../files/index-file.js';
import { recoverStore, StoreTxn, unchanged } from '../files/txn.js';
import { plural } from '../../lib/plural.js';

// The analyzer's instincts, written through the store: one file per tracked pattern with
// `source: observed`, its scope from the analyses of each project, feedback kept beside the
// analyzer's score. Only observed files are ever written, rewritten or archived here; taught and
// imported files belong to the user and are left alone.

export interface ArchivedInstinct {
  id: string;
  pattern: string;
  reason: string;
  confidence: number;
}

export interface ObservedWrite {
  written: string[];
  unchanged: string[];
  archived: ArchivedInstinct[];
  keptUserEdits: string[];
  /** New patterns left for a later run (at most maxNewInstinctsPerRun new files a run). */
  deferred: string[];
  /** Kept id -> created. */
  keep: Map<string, string>;
  scoped: ObservedPattern[];
}

/** The file names the analyzer's instincts take (the slug of their kind or their key's prefix). */
const OBSERVED_SLUG = new RegExp(`^(?:chain|error-retry|${LEARNERS.map((m) => m.prefix).join('|')})-`);

function whyNotTracked(x: Instinct, config: Config, patternOf: Map<string, ScoredPattern>): { reason: string; confidence: number } {
  const k = analyzerKey(x.pattern);
  const p = k ? patternOf.get(`${k.kind}:${k.key}`) : undefined;
  if (p === undefined) return { reason: `not seen in the ${config.windowDays}-day window`, confidence: 0 };
  const why = whyPatternNotTracked(p, config);
  if (why !== undefined) return { reason: why, confidence: p.confidence };
  return { reason: `not among the ${config.maxInstincts} most confident patterns`, confidence: p.confidence };
}

/**
 * A feedback adjustment after an analysis whose pattern was last seen at `lastSeen`: it survives
 * adjustmentAnalyses (3) analyses that bring new evidence; the next one outweighs it (expired).
 * Pure: bye's plan asks it before the analysis writes the instincts.
 */
export function adjustmentAfter(prev: Pick<Instinct, 'adjustment' | 'adjustment_runs' | 'adjustment_at' | 'last_seen'> | undefined, lastSeen: string, config: Pick<Config, 'adjustmentAnalyses'>): { adjustment: number | undefined; runs: number | undefined; expired: boolean } {
  let adjustment = prev?.adjustment;
  let runs = prev?.adjustment_runs;
  let expired = false;
  const newEvidence = prev === undefined || lastSeen > prev.last_seen;
  if (adjustment !== undefined && prev?.adjustment_at !== undefined && newEvidence && lastSeen > prev.adjustment_at) {
    runs = (runs ?? config.adjustmentAnalyses) - 1;
    if (runs < 0) {
      adjustment = undefined;
      runs = undefined;
      expired = true;
    }
  }
  return { adjustment, runs, expired };
}

/**
 * The instinct for one scoped pattern. The analyzer's statistics come from its own metaFor (so
 * whatever it adds to them lands in the file); feedback counters, evidence and creation carry
 * over; an adjustment from feedback is worn down by analyses that bring new evidence.
 */
export function observedInstinct(op: ObservedPattern, id: string, prev: Instinct | undefined, promotedAt: string | undefined, nowIso: string, config: Config): { x: Instinct; expired: boolean } {
  const p = op.p;
  const prevMeta = prev ? ({ first_seen: prev.first_seen, created: prev.created } as InstinctMeta) : undefined;
  const meta = metaFor(p, prevMeta, nowIso);
  const { id: _id, kind: _kind, pattern: _pattern, confidence: score, observations, sessions, first_seen, last_seen, state: _state, created, ...stats } = meta;
  const extra: Record<string, unknown> = { ...stats };
  const { adjustment, runs, expired } = adjustmentAfter(prev, last_seen, config);
  const confidence = clamp(score + (adjustment ?? 0), config);
  const x: Instinct = {
    id,
    pattern: storeKey(p.kind, p.key),
    category: KINDS[p.kind].category as Instinct['category'],
    domain: observedDomain(p.kind, p.key),
    trigger: observedTrigger(p.kind, p.key),
    action: observedAction(p.kind, p.key),
    explain: observedExplain(p.kind, p.key, observations, sessions, p.sessionsInWindow),
    scope: op.scope,
    ...(op.project !== undefined ? { project: op.project } : {}),
    projects: op.projects,
    // A learner may say its instincts are the user's word (the calls they stopped).
    source: learnerModule(p.kind)?.source ?? 'observed',
    confidence,
    observations,
    level: 'seedling',
    state: 'active',
    sessions,
    session_ids: [],
    first_seen,
    last_seen,
    created,
    ...(prev ? { confirmed: prev.confirmed, contradicted: prev.contradicted, corrected: prev.corrected, suggested: prev.suggested, inactive: prev.inactive } : zeroFeedback()),
    aliases: prev?.aliases ?? [],
    score,
    extra,
    evidence: prev?.evidence ?? [],
    body: observedBody(p.kind, p.key, { confidence, observations, first_seen, last_seen, sessions }, p.sessionsInWindow),
  };
  if (promotedAt !== undefined) x.promoted_at = promotedAt;
  if (prev?.contradicts?.length) x.contradicts = prev.contradicts;
  Object.assign(x, { claim: p.claim, hits: p.hits, opportunities: p.opportunities, rate: round4(p.rate), lift: Math.round(p.lift * 100) / 100 });
  if (prev?.evolved_to !== undefined) {
    // Graduated (homunculus graduate): it lives in a guideline, skill or command now; new evidence no longer moves it.
    x.evolved_to = prev.evolved_to;
    x.confidence = prev.confidence;
  }
  if (adjustment !== undefined) {
    x.adjustment = adjustment;
    x.adjustment_runs = runs ?? config.adjustmentAnalyses;
    x.adjustment_at = prev!.adjustment_at!;
  }
  if (prev === undefined || prev.observations !== observations) {
    const where = op.scope === 'project' ? ` (project ${op.project})` : op.projects.length ? ` (projects ${op.projects.join(', ')})` : '';
    x.evidence = withEvidence(x.evidence, `${nowIso.slice(0, 16)}Z: ${plural(observations, 'observation')} in ${sessions} of ${plural(p.sessionsInWindow, 'session')}${where}`);
  }
  finishLevelState(x, promotedAt !== undefined, Date.parse(nowIso), config);
  return { x, expired };
}

// The lines the analyzer writes in an observed file's body (their numbers change from run to run).
const GENERATED_LINE = /^(?:# Instinct: .*|- (?:Confidence|Observations|First seen|Last seen|Sessions): .*|)$/;

/**
 * Did a person write in this observed file? A file that does not read back as what the store
 * writes, or one whose frontmatter reads but carries text of its own: a line in the summary the
 * analyzer did not write, or anything after the evidence list (a note added at the end).
 */
function handEdited(e: Entry<Instinct>): boolean {
  if (!e.pristine) return true;
  const x = e.value;
  if (x === undefined || e.legacy) return false;
  return (x.tail ?? '').trim() !== '' || x.body.split('\n').some((l) => !GENERATED_LINE.test(l));
}

/**
 * Writes the observed instincts of one analysis. The caller holds the analysis lock. Hand edits
 * of observed files are kept in archive/ before the file is rewritten or archived, as before.
 */
export function writeObserved(home: string, pa: ProjectAnalyses, config: Config, nowIso: string, promotedNow?: ReadonlyMap<string, string>): ObservedWrite {
  recoverStore(home);
  migrateLegacy(home, config, nowIso, { lockHeld: true });
  // Every file and event line of this run committed together, or none (store/files/txn.ts).
  const txn = new StoreTxn(home);
  const instDir = layout.instincts(home);
  const archDir = layout.archive(home);
  const entries = scanInstincts(home);
  const existing = new Map<string, Entry<Instinct>>();
  const occupied = new Set<string>();
  const unreadable = new Map<string, Entry<Instinct>>();
  for (const e of entries) {
    occupied.add(e.file.slice(0, -3));
    if (e.value === undefined && OBSERVED_SLUG.test(e.file)) unreadable.set(e.file.slice(0, -3), e);
    if (observedSource(e.value)) existing.set(e.value!.id, e);
  }
  const byKey = new Map<string, Entry<Instinct>>();
  for (const e of existing.values()) byKey.set(e.value!.pattern, e);
  // Which keys are rules: bye's plan when bye runs (written once, marked), else rules.json's.
  const promoted = promotedNow ?? promotedKeys(home);
  const scoped = scopePatterns(pa, config);
  const out: ObservedWrite = { written: [], unchanged: [], archived: [], keptUserEdits: [], deferred: [], keep: new Map(), scoped };
  const events: StoreEvent[] = [];
  let created = 0;
  for (const op of scoped) {
    const key = storeKey(op.p.kind, op.p.key);
    const prevEntry = byKey.get(key);
    let id = prevEntry?.value?.id ?? slugFor(op.p.kind, op.p.key);
    if (prevEntry === undefined) {
      // A new pattern: at most maxNewInstinctsPerRun a run (a rule's pattern always: every view
      // shows a rule through its instinct); its slot must be free of any other file.
      if (created >= config.maxNewInstinctsPerRun && !promoted.has(key)) {
        out.deferred.push(key);
        continue;
      }
      // A file in the pattern's own slot that no longer reads (an observed file someone rewrote):
      // its bytes go to archive/ as the user's version and the analyzer takes the slot back.
      const broken = unreadable.get(id);
      if (broken !== undefined && !out.keep.has(id)) {
        out.keptUserEdits.push(keepUserVersion(home, id, broken.text, nowIso, txn));
        occupied.delete(id);
        unreadable.delete(id);
      }
      for (let n = 1; out.keep.has(id) || occupied.has(id); n++) id = `${slugFor(op.p.kind, op.p.key)}-${n}`;
      created++;
    }
    const prev = prevEntry?.value;
    const { x, expired } = observedInstinct(op, id, prev, promoted.get(key), nowIso, config);
    out.keep.set(id, x.created);
    const text = renderInstinct(x);
    if (prevEntry && handEdited(prevEntry) && prevEntry.text !== text) out.keptUserEdits.push(keepUserVersion(home, id, prevEntry.text, nowIso, txn));
    if (prevEntry?.legacy) events.push(event(nowIso, x, prev!.confidence, 'migrated from the first release'));
    const delta = x.confidence - (prev?.confidence ?? 0);
    if (Math.abs(delta) > 0) events.push(event(nowIso, x, delta, expired ? 'analysis; the feedback adjustment is outweighed by new evidence' : prev ? 'analysis' : 'analysis: new instinct'));
    const changed = txn.write(join(instDir, `${id}.md`), text);
    (changed ? out.written : out.unchanged).push(id);
  }
  let patternOf: Map<string, ScoredPattern> | undefined;
  for (const [id, e] of existing) {
    if (out.keep.has(id)) continue;
    const x = e.value!;
    // A rule's instinct stays while the rule stands (an idle project's rules stand): every view
    // shows a rule through its instinct, and feedback reaches it there.
    if (promoted.has(x.pattern)) {
      out.keep.set(id, x.created);
      out.unchanged.push(id);
      continue;
    }
    patternOf ??= new Map(pa.all.patterns.map((p) => [`${p.kind}:${p.key}`, p]));
    const { reason, confidence } = whyNotTracked(x, config, patternOf);
    if (handEdited(e)) out.keptUserEdits.push(keepUserVersion(home, id, e.text, nowIso, txn));
    const archived: Instinct = {
      ...x,
      state: 'archived',
      extra: { ...x.extra, final_confidence: round4(confidence), archived_at: nowIso, archive_reason: reason },
      evidence: withEvidence(x.evidence, `Archived: ${nowIso.slice(0, 10)} (${reason})`),
    };
    txn.create(join(archDir, `${id}--${stamp(nowIso)}.md`), renderInstinct(archived));
    txn.remove(join(instDir, `${id}.md`));
    if (e.legacy) events.push(event(nowIso, x, x.confidence, 'migrated from the first release'));
    events.push(event(nowIso, x, -x.confidence, `archived: ${reason}`));
    out.archived.push({ id, pattern: analyzerKey(x.pattern)?.key ?? x.pattern, reason, confidence });
  }
  txn.commit(events);
  writeIndex(home, { instincts: unchanged(entries, instDir, txn), facts: new Map() });
  return out;
}
