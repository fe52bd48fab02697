import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import type { Config } from '../lib/config.js';
import { layout } from '../lib/data-home.js';
import { fileStamp, listDir, readIfFile } from './io.js';
import type { Fact, Instinct } from './model.js';
import { scanFacts, scanInstincts, type Entry } from './scan.js';

// state/store-index.json: every instinct's and fact's frontmatter in one JSON file, with the
// stamp (mtime and size) of the file it came from. Written by every store write; read by the
// fast paths (`homunculus suggest`, the MCP server) instead of parsing hundreds of YAML files.
// It is a cache: a stamp that does not match (a hand edit, a file added or removed) makes the
// reader fall back to the files themselves, and deleting it changes no result.

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

function strip<T extends { body: string; evidence: string[]; tail?: string; extra: Record<string, unknown> }>(x: T): Omit<T, 'body' | 'evidence' | 'tail' | 'extra'> {
  const { body: _b, evidence: _e, tail: _t, extra: _x, ...rest } = x;
  return rest;
}

export function buildIndex(instincts: readonly Entry<Instinct>[], facts: readonly Entry<Fact>[]): StoreIndex {
  const stamps: Record<string, string> = {};
  const problems: StoreIndex['problems'] = [];
  for (const [dir, list] of [['instincts', instincts], ['facts', facts]] as const) {
    for (const e of list) {
      if (e.stamp !== undefined) stamps[`${dir}/${e.file}`] = e.stamp;
      if (e.problem !== undefined) problems.push({ file: `${dir}/${e.file}`, problem: e.problem });
    }
  }
  return {
    version: INDEX_VERSION,
    stamps,
    instincts: instincts.filter((e) => e.value).map((e) => strip(e.value!)),
    facts: facts.filter((e) => e.value).map((e) => strip(e.value!)),
    problems,
  };
}

/** Scans the folders and rewrites the index (the caller holds the lock, or writes nothing else). */
export function writeIndex(home: string, _config?: Config, _nowIso?: string): { instincts: Entry<Instinct>[]; facts: Entry<Fact>[] } {
  const instincts = scanInstincts(home);
  const facts = scanFacts(home);
  try {
    writeFileAtomic(layout.storeIndex(home), JSON.stringify(buildIndex(instincts, facts)));
  } catch {
    // a cache: the readers fall back to the files
  }
  return { instincts, facts };
}

/** The index when it still describes every file exactly, else undefined. Stat calls only. */
export function readFreshIndex(home: string): StoreIndex | undefined {
  const bytes = readIfFile(layout.storeIndex(home));
  if (bytes === undefined) return undefined;
  let index: StoreIndex;
  try {
    index = JSON.parse(bytes.toString('utf8')) as StoreIndex;
  } catch {
    return undefined;
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
