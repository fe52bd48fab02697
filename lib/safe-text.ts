// Text a user or a model typed (an instinct's explanation, a taught trigger or action) is data.
// Before it goes into a file an agent reads as instructions (CLAUDE.md, AGENTS.md, SKILL.md,
// generated-rules.md), it becomes one plain line that no Markdown or HTML reader can take for
// markup: no line breaks (a new heading or instruction), no HTML comment or tag, no backticks
// (code spans, fences), no javascript: URL; and it is bounded.

const MAX = 300;

export function safeText(input: unknown, max = MAX): string {
  if (typeof input !== 'string') return '';
  let s = input
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ') // line breaks and other controls
    .replace(/<!--|-->/g, ' ')
    .replace(/</g, '\u2039') // ‹: no tag can open
    .replace(/`+/g, "'")
    .replace(/javascript\s*:/gi, 'javascript ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > max) s = `${s.slice(0, max - 1).trimEnd()}…`;
  return s;
}
