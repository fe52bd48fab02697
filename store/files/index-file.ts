import { writeFileAtomic } from '../../lib/atomic-write.js';
import { layout } from '../../lib/data-home.js';
import type { Fact, Instinct } from '../model/model.js';
import { dirStamps, INDEX_VERSION, type StoreIndex } from './index-read.js';
import { scanFacts, scanInstincts, type Entry } from './scan.js';

// state/store-index.json: every instinct's and fact's frontmatter in one JSON file, with the
// stamp (mtime and size) of the file it came from. Written by every store write; read by the
// fast paths (`homunculus suggest`, the MCP server) instead of parsing hundreds of YAML files.
// It is a cache: a stamp that does not match (a hand edit, a file added or removed) makes the
// reader fall back to the files themselves, and deleting it changes no result.

export { readFreshIndex, type StoreIndex, type IndexedInstinct, type IndexedFact } from './index-read.js';

function strip<T extends { body: string; evidence: string[]; tail?: string; extra: Record<string, unknown> }>(x: T): Omit<T, 'body' | 'evidence' | 'tail' | 'extra'> {
  const { body: _b, evidence: _e, tail: _t, extra: _x, ...rest } = x;
  return rest;
}

export function buildIndex(instincts: readonly Entry<Instinct>[], facts: readonly Entry<Fact>[], dirs?: Record<string, string>): StoreIndex {
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
    ...(dirs ? { dirs } : {}),
  };
}

/**
 * Scans the folders and rewrites the index (the caller holds the lock, or writes nothing else).
 * `reuse`: what the caller read of the files under the same lock, by file name, without the
 * files it wrote since; a file that still has its stamp is not read again.
 */
export function writeIndex(home: string, reuse?: { instincts: ReadonlyMap<string, Entry<Instinct>>; facts: ReadonlyMap<string, Entry<Fact>> }): void {
  const dirs = dirStamps(home); // before reading: a change during the scan leaves it stale, never wrongly fresh
  // Values and stamps only: whether a file is the store's own bytes does not go into the index.
  const instincts = scanInstincts(home, { classify: false, ...(reuse ? { reuse: reuse.instincts } : {}) });
  const facts = scanFacts(home, { classify: false, ...(reuse ? { reuse: reuse.facts } : {}) });
  try {
    writeFileAtomic(layout.storeIndex(home), JSON.stringify(buildIndex(instincts, facts, dirs)));
  } catch {
    // a cache: the readers fall back to the files
  }
}

