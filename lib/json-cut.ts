// A JSON text with its long strings emptied, read from UTF-8 bytes without decoding the strings:
// for a reader that needs a few short fields of lines whose bulk is text it never reads (a
// transcript's tool results), JSON.parse of the whole line decodes and copies that text twice.
//
// Exactness: every string is scanned as JSON.parse would scan it (no raw control character, only
// the escapes JSON allows) and only a valid string token is replaced, by `""`. A token of one kind
// for another of the same kind keeps a text valid or invalid alike, so JSON.parse of the result
// fails exactly when it fails on the original, and otherwise gives the same value but for the
// emptied strings. A string is emptied only when it is an array element or the value of a key
// the caller does not keep (a key itself never is). The text between strings is decoded as it is,
// cut only before and after a quote (ASCII): a UTF-8 decoder resynchronises on ASCII bytes, so the
// decoded pieces are the decoded whole but for the emptied strings.

/** Escape letters JSON allows after a backslash, besides `u`. */
const ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The index of the quote closing the string whose body starts at `i`, or -1 when the string is
 * not valid JSON or not closed before `end`. Four bytes at a time while none is a quote, a
 * backslash or a control character (bit tricks on 32-bit words: each test is exact for "some
 * byte is"), byte by byte through the word where one is.
 */
function stringEnd(u8: Uint8Array, u32: Uint32Array, i: number, end: number): number {
  const words = end >>> 2; // words wholly before `end`
  for (;;) {
    if ((i & 3) === 0) {
      let w = i >>> 2;
      while (w < words) {
        const x = u32[w]!;
        const q = x ^ 0x22222222;
        const b = x ^ 0x5c5c5c5c;
        if ((((x - 0x20202020) & ~x) | ((q - 0x01010101) & ~q) | ((b - 0x01010101) & ~b)) & 0x80808080) break;
        w++;
      }
      i = w << 2;
    }
    do {
      if (i >= end) return -1;
      const c = u8[i]!;
      if (c === 0x22) return i;
      if (c === 0x5c) {
        if (i + 2 > end) return -1;
        const e = u8[i + 1]!;
        if (ESCAPE[e] === 1) i += 2;
        else if (e === 0x75 && i + 6 <= end && (HEX[u8[i + 2]!]! & HEX[u8[i + 3]!]! & HEX[u8[i + 4]!]! & HEX[u8[i + 5]!]!) === 1) i += 6;
        else return -1;
      } else if (c < 0x20) return -1;
      else i++;
    } while ((i & 3) !== 0);
  }
}

/**
 * The UTF-8 text of `buf[start, end)` with every string of at least `minBytes` bytes (between its
 * quotes, as written) emptied, unless it is a key or the value of a key in `keep` (a key written
 * with escapes counts as kept). Undefined when a string in it is not valid JSON or not closed:
 * the caller parses the whole text, which then fails as it would have.
 */
export function cutLongStrings(buf: Buffer, start: number, end: number, minBytes: number, keep: ReadonlySet<string>): string | undefined {
  const off = buf.byteOffset;
  const u8 = new Uint8Array(buf.buffer, 0, off + end);
  const u32 = new Uint32Array(buf.buffer, 0, (off + end) >>> 2);
  const stop = off + end;
  let i = off + start;
  let copied = i; // bytes before this index are in `text`
  let text = '';
  let prevOpen = -1; // the previous string's quotes: the key, when a colon follows it
  let prevClose = -1;
  for (;;) {
    while (i < stop && u8[i] !== 0x22) i++;
    if (i >= stop) break;
    const close = stringEnd(u8, u32, i + 1, stop);
    if (close === -1) return undefined;
    if (close - i - 1 >= minBytes && cuttable(u8, buf, i, close, stop, prevOpen, prevClose, keep)) {
      text += buf.toString('utf8', copied - off, i + 1 - off);
      copied = close;
    }
    prevOpen = i;
    prevClose = close;
    i = close + 1;
  }
  if (copied === off + start) return buf.toString('utf8', start, end);
  return text + buf.toString('utf8', copied - off, end);
}

function cuttable(u8: Uint8Array, buf: Buffer, open: number, close: number, stop: number, prevOpen: number, prevClose: number, keep: ReadonlySet<string>): boolean {
  let j = close + 1;
  while (j < stop && isSpace(u8[j]!)) j++;
  if (j < stop && u8[j] === 0x3a) return false; // a key
  // The value of the previous string when only a colon (and spaces) stands between them.
  let k = open - 1;
  while (k > prevClose && isSpace(u8[k]!)) k--;
  if (prevClose === -1 || k === prevClose || u8[k] !== 0x3a) return true; // an array element (or not valid JSON)
  k--;
  while (k > prevClose && isSpace(u8[k]!)) k--;
  if (k !== prevClose) return true; // not valid JSON: emptying keeps it so
  const key = buf.toString('latin1', prevOpen + 1 - buf.byteOffset, prevClose - buf.byteOffset);
  return !key.includes('\\') && !keep.has(key);
}
