// What a store change must leave (issue 30), shared by test/txn.test.ts (in process) and
// test/store-transaction.test.ts (the CLI): the store's own files, and event sums that add up.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseInstinct } from '../store/model/file-format.js';
import { listFiles } from './helpers.js';
import { snapshot } from './history-helpers.js';

/** The store's own files (not the index, a cache, nor the lock). */
export function storeFiles(data: string): Record<string, string> {
  const all = snapshot(data);
  return Object.fromEntries(Object.entries(all).filter(([k]) => /^(?:instincts|facts|archive)(?:\/|$)|^(?:events\.jsonl|aliases\.json|store\.json)$/.test(k)));
}

function eventSums(data: string): Map<string, number> {
  const m = new Map<string, number>();
  if (!existsSync(join(data, 'events.jsonl'))) return m;
  for (const line of readFileSync(join(data, 'events.jsonl'), 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const e = JSON.parse(line) as { id: string; delta: number };
      m.set(e.id, Math.round(((m.get(e.id) ?? 0) + e.delta) * 1e4) / 1e4);
    } catch {
      // a torn line
    }
  }
  return m;
}

/** Every instinct's events add up to its confidence; an archived one's to 0. */
export function expectAddsUp(data: string): void {
  const sums = eventSums(data);
  const live = new Set<string>();
  for (const f of listFiles(join(data, 'instincts')).filter((n) => n.endsWith('.md'))) {
    const x = parseInstinct(readFileSync(join(data, 'instincts', f), 'utf8'));
    live.add(x.id);
    expect(sums.get(x.id) ?? 0, x.id).toBeCloseTo(x.confidence, 4);
  }
  for (const [id, sum] of sums) if (!live.has(id) && !id.startsWith('fact:')) expect(sum, id).toBeCloseTo(0, 4);
}

/** The observation count of the instinct whose file name starts with `prefix`. */
export function instinctObservations(data: string, prefix: string): number {
  const f = listFiles(join(data, 'instincts')).find((n) => n.startsWith(prefix))!;
  return parseInstinct(readFileSync(join(data, 'instincts', f), 'utf8')).observations;
}
