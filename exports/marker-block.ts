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

interface Span {
  /** Where the start marker's line begins, and where the end marker's line ends (before its line break). */
  from: number;
  to: number;
  /** Where the start marker's line ends and the end marker's line begins: the body between. */
  bodyFrom: number;
  bodyTo: number;
}

/**
 * The block: a start marker's line and the first end marker's line after it, with no other start
 * marker between (the nearest start before that end). A marker counts only on a line of its own
 * (spaces around it allowed) and outside a fenced code block: a marker quoted in the user's prose
 * or shown in an example is the user's text. A start marker without an end is left alone.
 */
function span(text: string, start: string, end: string): Span | undefined {
  let fence: string | undefined;
  let open: { from: number; bodyFrom: number } | undefined;
  for (let at = 0; at <= text.length; ) {
    const nl = text.indexOf('\n', at);
    const lineEnd = nl === -1 ? text.length : nl;
    const contentEnd = lineEnd > at && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const line = text.slice(at, contentEnd).replace(/^\uFEFF/, '');
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark !== undefined && (fence === undefined || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) fence = fence === undefined ? fenceMark : undefined;
    else if (fence === undefined) {
      const t = line.trim();
      if (t === start) open = { from: at + (text.startsWith('\uFEFF', at) ? 1 : 0), bodyFrom: contentEnd };
      else if (t === end && open !== undefined) return { from: open.from, to: contentEnd, bodyFrom: open.bodyFrom, bodyTo: at };
    }
    if (nl === -1) break;
    at = nl + 1;
  }
  return undefined;
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

/** The body currently between our markers (or a legacy block's; or between `markers`), without the markers. */
export function blockBody(text: string, markers?: [string, string]): string | undefined {
  for (const [s, e] of markers ? [markers] : ([[START, END], ...LEGACY] as [string, string][])) {
    const at = span(text, s, e);
    if (at) return text.slice(at.bodyFrom, at.bodyTo).replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  }
  return undefined;
}
