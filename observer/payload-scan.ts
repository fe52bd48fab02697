// A streaming scanner for hook payloads. Claude Code sends the whole tool input and response on
// stdin (a Read can be tens of MiB); the observer needs a dozen small fields. Instead of buffering
// and JSON.parse-ing everything, this walks the bytes once, keeps only the wanted scalar values,
// and knows the moment the top-level object closes (stdin is not always closed after it).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OBJ = 1;
const ARR = 2;

/** Top-level fields whose scalar values are kept. */
const TOP_FIELDS = new Set([
  'session_id', 'hook_event_name', 'tool_name', 'tool_use_id', 'duration_ms', 'agent_id', 'agent_type',
  'cwd', 'is_interrupt', 'prompt', 'stop_hook_active', 'source', 'transcript_path', 'reason', 'error',
]);
/** Fields kept one level down, by parent. A Map: a payload's key (`toString`, `__proto__`) is never a member of it. */
const NESTED_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['tool_input', new Set(['command'])],
  ['tool_response', new Set(['interrupted'])],
]);
const KEY_LIMIT = 64;
const VALUE_LIMIT = 64 * 1024;

export type Scalar = string | number | boolean | null;

export interface ScannedPayload {
  top: Map<string, Scalar>;
  nested: Map<string, Scalar>; // "tool_input.command" -> value
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function decodeString(raw: Buffer): string | undefined {
  try {
    return JSON.parse(`"${raw.toString('utf8')}"`) as string;
  } catch {
    return undefined;
  }
}

/** Is the run of backslashes ending just before `end` (and not before `floor`) odd? */
function oddBackslashesBefore(chunk: Buffer, end: number, floor: number): boolean {
  let k = end - 1;
  while (k >= floor && chunk[k] === BACKSLASH) k--;
  return (end - 1 - k) % 2 === 1;
}

export class PayloadScanner {
  readonly result: ScannedPayload = { top: new Map(), nested: new Map() };
  /** The top-level object has closed. */
  done = false;
  /** The input cannot be a payload (not an object). */
  error: string | undefined;
  bytes = 0;

  private readonly stack: number[] = [];
  private expectKey = false;
  private inString = false;
  private escape = false;
  private stringIsKey = false;
  private inScalar = false;
  private capturing = false;
  private parts: Buffer[] = [];
  private partsLength = 0;
  private overflow = false;
  private limit = 0;
  private target = ''; // where a captured value goes: "top:<key>" or "nested:<a.b>"
  private key1 = '';
  private key2 = '';

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    let i = 0;
    const n = chunk.length;
    while (i < n && !this.done && this.error === undefined) {
      if (this.inString) {
        i = this.scanString(chunk, i);
        continue;
      }
      const c = chunk[i]!;
      if (this.inScalar) {
        if (c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c)) {
          this.inScalar = false;
          this.endCapture(false);
          continue; // re-read c as structure
        }
        if (this.capturing) this.take(chunk, i, i + 1);
        i++;
        continue;
      }
      i++;
      if (isSpace(c)) continue;
      const depth = this.stack.length;
      if (depth === 0 && c !== 0x7b) {
        this.error = `expected a JSON object, found ${JSON.stringify(String.fromCharCode(c))}`;
        return;
      }
      switch (c) {
        case 0x7b: // {
          this.stack.push(OBJ);
          this.expectKey = true;
          break;
        case 0x5b: // [
          this.stack.push(ARR);
          break;
        case 0x7d: // }
        case 0x5d: // ]
          this.stack.pop();
          if (this.stack.length === 0) this.done = true;
          if (this.stack.length === 1) this.key2 = '';
          break;
        case 0x2c: // ,
          if (this.stack[depth - 1] === OBJ) this.expectKey = true;
          break;
        case 0x3a: // :
          break;
        case QUOTE:
          this.inString = true;
          this.escape = false;
          if (this.stack[depth - 1] === OBJ && this.expectKey) {
            this.stringIsKey = true;
            this.expectKey = false;
            if (depth <= 2) this.startCapture(KEY_LIMIT, 'key');
          } else {
            this.stringIsKey = false;
            this.startValue(depth);
          }
          break;
        default:
          this.inScalar = true;
          this.startValue(depth);
          if (this.capturing) this.take(chunk, i - 1, i);
      }
    }
  }

  /**
   * Consumes string bytes from i; returns the index after what it consumed. Finds each quote with
   * indexOf (memchr speed) and decides whether it is escaped by the parity of the backslashes
   * just before it: escapes like `\n` are everywhere in file contents and cost nothing here.
   */
  private scanString(chunk: Buffer, i: number): number {
    const n = chunk.length;
    let pos = i;
    if (this.escape) {
      this.escape = false;
      pos++;
    }
    const floor = pos; // bytes before this were settled by an earlier chunk
    for (;;) {
      const q = pos < n ? chunk.indexOf(QUOTE, pos) : -1;
      if (q === -1) {
        this.escape = oddBackslashesBefore(chunk, n, floor);
        if (this.capturing) this.take(chunk, i, n);
        return n;
      }
      if (oddBackslashesBefore(chunk, q, floor)) {
        pos = q + 1;
        continue;
      }
      if (this.capturing) this.take(chunk, i, q);
      this.inString = false;
      this.endCapture(true);
      return q + 1;
    }
  }

  private startValue(depth: number): void {
    if (depth === 1 && TOP_FIELDS.has(this.key1)) {
      this.target = `top:${this.key1}`;
      this.startCapture(VALUE_LIMIT, 'value');
    } else if (depth === 2 && NESTED_FIELDS.get(this.key1)?.has(this.key2) && this.stack[0] === OBJ && this.stack[1] === OBJ) {
      this.target = `nested:${this.key1}.${this.key2}`;
      this.startCapture(VALUE_LIMIT, 'value');
    }
  }

  private captureKind: 'key' | 'value' = 'value';

  private startCapture(limit: number, kind: 'key' | 'value'): void {
    this.capturing = true;
    this.captureKind = kind;
    this.limit = limit;
    this.parts = [];
    this.partsLength = 0;
    this.overflow = false;
  }

  private take(chunk: Buffer, from: number, to: number): void {
    if (to <= from || this.overflow) return;
    if (this.partsLength + (to - from) > this.limit) {
      this.overflow = true;
      this.parts = [];
      return;
    }
    // Copy: the chunk's memory is reused by the stream.
    this.parts.push(Buffer.from(chunk.subarray(from, to)));
    this.partsLength += to - from;
  }

  private endCapture(wasString: boolean): void {
    if (wasString && this.stringIsKey) {
      const depth = this.stack.length;
      let key = '';
      if (this.capturing && !this.overflow) key = decodeString(Buffer.concat(this.parts)) ?? '';
      if (depth === 1) this.key1 = key;
      else if (depth === 2) this.key2 = key;
      this.capturing = false;
      return;
    }
    if (!this.capturing) return;
    this.capturing = false;
    if (this.overflow || this.captureKind !== 'value') return;
    const raw = Buffer.concat(this.parts);
    let value: Scalar | undefined;
    if (wasString) {
      value = decodeString(raw);
    } else {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        if (typeof parsed === 'number' || typeof parsed === 'boolean' || parsed === null) value = parsed;
      } catch {
        value = undefined;
      }
    }
    if (value === undefined) return;
    if (this.target.startsWith('top:')) this.result.top.set(this.target.slice(4), value);
    else this.result.nested.set(this.target.slice(7), value);
  }

  /** Call at end of input: a scalar at the very end has no terminator. */
  finish(): void {
    if (this.inScalar) {
      this.inScalar = false;
      this.endCapture(false);
    }
  }
}

/** Convenience for tests and small inputs. */
export function scanPayload(input: Buffer | string): { payload: ScannedPayload; done: boolean; error: string | undefined } {
  const s = new PayloadScanner();
  s.push(typeof input === 'string' ? Buffer.from(input) : input);
  s.finish();
  return { payload: s.result, done: s.done, error: s.error };
}
