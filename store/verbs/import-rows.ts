import { writeFactIn } from './facts.js';
import { importedKeyProblem } from './import-keys.js';
import { key, mutate, resolve, StoreError } from './mutate.js';
import { textSimilarity, valuesDiffer } from '../views/similarity.js';
import type { StoreCtx } from '../views/snapshot.js';
import { teachIn, type TeachInput } from './teach.js';

// `homunculus import` of rows (the markdown and pattern imports): each row is taught as
// `imported`, or states a fact, under the run's caps; a bad row is skipped with why. What comes
// in is text a file or a model wrote: it is this project's, at the taught starting confidence,
// and its key holds to the token rules of learned keys (store/verbs/import-keys.ts). Global only when
// the user says so on the command line (`import claude-md --global`), never by a row.

export interface ImportRow extends Omit<TeachInput, 'confidence'> {
  fact?: string;
}

export interface ImportOptions {
  /** The user's own `--global`: every row goes to the global scope. */
  global?: boolean;
}

/** Why a row's scope is refused, or undefined: the rows' words never make anything global. */
function scopeProblem(ctx: StoreCtx, row: ImportRow, opts: ImportOptions): string | undefined {
  if (opts.global === true) return undefined;
  if (row.scope === 'global') return `an import is this project's: "scope": "global" is refused (you can make one global with \`homunculus promote <key> --global\`, or import a file with \`homunculus import claude-md <file> --global\`)`;
  if (ctx.project === null) return 'there is no project here to import into: run it in the project, or import with --global';
  return undefined;
}

export interface ImportResult {
  created: string[];
  reinforced: string[];
  facts: string[];
  /** Rows over this run's caps (maxNewInstinctsPerRun, maxNewFactsPerRun), or invalid, with why. */
  skipped: { row: number; reason: string }[];
}

/** Each row reinforces like observe (new ones are `imported`, at the taught starting confidence), in this project unless `opts.global`. */
export function importPatterns(ctx: StoreCtx, rows: readonly ImportRow[], from?: string, opts: ImportOptions = {}): ImportResult {
  return mutate(ctx, (m) => {
    const out: ImportResult = { created: [], reinforced: [], facts: [], skipped: [] };
    let newFacts = 0;
    const scope = opts.global === true ? { scope: 'global' as const } : {};
    rows.forEach((row, i) => {
      try {
        const refused = scopeProblem(m.ctx, row, opts);
        if (refused !== undefined) {
          out.skipped.push({ row: i + 1, reason: refused });
          return;
        }
        if (typeof row.fact === 'string') {
          const known = m.facts.some((e) => e.value && textSimilarity(e.value.text, row.fact!) >= m.ctx.config.duplicateThreshold && !valuesDiffer(e.value.text, row.fact!));
          if (!known && newFacts >= m.ctx.config.maxNewFactsPerRun) {
            out.skipped.push({ row: i + 1, reason: `over maxNewFactsPerRun (${m.ctx.config.maxNewFactsPerRun}) new facts in one import` });
            return;
          }
          const r = writeFactIn(m, { fact: row.fact, ...(row.domain ? { domain: row.domain } : {}), ...scope }, 'imported');
          if (r.created) newFacts++;
          out.facts.push(r.id);
          return;
        }
        const pattern = key(row.pattern);
        const problem = importedKeyProblem(pattern);
        if (problem !== undefined) {
          out.skipped.push({ row: i + 1, reason: problem });
          return;
        }
        if (resolve(m, pattern) === undefined && out.created.length >= m.ctx.config.maxNewInstinctsPerRun) {
          out.skipped.push({ row: i + 1, reason: `over maxNewInstinctsPerRun (${m.ctx.config.maxNewInstinctsPerRun}) new instincts in one import` });
          return;
        }
        // Only the row's words: its scope is the project's (or the user's --global), its confidence the taught start.
        const r = teachIn(m, { pattern, ...words(row), ...scope, source: 'imported', ...(from ? { imported_from: from } : {}) });
        (r.created ? out.created : out.reinforced).push(r.id);
      } catch (e) {
        if (!(e instanceof StoreError)) throw e;
        out.skipped.push({ row: i + 1, reason: e.message });
      }
    });
    return out;
  });
}

/** A row's words, and nothing that would set its scope or confidence. */
function words(row: ImportRow): Pick<TeachInput, 'trigger' | 'action' | 'explain' | 'domain'> {
  return {
    ...(row.trigger !== undefined ? { trigger: row.trigger } : {}),
    ...(row.action !== undefined ? { action: row.action } : {}),
    ...(row.explain !== undefined ? { explain: row.explain } : {}),
    ...(row.domain !== undefined ? { domain: row.domain } : {}),
  };
}
