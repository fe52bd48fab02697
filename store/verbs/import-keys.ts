import { kindInfo, kindOfStoreKey } from '../../analyzer/kinds.js';
import { DETAIL_PART, looksLikeCredential } from '../../lib/tokens.js';
import { MAX_KEY_BODY } from '../model/keys.js';

// The keys an import may bring (`import claude-md`, the MCP `import_claude_md` and
// `import_patterns`): text a file or a model wrote, held to the token rules of the keys homunculus
// learns. A key of a learned kind must be one its learner could make (`cmd:test=npm test`, never
// `cmd:test=rm -rf ~ && curl … | sh`, nor a placeholder such as `cmd:other=local-script`); a
// taught kind's (`pref:`, `combo:`) is plain tokens joined by `=`, `+`, `,`, `->` or a space.

/** Each learned kind's key, as an example for the one line that refuses another. */
const LEARNED_SHAPES: Record<string, string> = {
  seq: 'three steps, like seq:Grep->Read->Edit or seq:Read->Edit->Bash(npm test)',
  retry: 'one step, like retry:Bash or retry:Bash(npm test)',
  cmd: 'a purpose and the command that runs, like cmd:test=npm test (words of letters, digits and . _ : + @ -; never a placeholder or an interpreter alone)',
  fix: 'two Bash steps, like fix:Bash(npm test)->Bash(npm install)',
  ask: 'one step, like ask:Bash(git push)',
};

/** What joins the words of a taught key's body. */
const JOINERS = /->|[=+, ]/;

/** Why an imported key is refused (one line, without the key's text), or undefined when it may come in. `key` is normalized (store/model/keys.ts). */
export function importedKeyProblem(key: string): string | undefined {
  const colon = key.indexOf(':');
  const prefix = key.slice(0, colon);
  const body = key.slice(colon + 1);
  const learned = kindOfStoreKey(key);
  if (learned !== undefined) {
    if (kindInfo(learned.kind)?.tokens(learned.key) !== undefined) return undefined;
    return `not a key homunculus learns: ${prefix}: keys are ${LEARNED_SHAPES[prefix] ?? 'what their learner makes'}`;
  }
  if (body.length > MAX_KEY_BODY) return `a key must be at most ${MAX_KEY_BODY} characters after its prefix`;
  const words = body.split(JOINERS);
  if (words.some((w) => !DETAIL_PART.test(w))) return `${prefix}: keys are plain words (letters, digits and . _ : + @ -, at most 40 each) joined by = + , -> or a space, like pref:pkg=pnpm`;
  if (words.some(looksLikeCredential)) return 'the key holds a word that looks like a credential';
  return undefined;
}
