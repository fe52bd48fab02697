import { createHash } from 'node:crypto';

// Whether a slash-command file is still what install wrote. Install and uninstall replaced and
// removed any file that carried homunculus's marker, so a user's edits to /bye or
// /homunculus-status went without a trace. The marker line now carries a digest of the rest of
// the file: the file is what install wrote exactly when the rest still hashes to it. A file from
// before the digest counts as install's when it is a command template of this version with an
// install's command line in it (any path, any locations carried).

export const COMMAND_MARKER = '# installed by homunculus';
export const LEGACY_COMMAND_MARKER = '<!-- installed by homunculus -->';

const DIGESTED = /^---\r?\n# installed by homunculus \(sha256 ([0-9a-f]{16})\)\r?\n/;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The command file install writes: `rendered` (a template with its command line) with the marker and digest first in its frontmatter. */
export function markedCommand(rendered: string): string {
  return rendered.replace(/^---\n/, `---\n${COMMAND_MARKER} (sha256 ${digest(rendered)})\n`);
}

/** Whether a command file carries homunculus's marker (this version's, an earlier one's, or the HTML comment of the first). */
export function isOurCommand(text: string): boolean {
  return DIGESTED.test(text) || /\n# installed by homunculus\r?\n/.test(text) || text.includes(LEGACY_COMMAND_MARKER);
}

/** An install's command line in a template's place: `NAME='value' ` settings, then `node "<path>"`. */
const CLI_LINE = `(?:[A-Z_]+='(?:[^']|'\\\\'')*' )*node "[^"\\n]*"`;

function fromTemplate(text: string, template: string): boolean {
  const bare = text.replace(`\n${COMMAND_MARKER}\n`, '\n').replace(LEGACY_COMMAND_MARKER, '');
  const pattern = template.split('node "{{HOMUNCULUS_CLI}}"').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(CLI_LINE);
  return new RegExp(`^${pattern}\\n?$`).test(bare);
}

/**
 * What stands at a command file's path: nothing, a file of the user's (no marker), the file install
 * wrote (unchanged since: it may be replaced or removed), or one it wrote that was changed since
 * (edited: it is left alone). `template`: the command's template (commands/<name>.md).
 */
export function commandState(text: string | null, template: string): 'absent' | 'foreign' | 'ours' | 'edited' {
  if (text === null) return 'absent';
  if (!isOurCommand(text)) return 'foreign';
  const m = DIGESTED.exec(text);
  if (m) return digest(`---\n${text.slice(m[0].length)}`) === m[1] ? 'ours' : 'edited';
  return fromTemplate(text, template) ? 'ours' : 'edited';
}
