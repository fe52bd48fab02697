import { appendLine } from '../../lib/append-line.js';
import type { Config } from '../../lib/config.js';
import { layout } from '../../lib/data-home.js';
import { readFreshIndex } from '../files/index-read.js';
import { compact, instinctView, suggestViews, type InstinctView } from './query.js';
import { readRulesDoc } from '../../rules/read.js';

// `suggest` without YAML, yargs or a scan: the index when it is fresh (else undefined, and the
// caller takes the full path), the views at `now`, one line appended to the suggestion log.

export interface SuggestResult {
  project: string | null;
  count: number;
  suggestions: (ReturnType<typeof compact> | InstinctView)[];
}

export function suggestFromIndex(home: string, config: Config, nowMs: number, project: string | null, opts: { full?: boolean; limit?: number; log?: boolean; quick?: boolean } = {}): SuggestResult | undefined {
  const index = readFreshIndex(home, { quick: opts.quick === true });
  if (index === undefined) return undefined;
  const ctx = { config, nowMs, project, rules: readRulesDoc(home), names: new Map<string, string>() };
  return suggestResult(home, index.instincts.map((x) => instinctView(x, ctx)), nowMs, project, opts, config);
}

export function suggestResult(home: string, views: readonly InstinctView[], nowMs: number, project: string | null, opts: { full?: boolean; limit?: number; log?: boolean }, config: Config): SuggestResult {
  const picked = suggestViews(views, project, opts.limit ?? config.searchLimit);
  if (opts.log !== false && picked.length > 0) {
    try {
      appendLine(layout.suggestions(home), JSON.stringify({ ts: new Date(nowMs).toISOString(), project, patterns: picked.map((v) => v.pattern) }));
    } catch {
      // the log is for effectiveness: a suggestion is still worth returning
    }
  }
  return { project, count: picked.length, suggestions: picked.map((v) => (opts.full ? v : compact(v))) };
}
