import { words } from '../model/keys.js';

// Search over instincts and facts: case-insensitive, over the key, the explanation and the
// metadata. Bare words must all match (AND), `OR` between alternatives, `NOT` before a term,
// `"a phrase"` for words in a row, `prefix*`, parentheses to group. Precedence: NOT binds
// tightest, then AND, then OR (`a b OR c` is `(a AND b) OR c`). A query with characters this
// syntax cannot take (`seq:a->b`, `C++`), unbalanced quotes or parentheses, or parentheses and
// NOTs nested more than MAX_NESTING deep (3,000 overflowed the stack), is matched as a plain
// substring instead.

export type Query =
  | { kind: 'term'; words: string[]; prefix: boolean }
  | { kind: 'not'; q: Query }
  | { kind: 'and'; qs: Query[] }
  | { kind: 'or'; qs: Query[] }
  | { kind: 'substring'; text: string }
  | { kind: 'all' };

const SYNTAX_ONLY = /^[\p{L}\p{N}_\s"*()-]*$/u;

type Token = { t: 'word'; v: string } | { t: 'phrase'; v: string } | { t: 'or' } | { t: 'not' } | { t: '(' } | { t: ')' };

function tokenize(q: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      const end = q.indexOf('"', i + 1);
      if (end === -1) return undefined;
      out.push({ t: 'phrase', v: q.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '(' || c === ')') {
      out.push({ t: c });
      i++;
    } else {
      let j = i;
      while (j < q.length && !/[\s"()]/.test(q[j]!)) j++;
      const w = q.slice(i, j);
      if (w === 'OR') out.push({ t: 'or' });
      else if (w === 'NOT') out.push({ t: 'not' });
      else out.push({ t: 'word', v: w });
      i = j;
    }
  }
  return out;
}

/** How deep parentheses and NOTs may nest: the parser recurses once a level, and so does matching. */
const MAX_NESTING = 100;

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly ts: Token[]) {}
  done(): boolean {
    return this.i >= this.ts.length;
  }
  or(): Query | undefined {
    const qs: Query[] = [];
    for (;;) {
      const a = this.and();
      if (a === undefined) return undefined;
      qs.push(a);
      if (this.ts[this.i]?.t !== 'or') break;
      this.i++;
    }
    return qs.length === 1 ? qs[0] : { kind: 'or', qs };
  }
  private and(): Query | undefined {
    const qs: Query[] = [];
    while (!this.done() && this.ts[this.i]!.t !== 'or' && this.ts[this.i]!.t !== ')') {
      const u = this.unary();
      if (u === undefined) return undefined;
      qs.push(u);
    }
    if (qs.length === 0) return undefined;
    return qs.length === 1 ? qs[0] : { kind: 'and', qs };
  }
  private unary(): Query | undefined {
    const t = this.ts[this.i++];
    if (t === undefined) return undefined;
    if ((t.t === 'not' || t.t === '(') && this.depth >= MAX_NESTING) return undefined;
    if (t.t === 'not') {
      this.depth++;
      const q = this.unary();
      this.depth--;
      return q && { kind: 'not', q };
    }
    if (t.t === '(') {
      this.depth++;
      const q = this.or();
      this.depth--;
      if (this.ts[this.i]?.t !== ')') return undefined;
      this.i++;
      return q;
    }
    if (t.t === 'phrase') {
      const ws = words(t.v);
      return ws.length ? { kind: 'term', words: ws, prefix: false } : undefined;
    }
    if (t.t === 'word') {
      const prefix = t.v.endsWith('*');
      const ws = words(prefix ? t.v.slice(0, -1) : t.v);
      if (ws.length === 0 || (t.v.slice(0, -1).includes('*') && prefix) || (!prefix && t.v.includes('*'))) return undefined;
      return { kind: 'term', words: ws, prefix };
    }
    return undefined;
  }
}

export function parseQuery(q: string): Query {
  const text = q.trim();
  if (text === '') return { kind: 'all' };
  const substring: Query = { kind: 'substring', text: text.toLowerCase() };
  if (!SYNTAX_ONLY.test(text)) return substring;
  const ts = tokenize(text);
  if (ts === undefined) return substring;
  const p = new Parser(ts);
  const parsed = p.or();
  return parsed !== undefined && p.done() ? parsed : substring;
}

export interface Haystack {
  words: string[];
  text: string;
}

export function haystack(parts: readonly (string | undefined)[]): Haystack {
  const text = parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' \u0001 ').toLowerCase();
  return { words: words(text), text };
}

function termMatches(h: Haystack, ws: readonly string[], prefix: boolean): boolean {
  const n = ws.length;
  for (let i = 0; i + n <= h.words.length; i++) {
    let ok = true;
    for (let k = 0; k < n; k++) {
      const w = h.words[i + k]!;
      const last = k === n - 1;
      if (!(w === ws[k] || (last && prefix && w.startsWith(ws[k]!)))) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

export function matches(q: Query, h: Haystack): boolean {
  switch (q.kind) {
    case 'all':
      return true;
    case 'substring':
      return h.text.includes(q.text);
    case 'term':
      return termMatches(h, q.words, q.prefix);
    case 'not':
      return !matches(q.q, h);
    case 'and':
      return q.qs.every((x) => matches(x, h));
    case 'or':
      return q.qs.some((x) => matches(x, h));
  }
}
