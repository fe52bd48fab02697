// A generated block inside a file the user owns (CLAUDE.md, AGENTS.md, .cursorrules, ...): only
// the text between the markers is ours. Every byte outside it stays as it was: a BOM, CRLF line
// endings, the user's text above and below. An older tool's block (`<!-- instinct:start -->`) is
// taken over. Pure: text in, text out; the caller writes only when `changed`.

export const START = '<!-- homunculus:start -->';
export const END = '<!-- homunculus:end -->';
const LEGACY: [string, string][] = [['<!-- instinct:start -->', '<!-- instinct:end -->']];

export interface Injected {
  text: string;
  changed: boolean;
  /** How the block got there. */
  how: 'updated' | 'unchanged' | 'taken over' | 'appended';
}

/** The graduated guidelines' block (`homunculus graduate`), beside the rules' block in the same file. */
export const GUIDELINES: [string, string] = ['<!-- homunculus:guidelines:start -->', '<!-- homunculus:guidelines:end -->'];

/** The block's own text, in the file's line endings: markers, then the body's lines. */
function block(body: string, eol: string, markers: [string, string] = [START, END]): string {
  const lines = body.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  return [markers[0], ...lines, markers[1]].join(eol);
}

/** The span of a start marker and the first end marker after it, or undefined. */
function span(text: string, start: string, end: string): { from: number; to: number } | undefined {
  const from = text.indexOf(start);
  if (from === -1) return undefined;
  const endAt = text.indexOf(end, from + start.length);
  if (endAt === -1) return undefined;
  return { from, to: endAt + end.length };
}

/** Puts `body` between the markers in `text`, creating them at the end when there are none. */
export function injectBlock(text: string, body: string, markers: [string, string] = [START, END]): Injected {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const ours = span(text, markers[0], markers[1]);
  if (ours) {
    const next = text.slice(0, ours.from) + block(body, eol, markers) + text.slice(ours.to);
    return { text: next, changed: next !== text, how: next === text ? 'unchanged' : 'updated' };
  }
  for (const [s, e] of markers[0] === START ? LEGACY : []) {
    const theirs = span(text, s, e);
    if (theirs) return { text: text.slice(0, theirs.from) + block(body, eol) + text.slice(theirs.to), changed: true, how: 'taken over' };
  }
  // At the end, after a blank line; a last line without its line ending gets one first.
  let head = text;
  if (head.length > 0 && !head.endsWith('\n')) head += eol;
  if (head.length > 0 && !head.endsWith(`${eol}${eol}`) && head.replace(/^\uFEFF/, '').length > 0) head += eol;
  return { text: `${head}${block(body, eol, markers)}${eol}`, changed: true, how: 'appended' };
}

/** The body currently between our markers (or a legacy block's), without the markers. */
export function blockBody(text: string): string | undefined {
  for (const [s, e] of [[START, END], ...LEGACY] as [string, string][]) {
    const at = span(text, s, e);
    if (at) return text.slice(at.from + s.length, at.to - e.length).replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  }
  return undefined;
}
