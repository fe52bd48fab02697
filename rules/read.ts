import { isoToMs } from '../lib/clock.js';
import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import { cli } from '../lib/invocation.js';
import { plural } from '../lib/plural.js';
import { ruleProblem, type Rule } from '../analyzer/promotion.js';
import { isTaughtRule, type ObservedRule, type RulesDoc, type TaughtRule, type WithdrawnClaim } from './rule.js';
import { kindInfo, safeSteps } from '../analyzer/kinds.js';
import type { PatternKind } from '../analyzer/pattern-kind.js';

// The one reader of rules.json, in two modes. Strict (bye, the report, effectiveness): a file that
// cannot be used stops the caller with what is wrong (RulesStateError), and each entry left out is
// named. Lenient (the hooks, the views): whatever entries can be shown, never an exception; a
// hook must never fail Claude over a damaged file, and `onProblem` hears why less was given.
// JSON only: the hooks never load the store's YAML.

/** rules.json cannot be used as it is; nothing was written. */
export class RulesStateError extends Error {}

export interface RulesState {
  doc: RulesDoc;
  /** One line per entry left out. */
  problems: string[];
  /** The file's bytes, when some entries were left out (kept before rules.json is rewritten). */
  original?: Buffer;
}

const empty = (): RulesDoc => ({ rules: [], taught: [] });

/** A message quoting the file (JSON.parse's, with bytes of it) as one line a terminal shows as text: control characters go. */
// eslint-disable-next-line no-control-regex
const plainLine = (s: string) => s.split('\n')[0]!.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?').slice(0, 200);

/** Who an observed rule is: its claim and the project it is of (one entry each: a copy is left out). */
const identity = (r: ObservedRule) => `${r.kind}\u0000${r.pattern}\u0000${r.scope === 'project' ? (r.project ?? '') : ''}`;
const taughtIdentity = (r: TaughtRule) => `${r.pattern}\u0000${r.scope === 'project' ? (r.project ?? '') : ''}`;

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** What is wrong with one taught entry, or undefined when it is a usable rule. */
export function taughtProblem(r: unknown): string | undefined {
  if (!isTaughtRule(r)) return `expected a taught rule (kind "taught", a pattern and numbers), found ${show(r)}`;
  if (!(r.confidence_now >= 0 && r.confidence_now <= 1)) return `"confidence_now" must be a number from 0 to 1, found ${show(r.confidence_now)}`;
  if (!(Number.isInteger(r.observations) && r.observations >= 0)) return `"observations" must be a whole number, 0 or more, found ${show(r.observations)}`;
  return undefined;
}

const PROJECT = /^[0-9a-f]{12}$/;

/** What is wrong with one withdrawn entry of rules.json, or undefined when it is usable. */
export function withdrawnProblem(w: unknown): string | undefined {
  const o = w as Partial<WithdrawnClaim> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return 'expected a withdrawn claim object';
  if (kindInfo(o.kind) === undefined || typeof o.pattern !== 'string' || safeSteps({ kind: o.kind as PatternKind, pattern: o.pattern }) === undefined) return '"kind" and "pattern" must name a claim';
  if (o.scope !== 'global' && o.scope !== 'project') return '"scope" must be "global" or "project"';
  if (o.scope === 'project' && !(typeof o.project === 'string' && PROJECT.test(o.project))) return '"project" must be a project id (12 hex digits)';
  if (typeof o.withdrawn_at !== 'string' || Number.isNaN(isoToMs(o.withdrawn_at))) return '"withdrawn_at" must be an ISO 8601 time';
  if (typeof o.reason !== 'string') return '"reason" must be a string';
  if (o.prior !== undefined && !(typeof o.prior === 'number' && o.prior >= 0 && o.prior <= 1)) return '"prior" must be a number from 0 to 1';
  if (o.excluded !== undefined && !(Array.isArray(o.excluded) && o.excluded.length <= 10_000 && o.excluded.every((p) => typeof p === 'string' && PROJECT.test(p)))) return '"excluded" must be a list of project ids (12 hex digits)';
  return undefined;
}

/** Strict: the rules and taught rules of rules.json, each entry that is not a usable rule left out and named. */
export function readRulesState(home: string): RulesState {
  const path = layout.rulesJson(home);
  let bytes: Buffer;
  try {
    bytes = readDataFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { doc: empty(), problems: [] };
    if (code === 'ELOOP') throw new RulesStateError(`${path} is a symbolic link; homunculus never follows links in its data home: replace it with the file it points to`);
    if (code === 'EISDIR') throw new RulesStateError(`${path} is a folder, expected homunculus' rules state (a JSON file); move it aside`);
    throw e;
  }
  const text = bytes.toString('utf8');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new RulesStateError(`${path}: expected JSON (${plainLine((e as Error).message)}); move it aside to start over`);
  }
  const listed = (v as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(listed)) throw new RulesStateError(`${path}: expected {"rules": [...]}, found ${JSON.stringify(text.slice(0, 40))}; move it aside to start over`);
  const taughtListed = (v as { taught?: unknown }).taught;
  const doc = empty();
  const problems: string[] = [];
  const seen = new Set<string>();
  listed.forEach((r, i) => {
    const problem = ruleProblem(r);
    if (problem !== undefined) problems.push(`rule ${i + 1}: ${problem}`);
    else if (seen.has(identity(r as ObservedRule))) problems.push(`rule ${i + 1}: a second entry for ${(r as ObservedRule).pattern}${(r as ObservedRule).scope === 'project' ? ` in project ${(r as ObservedRule).project}` : ''}`);
    else {
      seen.add(identity(r as ObservedRule));
      doc.rules.push(r as ObservedRule);
    }
  });
  if (taughtListed !== undefined && !Array.isArray(taughtListed)) problems.push(`"taught" is not a list: ${show(taughtListed)}`);
  else {
    const seenTaught = new Set<string>();
    (taughtListed ?? []).forEach((r, i) => {
      const problem = taughtProblem(r);
      if (problem !== undefined) problems.push(`taught rule ${i + 1}: ${problem}`);
      else if (seenTaught.has(taughtIdentity(r as TaughtRule))) problems.push(`taught rule ${i + 1}: a second entry for ${(r as TaughtRule).pattern}`);
      else {
        seenTaught.add(taughtIdentity(r as TaughtRule));
        doc.taught.push(r as TaughtRule);
      }
    });
  }
  // Claims withdrawn on how they held since they were given (rules/withdrawn.ts): an entry that does not read is left out, and named.
  const withdrawn = (v as { withdrawn?: unknown }).withdrawn;
  if (withdrawn !== undefined && !Array.isArray(withdrawn)) problems.push(`"withdrawn" is not a list: ${show(withdrawn)}`);
  (Array.isArray(withdrawn) ? withdrawn : []).forEach((w, i) => {
    const problem = withdrawnProblem(w);
    if (problem !== undefined) problems.push(`withdrawn claim ${i + 1}: ${problem}`);
    else (doc.withdrawn ??= []).push(w as WithdrawnClaim);
  });
  return problems.length ? { doc, problems, original: bytes } : { doc, problems };
}

/** A confidence and an observation count that can be shown: within [0, 1], and a count of at least 0 that a run can reach. */
function showable(confidence: unknown, observations: unknown): boolean {
  return typeof confidence === 'number' && confidence >= 0 && confidence <= 1 && (observations === undefined || (typeof observations === 'number' && observations >= 0 && observations < 1e12));
}

/**
 * Lenient: whatever entries of rules.json can be shown, observed (`rules`) and taught (`taught`);
 * nothing when there is no usable rules.json, and `onProblem` says why.
 */
export function readRulesDoc(home: string, onProblem?: (why: string) => void): RulesDoc {
  let v: { rules?: unknown; taught?: unknown } | null;
  try {
    v = JSON.parse(readDataFile(layout.rulesJson(home)).toString('utf8')) as { rules?: unknown; taught?: unknown } | null;
  } catch (e) {
    // Not there: no rules yet. Anything else is a damaged file: say so where doctor looks.
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') onProblem?.(`rules.json ${code ? `cannot be read (${code})` : `does not parse (${plainLine((e as Error).message)})`}: no rules were given; move it aside and run ${cli('bye')} to rebuild it`);
    return empty();
  }
  const doc = empty();
  const listed = v?.rules;
  const taught = v?.taught;
  let skipped = 0;
  // Entries that cannot be shown (null, no pattern, a confidence outside [0, 1]) are left out.
  const seen = new Set<string>();
  if (Array.isArray(listed)) {
    for (const r of listed) {
      if (typeof r === 'object' && r !== null && typeof (r as Rule).pattern === 'string' && showable((r as Rule).confidence_now, (r as Rule).observations) && !seen.has(identity(r as ObservedRule))) {
        seen.add(identity(r as ObservedRule));
        doc.rules.push(r as ObservedRule);
      } else skipped++;
    }
  }
  if (Array.isArray(taught)) {
    for (const r of taught) {
      if (isTaughtRule(r) && showable(r.confidence_now, r.observations) && !seen.has(`taught\u0000${taughtIdentity(r)}`)) {
        seen.add(`taught\u0000${taughtIdentity(r)}`);
        doc.taught.push(r);
      } else skipped++;
    }
  }
  if (!Array.isArray(listed) && listed !== undefined) onProblem?.(`rules.json has no list of rules ("rules" is not an array): no observed rules were given; move it aside and run ${cli('bye')} to rebuild it`);
  if (skipped > 0) onProblem?.(`rules.json: ${plural(skipped, 'entry', 'entries')} left out (not a rule, a second copy of one, a confidence outside 0-1, or a count out of range); ${cli('bye')} rewrites it from the instincts`);
  return doc;
}

/** Why rules.json gives no rules, or some of its entries are left out; undefined when it reads whole (or is not there yet). */
export function rulesJsonProblem(home: string): string | undefined {
  let problem: string | undefined;
  readRulesDoc(home, (why) => (problem = why));
  return problem;
}
