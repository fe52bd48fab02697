// Splits a Bash command line into words and control operators, as far as the Bash `detail` needs:
// which words belong to which simple command. Quotes, escapes, `$(...)`, backticks, `${...}`,
// process substitution, comments, redirections and here-documents are understood so that no
// quoted argument text is ever taken for a command separator or a command name. It never throws:
// what it cannot place ends up inside a word marked not `plain`, and such words are never
// recorded. (Why not a library: shell-quote drops newlines, which separate commands, and does
// not understand backticks or here-documents; full Bash parsers are far too heavy for a hook.)

export type ShellOp = '&&' | '||' | ';' | '&' | '\n' | '|' | '(' | ')';

export type ShellToken =
  | { kind: 'word'; text: string; plain: boolean; assignment: boolean }
  | { kind: 'op'; op: ShellOp };

const MAX_NESTING = 16;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
}

/** Skips here-document bodies that start at `i` (just after a newline); returns where the next line starts. */
function skipHeredocBodies(src: string, i: number, pending: Heredoc[]): number {
  for (const h of pending) {
    for (;;) {
      if (i >= src.length) return i;
      const nl = src.indexOf('\n', i);
      const end = nl === -1 ? src.length : nl;
      let line = src.slice(i, end);
      if (h.stripTabs) line = line.replace(/^\t+/, '');
      i = nl === -1 ? src.length : nl + 1;
      if (line === h.delimiter) break;
    }
  }
  pending.length = 0;
  return i;
}

class Lexer {
  readonly tokens: ShellToken[] = [];
  private word = '';
  private inWord = false;
  private plain = true;
  private rawStart = 0;
  /** The next word is a redirection target (dropped) or a here-document delimiter. */
  private target: 'none' | 'file' | 'heredoc' | 'heredoc-strip' = 'none';
  private readonly heredocs: Heredoc[] = [];

  constructor(
    private readonly src: string,
    private readonly level = 0,
  ) {}

  private endWord(at: number): void {
    if (!this.inWord) return;
    if (this.target === 'heredoc' || this.target === 'heredoc-strip') {
      this.heredocs.push({ delimiter: this.word, stripTabs: this.target === 'heredoc-strip' });
    } else if (this.target === 'none') {
      const raw = this.src.slice(this.rawStart, at);
      this.tokens.push({ kind: 'word', text: this.word, plain: this.plain, assignment: ASSIGNMENT.test(raw) });
    }
    this.target = 'none';
    this.word = '';
    this.inWord = false;
    this.plain = true;
  }

  private startWord(at: number): void {
    if (!this.inWord) {
      this.inWord = true;
      this.rawStart = at;
    }
  }

  private op(op: ShellOp, at: number): void {
    this.endWord(at);
    this.target = 'none';
    this.tokens.push({ kind: 'op', op });
  }

  /**
   * Scans from `i`. Nested (inside `$(`, `<(`, `(` of an array): returns the index just after the
   * closing parenthesis that balances the opening one. Top level: returns the end of input.
   */
  scan(i: number, nested: boolean): number {
    const src = this.src;
    const n = src.length;
    let depth = 0;
    while (i < n) {
      const c = src[i]!;
      switch (c) {
        case ' ':
        case '\t':
        case '\r':
          this.endWord(i);
          i++;
          continue;
        case '\n':
          this.op('\n', i);
          i = this.heredocs.length > 0 ? skipHeredocBodies(src, i + 1, this.heredocs) : i + 1;
          continue;
        case '#':
          if (!this.inWord) {
            const nl = src.indexOf('\n', i);
            i = nl === -1 ? n : nl;
            continue;
          }
          break;
        case '\\':
          if (src[i + 1] === '\n') {
            i += 2; // line continuation
            continue;
          }
          this.startWord(i);
          this.word += src[i + 1] ?? '';
          this.plain = false;
          i += 2;
          continue;
        case "'": {
          this.startWord(i);
          const close = src.indexOf("'", i + 1);
          const end = close === -1 ? n : close;
          this.word += src.slice(i + 1, end);
          this.plain = false;
          i = end + 1;
          continue;
        }
        case '"':
          this.startWord(i);
          this.plain = false;
          i = this.doubleQuoted(i + 1);
          continue;
        case '`': {
          this.startWord(i);
          this.plain = false;
          const end = this.backtick(i + 1);
          this.word += src.slice(i, end);
          i = end;
          continue;
        }
        case '$': {
          this.startWord(i);
          this.plain = false;
          const end = this.dollar(i);
          this.word += src.slice(i, end);
          i = end;
          continue;
        }
        case '<':
        case '>': {
          if (src[i + 1] === '(') {
            // process substitution: one opaque word
            this.startWord(i);
            this.plain = false;
            i = this.sub(i + 2);
            continue;
          }
          // A word of digits right before a redirection is a file descriptor, not an argument.
          if (this.inWord && this.plain && /^[0-9]+$/.test(this.word)) {
            this.word = '';
            this.inWord = false;
          }
          this.endWord(i);
          if (c === '<' && src.startsWith('<<<', i)) {
            i += 3;
            this.target = 'file';
          } else if (c === '<' && src.startsWith('<<-', i)) {
            i += 3;
            this.target = 'heredoc-strip';
          } else if (c === '<' && src[i + 1] === '<') {
            i += 2;
            this.target = 'heredoc';
          } else {
            i += 1;
            if (src[i] === '>' || src[i] === '&' || src[i] === '|' || (c === '<' && src[i] === '>')) i++;
            this.target = 'file';
          }
          continue;
        }
        case '&':
          if (src[i + 1] === '&') {
            this.op('&&', i);
            i += 2;
          } else if (src[i + 1] === '>') {
            this.endWord(i);
            i += src[i + 2] === '>' ? 3 : 2;
            this.target = 'file';
          } else {
            this.op('&', i);
            i += 1;
          }
          continue;
        case '|':
          if (src[i + 1] === '|') {
            this.op('||', i);
            i += 2;
          } else {
            this.op('|', i);
            i += src[i + 1] === '&' ? 2 : 1;
          }
          continue;
        case ';':
          this.op(';', i);
          i += src[i + 1] === ';' ? 2 : src[i + 1] === '&' ? 2 : 1;
          continue;
        case '(':
          if (this.inWord && this.word.endsWith('=')) {
            // array assignment: a=(x y)
            this.plain = false;
            i = this.sub(i + 1);
            continue;
          }
          this.op('(', i);
          depth++;
          i++;
          continue;
        case ')':
          this.endWord(i);
          if (nested && depth === 0) return i + 1;
          this.op(')', i);
          depth--;
          i++;
          continue;
        default:
          break;
      }
      this.startWord(i);
      this.word += c;
      i++;
    }
    this.endWord(n);
    return n;
  }

  /**
   * A nested scan whose tokens are thrown away (the text inside `$( )` and the like). Nesting
   * deeper than anyone writes by hand makes the rest of the line one opaque word rather than
   * a stack overflow.
   */
  private sub(i: number): number {
    if (this.level >= MAX_NESTING) return this.src.length;
    return new Lexer(this.src, this.level + 1).scan(i, true);
  }

  /** From just after an opening `"`; appends the text and returns the index after the closing quote. */
  private doubleQuoted(i: number): number {
    const src = this.src;
    const n = src.length;
    while (i < n) {
      const c = src[i]!;
      if (c === '"') return i + 1;
      if (c === '\\') {
        const next = src[i + 1];
        if (next === '\n') {
          i += 2;
          continue;
        }
        this.word += next === '"' || next === '\\' || next === '$' || next === '`' ? next : `\\${next ?? ''}`;
        i += 2;
        continue;
      }
      if (c === '`') {
        const end = this.backtick(i + 1);
        this.word += src.slice(i, end);
        i = end;
        continue;
      }
      if (c === '$') {
        const end = this.dollar(i);
        this.word += src.slice(i, end);
        i = end;
        continue;
      }
      this.word += c;
      i++;
    }
    return n;
  }

  /** From just after an opening backtick; returns the index after the closing one. */
  private backtick(i: number): number {
    const src = this.src;
    while (i < src.length) {
      if (src[i] === '\\') i += 2;
      else if (src[i] === '`') return i + 1;
      else i++;
    }
    return src.length;
  }

  /** At a `$`: returns the index after the expansion it starts. */
  private dollar(i: number): number {
    const src = this.src;
    const next = src[i + 1];
    if (next === '(') return this.sub(i + 2);
    if (next === '{') {
      let depth = 0;
      for (let k = i + 1; k < src.length; k++) {
        const c = src[k];
        if (c === '\\') k++;
        else if (c === '{') depth++;
        else if (c === '}' && --depth === 0) return k + 1;
      }
      return src.length;
    }
    if (next === "'") {
      for (let k = i + 2; k < src.length; k++) {
        if (src[k] === '\\') k++;
        else if (src[k] === "'") return k + 1;
      }
      return src.length;
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(src.slice(i + 1, i + 130));
    return i + 1 + (m ? m[0].length : 0);
  }
}

/** The words and operators of a command line. Redirections and here-document bodies are dropped. */
export function shellTokens(command: string): ShellToken[] {
  const lexer = new Lexer(command);
  lexer.scan(0, false);
  return lexer.tokens;
}
