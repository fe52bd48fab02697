import { existsSync } from 'node:fs';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import type { Config } from '../../lib/config.js';
import { readDataFile } from '../../lib/data-files.js';
import { layout } from '../../lib/data-home.js';
import { readEvents, type StoreEvent } from '../files/events.js';
import { buildIndex } from '../files/index-file.js';
import { dirStamps, readFreshIndex, type StoreIndex } from '../files/index-read.js';
import { readIfFile } from '../files/io.js';
import { projectNames } from '../files/projects.js';
import { factView, instinctView, type FactView, type InstinctView, type ReadCtx, type Suggestion } from './query.js';
import { isFormerId } from '../model/keys.js';
import { readRulesDoc } from '../../rules/read.js';
import { scanFacts, scanInstincts } from '../files/scan.js';

// The store as the CLI and the MCP server see it: what is in it now (from the index when it is
// fresh, else from the files), as views at `now` for the current project.

export interface StoreCtx {
  home: string;
  config: Config;
  now: Date;
  /** The current project's id (as the hooks compute it), or null. */
  project: string | null;
  projectName?: string;
  /** The current Claude Code session, when known (the MCP server's caller). */
  session?: string;
}

export function readCtx(ctx: StoreCtx): ReadCtx {
  return { config: ctx.config, nowMs: ctx.now.getTime(), project: ctx.project, rules: readRulesDoc(ctx.home), names: projectNames(ctx.home) };
}

/** The index if it still matches every file, else a fresh scan (which also rewrites the index). */
export function loadIndex(home: string): StoreIndex {
  const fresh = readFreshIndex(home);
  if (fresh) return fresh;
  const dirs = dirStamps(home);
  const instincts = scanInstincts(home);
  const facts = scanFacts(home);
  const index = buildIndex(instincts, facts, dirs);
  // A cache for the next reader (atomic; a stale one is detected by its stamps). Never creates
  // the data home, and never when a first-release file is still to be migrated.
  if (existsSync(layout.instincts(home)) && !instincts.some((e) => e.legacy)) {
    try {
      writeFileAtomic(layout.storeIndex(home), JSON.stringify(index));
    } catch {
      // read-only data home: fine
    }
  }
  return index;
}

export interface Snapshot {
  instincts: InstinctView[];
  facts: FactView[];
  problems: { file: string; problem: string }[];
  ctx: ReadCtx;
}

export function snapshot(ctx: StoreCtx, index: StoreIndex = loadIndex(ctx.home)): Snapshot {
  const rc = readCtx(ctx);
  const suggested = suggestionCounts(ctx.home);
  const instincts = index.instincts.map((x) => {
    const v = instinctView(x, rc);
    v.suggested = Math.max(v.suggested, suggested.get(v.pattern) ?? 0);
    return v;
  });
  return { instincts, facts: index.facts.map((f) => factView(f, rc)), problems: index.problems, ctx: rc };
}

export function events(home: string): StoreEvent[] {
  return readEvents(home);
}

export function readSuggestions(home: string): Suggestion[] {
  const bytes = readIfFile(layout.suggestions(home));
  if (bytes === undefined) return [];
  const out: Suggestion[] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (!line) continue;
    try {
      const s = JSON.parse(line) as Suggestion;
      if (typeof s?.ts === 'string' && Array.isArray(s.patterns)) out.push(s);
    } catch {
      // torn line
    }
  }
  return out;
}

function suggestionCounts(home: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of readSuggestions(home)) for (const p of s.patterns) m.set(p, (m.get(p) ?? 0) + 1);
  return m;
}

/** Finds an instinct by id, by pattern key (any spacing), or by an alias. */
export function findInstinct(views: readonly InstinctView[], ref: string, aliases: ReadonlyMap<string, string> = new Map()): InstinctView | undefined {
  const byId = views.find((v) => v.id === ref);
  if (byId) return byId;
  const norm = (s: string) => s.toLowerCase().replace(/\s*(->|\+|=|,|:)\s*/g, '$1').replace(/\s+/g, ' ').trim();
  const key = norm(ref);
  const target = aliases.get(key);
  return (
    views.find((v) => norm(v.pattern) === key) ??
    (target !== undefined ? views.find((v) => norm(v.pattern) === norm(target)) : undefined) ??
    // An id an earlier version gave it (longer than ids are now): it still finds the instinct.
    views.find((v) => isFormerId(ref, v.pattern))
  );
}

/** aliases.json: normalised key (lower case) -> target key. */
export function readAliases(home: string): Map<string, string> {
  try {
    const v = JSON.parse(readDataFile(aliasesPath(home)).toString('utf8')) as { aliases?: Record<string, unknown> };
    const out = new Map<string, string>();
    for (const [k, t] of Object.entries(v?.aliases ?? {})) if (typeof t === 'string') out.set(k, t);
    return out;
  } catch {
    return new Map();
  }
}

export function aliasesPath(home: string): string {
  return layout.aliases(home);
}
