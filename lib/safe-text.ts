// Text a user or a model typed (an instinct's explanation, a taught trigger or action) is data.
// Before it goes into a file an agent reads as instructions (CLAUDE.md, AGENTS.md, SKILL.md,
// generated-rules.md), it becomes one plain line that no Markdown or HTML reader can take for
// markup: no line breaks (a new heading or instruction), no HTML comment or tag, no backticks
// (code spans, fences), no javascript: URL; and it is bounded.

const MAX = 300;

/**
 * Characters that change what a reader sees without being seen: bidirectional overrides and
 * isolates (text shown in another order than the model reads it), zero-width characters, the BOM.
 */
// eslint-disable-next-line no-misleading-character-class
export const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * What Claude Code reads as more than text in the files these lines go into: an `@path` import
 * (a memory file loads the file it names), and in a command file `$ARGUMENTS`, `$1`, `${x}`.
 * A space after the sign leaves the words readable and the syntax broken.
 */
export function breakExpansions(s: string): string {
  return s.replace(/@(?=[^\s@])/g, '@ ').replace(/\$(?=[A-Za-z0-9_{])/g, '$ ');
}

export function safeText(input: unknown, max = MAX): string {
  if (typeof input !== 'string') return '';
  let s = breakExpansions(
    input
      .replace(INVISIBLE, '')
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' '), // line breaks and other controls
  )
    .replace(/!?\[([^\]]*)\]\(/g, '$1 (') // a link or an image: its words, never a fetch
    .replace(/<!--|-->/g, ' ')
    .replace(/</g, '\u2039') // ‹: no tag can open
    .replace(/`+/g, "'")
    .replace(/javascript\s*:/gi, 'javascript ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > max) s = `${s.slice(0, max - 1).trimEnd()}…`;
  return s;
}

/** A trigger as the words after "When ": a typed "when installing" would read "When when installing". */
export function whenClause(trigger: string): string {
  return trigger.replace(/^\s*when\s+/i, '');
}
