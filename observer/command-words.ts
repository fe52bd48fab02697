import { layout } from '../lib/data-home.js';
import { readRegularTextIfPresent, withoutBom } from '../lib/regular-file.js';
import { detailPartToken } from '../lib/tokens.js';

// The user's own script and target names (`commandWords` in config.json: "deploy-staging e2e-ci"),
// recorded in a Bash detail beside the common ones (observer/command-table.ts SCRIPT_WORDS).
// Read only when a command names a script the table does not know: the observe hook pays nothing
// for any other call. Only valid detail words count; a damaged config adds none.

/** The words of a `commandWords` value: space-separated, each a valid detail word. */
export function commandWordsOf(value: unknown): Set<string> {
  const out = new Set<string>();
  if (typeof value !== 'string') return out;
  for (const w of value.split(/\s+/)) if (w !== '' && detailPartToken(w) !== undefined) out.add(w);
  return out;
}

/** A set read from the user's config on its first lookup. */
export function lazyCommandWords(home: string, env: NodeJS.ProcessEnv): ReadonlySet<string> {
  let words: Set<string> | undefined;
  const load = () => {
    if (words !== undefined) return words;
    try {
      const text = readRegularTextIfPresent(env['HOMUNCULUS_CONFIG'] || layout.config(home), { maxBytes: 1024 * 1024 });
      words = commandWordsOf(text === undefined ? undefined : (JSON.parse(withoutBom(text)) as { commandWords?: unknown }).commandWords);
    } catch {
      words = new Set();
    }
    return words;
  };
  return { has: (w: string) => load().has(w) } as ReadonlySet<string>;
}
