import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { layout } from '../../lib/data-home.js';
import { fileStamp, listDir, readIfFile } from './io.js';
import type { Fact, Instinct } from '../model/model.js';

// Reading state/store-index.json (see index-file.ts): no YAML on this path, so that the fast
// paths (`homunculus suggest`, the SessionStart hook's neighbours) stay light.

export const INDEX_VERSION = 1;

export type IndexedInstinct = Omit<Instinct, 'body' | 'evidence' | 'tail' | 'extra'>;
export type IndexedFact = Omit<Fact, 'body' | 'evidence' | 'tail' | 'extra'>;

export interface StoreIndex {
  version: number;
  /** `instincts/<file>` and `facts/<file>` -> stamp. */
  stamps: Record<string, string>;
  instincts: IndexedInstinct[];
  facts: IndexedFact[];
  /** Files that could not be read as instincts or facts, with why. */
  problems: { file: string; problem: string }[];
  /** The folders' stamps, taken before they were read (see readFreshIndex's quick check). */
  dirs?: Record<string, string>;
}

/** The stamps of instincts/ and facts/ (a file added, removed or replaced by rename changes them). */
export function dirStamps(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, path] of [['instincts', layout.instincts(home)], ['facts', layout.facts(home)]] as const) {
    try {
      const st = lstatSync(path);
      out[k] = `${st.mtimeMs}:${st.ino}`;
    } catch {
      out[k] = 'absent';
    }
  }
  return out;
}

/** The index when it still describes every file exactly, else undefined. Stat calls only. */
// A long-lived reader (the MCP server) parses the index again only when its file changed.
let cached: { path: string; stamp: string; index: StoreIndex } | undefined;

/**
 * `quick`: trust the index while the two folders' stamps are unchanged (files added, removed or
 * saved by rename, as editors and the store do, change them), without a stat per file; a file
 * edited in place is then seen at the next store write or analysis, which rewrites the index.
 * Used by `homunculus suggest` alone, which must answer about as fast as node starts.
 */
export function readFreshIndex(home: string, opts: { quick?: boolean } = {}): StoreIndex | undefined {
  const path = layout.storeIndex(home);
  const stamp = fileStamp(path);
  let index: StoreIndex;
  if (cached !== undefined && stamp !== undefined && cached.path === path && cached.stamp === stamp) {
    index = cached.index;
  } else {
    const bytes = readIfFile(path);
    if (bytes === undefined) return undefined;
    try {
      index = JSON.parse(bytes.toString('utf8')) as StoreIndex;
    } catch {
      return undefined;
    }
    if (stamp !== undefined) cached = { path, stamp, index };
  }
  if (index?.version !== INDEX_VERSION || typeof index.stamps !== 'object' || !Array.isArray(index.instincts) || !Array.isArray(index.facts)) return undefined;
  if (opts.quick && index.dirs !== undefined) {
    const now = dirStamps(home);
    return now['instincts'] === index.dirs['instincts'] && now['facts'] === index.dirs['facts'] ? index : undefined;
  }
  let n = 0;
  for (const [dir, path] of [['instincts', layout.instincts(home)], ['facts', layout.facts(home)]] as const) {
    for (const f of listDir(path)) {
      if (!f.endsWith('.md')) continue;
      n++;
      const want = index.stamps[`${dir}/${f}`];
      if (want === undefined || fileStamp(join(path, f)) !== want) return undefined;
    }
  }
  return n === Object.keys(index.stamps).length ? index : undefined;
}
