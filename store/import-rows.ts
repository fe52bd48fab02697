import { writeFactIn } from './facts.js';
import { key, mutate, resolve, StoreError } from './mutate.js';
import { textSimilarity, valuesDiffer } from './similarity.js';
import type { StoreCtx } from './store.js';
import { teachIn, type TeachInput } from './teach.js';

// `homunculus import` of rows (the markdown and pattern imports): each row is taught as
// `imported`, or states a fact, under the run's caps; a bad row is skipped with why.

export interface ImportRow extends TeachInput {
  fact?: string;
}

export interface ImportResult {
  created: string[];
  reinforced: string[];
  facts: string[];
  /** Rows over this run's caps (maxNewInstinctsPerRun, maxNewFactsPerRun), or invalid, with why. */
  skipped: { row: number; reason: string }[];
}

/** Each row reinforces like observe (new ones are `imported`); a given confidence raises, never lowers. */
export function importPatterns(ctx: StoreCtx, rows: readonly ImportRow[], from?: string): ImportResult {
  return mutate(ctx, (m) => {
    const out: ImportResult = { created: [], reinforced: [], facts: [], skipped: [] };
    let newFacts = 0;
    rows.forEach((row, i) => {
      try {
        if (typeof row.fact === 'string') {
          const known = m.facts.some((e) => e.value && textSimilarity(e.value.text, row.fact!) >= m.ctx.config.duplicateThreshold && !valuesDiffer(e.value.text, row.fact!));
          if (!known && newFacts >= m.ctx.config.maxNewFactsPerRun) {
            out.skipped.push({ row: i + 1, reason: `over maxNewFactsPerRun (${m.ctx.config.maxNewFactsPerRun}) new facts in one import` });
            return;
          }
          const r = writeFactIn(m, { fact: row.fact, ...(row.domain ? { domain: row.domain } : {}), ...(row.scope ? { scope: row.scope } : {}) }, 'imported');
          if (r.created) newFacts++;
          out.facts.push(r.id);
          return;
        }
        const pattern = key(row.pattern);
        if (resolve(m, pattern) === undefined && out.created.length >= m.ctx.config.maxNewInstinctsPerRun) {
          out.skipped.push({ row: i + 1, reason: `over maxNewInstinctsPerRun (${m.ctx.config.maxNewInstinctsPerRun}) new instincts in one import` });
          return;
        }
        const r = teachIn(m, { ...row, pattern, source: 'imported', ...(from ? { imported_from: from } : {}) });
        (r.created ? out.created : out.reinforced).push(r.id);
      } catch (e) {
        if (!(e instanceof StoreError)) throw e;
        out.skipped.push({ row: i + 1, reason: e.message });
      }
    });
    return out;
  });
}
