import { readFailure, readRegularText, readRegularTextIfPresent, withoutBom } from './regular-file.js';
import { join } from 'node:path';
import { layout, packageRoot } from './data-home.js';

/** Every tunable, with its default in config/defaults.json or config/decay-config.json. */
export interface Config {
  windowDays: number;
  minConfidence: number;
  maxConfidence: number;
  promoteAt: number;
  minObservations: number;
  minSessions: number;
  maxInstincts: number;
  // The instinct store (store/): lifecycle of taught instincts and facts, feedback, levels,
  // pruning, caps, duplicates and search.
  taughtStart: number;
  taughtStep: number;
  taughtGraceDays: number;
  taughtDecayPerWeek: number;
  taughtFloor: number;
  confirmDelta: number;
  confirmHalveAfter: number;
  confirmQuarterAfter: number;
  correctDelta: number;
  contradictDelta: number;
  adjustmentAnalyses: number;
  matureObservations: number;
  matureConfidence: number;
  ruleObservations: number;
  ruleConfidence: number;
  universalProjects: number;
  approvedAt: number;
  pruneRemoveBelow: number;
  pruneRemoveUnseenDays: number;
  pruneReviewBelow: number;
  pruneReviewUnseenDays: number;
  maxProjectInstincts: number;
  maxGlobalInstincts: number;
  maxProjectFacts: number;
  maxGlobalFacts: number;
  maxNewInstinctsPerRun: number;
  maxNewFactsPerRun: number;
  duplicateThreshold: number;
  mergeThreshold: number;
  searchLimit: number;
  eventRetentionDays: number;
  recordProjectPaths: boolean;
  archivePruneDays: number;
  retentionDays: number;
  demoteBelow: number;
  forcedEvalEvery: number;
  // In-session context (the prompt router) and the analysis log.
  maxInjected: number;
  maxInjectionChars: number;
  injectMinConfidence: number;
  minObservationsToAnalyze: number;
  maxAnalysisSeconds: number;
  partsFromMiB: number;
  dreamEveryDays: number;
  dreamMinSessions: number;
  dreamStaleInactive: number;
  promoteGlobalConfidence: number;
  promoteGlobalConfirmations: number;
  chainDetail: boolean;
  saturateAt: number;
  minLift: number;
  minRetryLift: number;
  /** Claims (analyzer/claims.ts): how many opportunities the prior of a rate is worth, and the floor a delivered claim's rate must reach. */
  ratePriorWeight: number;
  minRate: number;
  /** Live calibration (rules/live.ts): a rule is withdrawn on what happened since it was given only with this many opportunities. */
  liveMinOpportunities: number;
  /** Fixes (analyzer/learners/fixes.ts): a failure's success must come within this many calls. */
  fixWindowCalls: number;
  /** The user's own script, task and target names, recorded in a Bash detail beside the common ones (space-separated). */
  commandWords: string;
  /** What the SessionStart hook gives at most: items and characters. */
  maxSessionRules: number;
  maxSessionChars: number;
  keepRuleSessionShare: number;
  effectMinOpportunities: number;
  effectMinChange: number;
  graduateMinDays: number;
  graduateMinConfidence: number;
  graduateMinConfirmed: number;
  graduateMaxContradicted: number;
  graduateGroupSize: number;
  ttlDays: number;
  ttlRemoveBelow: number;
  evolveMinConfidence: number;
  halfLifeDays: number;
  /** Where generated rules go; default: generated-rules.md in the data home. */
  rulesFile?: string;
}

export type ConfigKey = keyof Config;
export type Sources = Record<string, string>;

export class ConfigError extends Error {}

type Rule = { type: 'number' | 'integer' | 'boolean' | 'string'; allowed: string; check: (v: never) => boolean };
const fraction = (v: number) => v >= 0 && v <= 1;
/**
 * Day counts are subtracted from `now` to name files and dates: past about 270,000 years a Date
 * is invalid and every run throws RangeError (the Stop hook would then silently never analyse).
 * A century is more than anyone needs and keeps every date valid.
 */
const MAX_DAYS = 36_500;
const RULES: Record<ConfigKey, Rule> = {
  windowDays: { type: 'integer', allowed: 'a whole number of days from 1 to 365', check: (v: number) => v >= 1 && v <= 365 },
  minConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  maxConfidence: { type: 'number', allowed: 'a number above 0, at most 1', check: (v: number) => v > 0 && v <= 1 },
  promoteAt: { type: 'number', allowed: 'a number above 0, at most 1', check: (v: number) => v > 0 && v <= 1 },
  minObservations: { type: 'integer', allowed: 'a whole number, at least 1', check: (v: number) => v >= 1 },
  minSessions: { type: 'integer', allowed: 'a whole number, at least 1', check: (v: number) => v >= 1 },
  maxInstincts: { type: 'integer', allowed: 'a whole number from 1 to 1000', check: (v: number) => v >= 1 && v <= 1000 },
  taughtStart: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  taughtStep: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  taughtGraceDays: { type: 'number', allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v: number) => v >= 0 && v <= MAX_DAYS },
  taughtDecayPerWeek: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  taughtFloor: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  confirmDelta: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  confirmHalveAfter: { type: 'integer', allowed: 'a whole number of confirmations, 0 or more', check: (v: number) => v >= 0 },
  confirmQuarterAfter: { type: 'integer', allowed: 'a whole number of confirmations, 0 or more', check: (v: number) => v >= 0 },
  correctDelta: { type: 'number', allowed: 'a number from 0 to 1 (subtracted)', check: fraction },
  contradictDelta: { type: 'number', allowed: 'a number from 0 to 1 (subtracted)', check: fraction },
  adjustmentAnalyses: { type: 'integer', allowed: 'a whole number of analyses, at least 1', check: (v: number) => v >= 1 && v <= 1000 },
  matureObservations: { type: 'integer', allowed: 'a whole number, at least 1', check: (v: number) => v >= 1 },
  matureConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  ruleObservations: { type: 'integer', allowed: 'a whole number, at least 1', check: (v: number) => v >= 1 },
  ruleConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  universalProjects: { type: 'integer', allowed: 'a whole number of projects, at least 2', check: (v: number) => v >= 2 },
  approvedAt: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  pruneRemoveBelow: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  pruneRemoveUnseenDays: { type: 'number', allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v: number) => v >= 1 && v <= MAX_DAYS },
  pruneReviewBelow: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  pruneReviewUnseenDays: { type: 'number', allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v: number) => v >= 1 && v <= MAX_DAYS },
  maxProjectInstincts: { type: 'integer', allowed: 'a whole number from 1 to 100000', check: (v: number) => v >= 1 && v <= 100_000 },
  maxGlobalInstincts: { type: 'integer', allowed: 'a whole number from 1 to 100000', check: (v: number) => v >= 1 && v <= 100_000 },
  maxProjectFacts: { type: 'integer', allowed: 'a whole number from 1 to 100000', check: (v: number) => v >= 1 && v <= 100_000 },
  maxGlobalFacts: { type: 'integer', allowed: 'a whole number from 1 to 100000', check: (v: number) => v >= 1 && v <= 100_000 },
  maxNewInstinctsPerRun: { type: 'integer', allowed: 'a whole number from 1 to 1000', check: (v: number) => v >= 1 && v <= 1000 },
  maxNewFactsPerRun: { type: 'integer', allowed: 'a whole number from 1 to 1000', check: (v: number) => v >= 1 && v <= 1000 },
  duplicateThreshold: { type: 'number', allowed: 'a number above 0, at most 1', check: (v: number) => v > 0 && v <= 1 },
  mergeThreshold: { type: 'number', allowed: 'a number above 0, at most 1', check: (v: number) => v > 0 && v <= 1 },
  searchLimit: { type: 'integer', allowed: 'a whole number from 1 to 10000', check: (v: number) => v >= 1 && v <= 10_000 },
  eventRetentionDays: { type: 'number', allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v: number) => v >= 1 && v <= MAX_DAYS },
  recordProjectPaths: { type: 'boolean', allowed: 'true or false', check: () => true },
  archivePruneDays: { type: 'number', allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v: number) => v >= 0 && v <= MAX_DAYS },
  retentionDays: { type: 'number', allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v: number) => v >= 0 && v <= MAX_DAYS },
  demoteBelow: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  forcedEvalEvery: { type: 'integer', allowed: 'a whole number of prompts, at least 1', check: (v: number) => v >= 1 },
  maxInjected: { type: 'integer', allowed: 'a whole number of items from 0 to 200', check: (v: number) => v >= 0 && v <= 200 },
  maxInjectionChars: { type: 'integer', allowed: 'a whole number of characters from 0 to 9000', check: (v: number) => v >= 0 && v <= 9000 },
  injectMinConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  minObservationsToAnalyze: { type: 'integer', allowed: 'a whole number of records, 0 or more', check: (v: number) => v >= 0 },
  maxAnalysisSeconds: { type: 'number', allowed: 'a number of seconds above 0, at most 86400', check: (v: number) => v > 0 && v <= 86_400 },
  partsFromMiB: { type: 'number', allowed: 'a number of MiB, 0 or more', check: (v: number) => v >= 0 },
  dreamEveryDays: { type: 'number', allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v: number) => v >= 0 && v <= MAX_DAYS },
  dreamMinSessions: { type: 'integer', allowed: 'a whole number of sessions, 0 or more', check: (v: number) => v >= 0 },
  dreamStaleInactive: { type: 'integer', allowed: 'a whole number of turns, at least 1', check: (v: number) => v >= 1 },
  promoteGlobalConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  promoteGlobalConfirmations: { type: 'integer', allowed: 'a whole number of confirmations, 0 or more', check: (v: number) => v >= 0 },
  chainDetail: { type: 'boolean', allowed: 'true or false', check: () => true },
  saturateAt: { type: 'number', allowed: 'a number above 0, at most 1', check: (v: number) => v > 0 && v <= 1 },
  minLift: { type: 'number', allowed: 'a number, 0 or more', check: (v: number) => v >= 0 },
  minRetryLift: { type: 'number', allowed: 'a number, 0 or more', check: (v: number) => v >= 0 },
  ratePriorWeight: { type: 'number', allowed: 'a number of opportunities from 0 to 1000', check: (v: number) => v >= 0 && v <= 1000 },
  minRate: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  liveMinOpportunities: { type: 'integer', allowed: 'a whole number of opportunities, at least 1', check: (v: number) => v >= 1 },
  fixWindowCalls: { type: 'integer', allowed: 'a whole number of calls from 2 to 1000', check: (v: number) => v >= 2 && v <= 1000 },
  commandWords: { type: 'string', allowed: 'script names separated by spaces, each of letters, digits and ._:+@- (at most 40 characters)', check: (v: string) => v.split(/\s+/).every((w) => w === '' || /^[A-Za-z0-9._:+@-]{1,40}$/.test(w)) },
  maxSessionRules: { type: 'integer', allowed: 'a whole number of items from 0 to 100', check: (v: number) => v >= 0 && v <= 100 },
  maxSessionChars: { type: 'integer', allowed: 'a whole number of characters from 0 to 9000', check: (v: number) => v >= 0 && v <= 9000 },
  keepRuleSessionShare: { type: 'number', allowed: 'a number above 0, at most 1', check: (v: number) => v > 0 && v <= 1 },
  effectMinOpportunities: { type: 'integer', allowed: 'a whole number, at least 1', check: (v: number) => v >= 1 },
  effectMinChange: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  graduateMinDays: { type: 'number', allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v: number) => v >= 0 && v <= MAX_DAYS },
  graduateMinConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  graduateMinConfirmed: { type: 'integer', allowed: 'a whole number, 0 or more', check: (v: number) => v >= 0 },
  graduateMaxContradicted: { type: 'integer', allowed: 'a whole number, 0 or more', check: (v: number) => v >= 0 },
  graduateGroupSize: { type: 'integer', allowed: 'a whole number, at least 2', check: (v: number) => v >= 2 },
  ttlDays: { type: 'number', allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v: number) => v >= 1 && v <= MAX_DAYS },
  ttlRemoveBelow: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  evolveMinConfidence: { type: 'number', allowed: 'a number from 0 to 1', check: fraction },
  // Not just above 0: a subnormal half-life makes the decay rate Infinity, and 0 x Infinity NaN.
  halfLifeDays: { type: 'number', allowed: `a number of days from 0.001 to ${MAX_DAYS}`, check: (v: number) => v >= 0.001 && v <= MAX_DAYS },
  rulesFile: { type: 'string', allowed: 'a non-empty file path', check: (v: string) => v.trim().length > 0 },
};
export const CONFIG_KEYS = Object.keys(RULES) as ConfigKey[];
/** Each key's type and allowed values, as the checks below state them (for the generated reference, docs/configuration.md). */
export const CONFIG_RULES: Readonly<Record<ConfigKey, Readonly<Pick<Rule, 'type' | 'allowed'>>>> = RULES;

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function typeOk(rule: Rule, v: unknown): boolean {
  if (rule.type === 'integer') return typeof v === 'number' && Number.isInteger(v);
  if (rule.type === 'number') return typeof v === 'number' && Number.isFinite(v);
  return typeof v === rule.type;
}

/** Checks one layer of overrides (pure). Returns the problems, each naming key, value and what is allowed. */
export function validateOverrides(raw: unknown, origin: string): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [`${origin}: expected a JSON object of settings, found ${show(raw)}`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    // Own keys only: `constructor`, `toString` or `__proto__` must not find Object.prototype's.
    const rule = Object.hasOwn(RULES, key) ? RULES[key as ConfigKey] : undefined;
    if (rule === undefined) {
      problems.push(`${origin}: unknown key "${key}" (value ${show(value)}); known keys: ${CONFIG_KEYS.join(', ')}`);
    } else if (!typeOk(rule, value)) {
      problems.push(`${origin}: "${key}" must be ${rule.allowed}, found ${show(value)} (${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value})`);
    } else if (!rule.check(value as never)) {
      problems.push(`${origin}: "${key}" must be ${rule.allowed}, found ${show(value)}`);
    }
  }
  return problems;
}

/** Checks that the merged values make sense together (pure). */
export function crossCheck(c: Config): string[] {
  const p: string[] = [];
  if (c.minConfidence > c.maxConfidence) p.push(`"minConfidence" (${c.minConfidence}) must not exceed "maxConfidence" (${c.maxConfidence})`);
  if (c.promoteAt <= c.minConfidence) p.push(`"promoteAt" (${c.promoteAt}) must be above "minConfidence" (${c.minConfidence}): a rule must first be an instinct`);
  if (c.promoteAt > c.maxConfidence) p.push(`"promoteAt" (${c.promoteAt}) must not exceed "maxConfidence" (${c.maxConfidence}), or nothing can ever be promoted`);
  if (c.demoteBelow >= c.promoteAt) p.push(`"demoteBelow" (${c.demoteBelow}) must be below "promoteAt" (${c.promoteAt})`);
  if (c.taughtStart > c.maxConfidence) p.push(`"taughtStart" (${c.taughtStart}) must not exceed "maxConfidence" (${c.maxConfidence})`);
  if (c.taughtFloor > c.taughtStart) p.push(`"taughtFloor" (${c.taughtFloor}) must not exceed "taughtStart" (${c.taughtStart}): decay would raise a new instinct`);
  if (c.confirmQuarterAfter < c.confirmHalveAfter) p.push(`"confirmQuarterAfter" (${c.confirmQuarterAfter}) must be at least "confirmHalveAfter" (${c.confirmHalveAfter})`);
  if (c.matureObservations > c.ruleObservations) p.push(`"matureObservations" (${c.matureObservations}) must not exceed "ruleObservations" (${c.ruleObservations})`);
  if (c.matureConfidence > c.ruleConfidence) p.push(`"matureConfidence" (${c.matureConfidence}) must not exceed "ruleConfidence" (${c.ruleConfidence})`);
  if (c.pruneRemoveBelow > c.pruneReviewBelow) p.push(`"pruneRemoveBelow" (${c.pruneRemoveBelow}) must not exceed "pruneReviewBelow" (${c.pruneReviewBelow})`);
  if (c.pruneRemoveUnseenDays < c.pruneReviewUnseenDays) p.push(`"pruneRemoveUnseenDays" (${c.pruneRemoveUnseenDays}) must be at least "pruneReviewUnseenDays" (${c.pruneReviewUnseenDays})`);
  if (c.mergeThreshold > c.duplicateThreshold) p.push(`"mergeThreshold" (${c.mergeThreshold}) must not exceed "duplicateThreshold" (${c.duplicateThreshold})`);
  if (c.retentionDays < c.windowDays) p.push(`"retentionDays" (${c.retentionDays}) must be at least "windowDays" (${c.windowDays}), or observations would be deleted while still in the window`);
  return p;
}

export interface LoadedConfig {
  config: Config;
  sources: Sources;
}

function readJson(path: string, optional = false): unknown {
  let text: string | undefined;
  try {
    // A regular file only, never waited on: a FIFO at config.json would hang every command and hook.
    text = optional ? readRegularTextIfPresent(path) : readRegularText(path);
  } catch (e) {
    throw new ConfigError(`cannot read ${path}: ${readFailure(e)}`);
  }
  if (text === undefined) return undefined;
  try {
    return JSON.parse(withoutBom(text)) as unknown;
  } catch (e) {
    throw new ConfigError(`${path}: expected JSON, ${(e as Error).message}`);
  }
}

function readOptionalJson(path: string): unknown {
  return readJson(path, true);
}

/**
 * Defaults from config/, then the user's config.json in the data home (or HOMUNCULUS_CONFIG).
 * Throws ConfigError listing every problem; never returns a half-valid config.
 */
export function loadConfig(home: string, env: NodeJS.ProcessEnv, root: string = packageRoot(), opts: { defaultsOnly?: boolean } = {}): LoadedConfig {
  const layers: [string, unknown][] = [
    [join(root, 'config', 'defaults.json'), readJson(join(root, 'config', 'defaults.json'))],
    [join(root, 'config', 'decay-config.json'), readJson(join(root, 'config', 'decay-config.json'))],
  ];
  const userPath = env['HOMUNCULUS_CONFIG'] ? env['HOMUNCULUS_CONFIG'] : layout.config(home);
  const user = opts.defaultsOnly ? undefined : env['HOMUNCULUS_CONFIG'] ? readJson(userPath) : readOptionalJson(userPath);
  if (user !== undefined) layers.push([userPath, user]);
  const merged: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const sources: Sources = {};
  const problems: string[] = [];
  for (const [origin, raw] of layers) {
    const p = validateOverrides(raw, origin);
    problems.push(...p);
    if (p.length === 0) {
      for (const [k, v] of Object.entries(raw as object)) {
        merged[k] = v;
        sources[k] = origin;
      }
    }
  }
  if (problems.length === 0) {
    const missing = CONFIG_KEYS.filter((k) => k !== 'rulesFile' && !(k in merged));
    if (missing.length > 0) problems.push(`config/ is missing defaults for: ${missing.join(', ')}`);
  }
  if (problems.length === 0) problems.push(...crossCheck(merged as unknown as Config).map((m) => `${userPath}: ${m}`));
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return { config: { ...merged } as unknown as Config, sources };
}
