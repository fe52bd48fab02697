import { join } from 'node:path';
import { layout } from '../lib/data-home.js';
import { fileStamp, listDir, readIfFile } from './io.js';
import type { Fact, Instinct } from './model.js';

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
}

/** The index when it still describes every file exactly, else undefined. Stat calls only. */
// A long-lived reader (the MCP server) parses the index again only when its file changed.
let cached: { path: string; stamp: string; index: StoreIndex } | undefined;

export function readFreshIndex(home: string): StoreIndex | undefined {
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
