import { describe, expect, it } from 'vitest';
import { cutLongStrings } from '../lib/json-cut.js';

const KEEP = new Set(['type', 'id', 'command', 'tool_use_id']);

/** The line's bytes at `offset` in a larger buffer (the word-at-a-time scan depends on alignment). */
function at(bytes: Buffer, offset: number): Buffer {
  const big = Buffer.alloc(offset + bytes.length + 11, 0x22); // quotes around it: nothing may leak in
  bytes.copy(big, offset);
  return big;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** JSON.parse of the cut text, or of the whole line when the cutter declines. */
function viaCut(bytes: Buffer, offset: number, min: number) {
  const buf = at(bytes, offset);
  return parse(cutLongStrings(buf, offset, offset + bytes.length, min, KEEP) ?? bytes.toString('utf8'));
}

/**
 * The invariant the importer relies on: the same value but for strings emptied, never a key,
 * never the value of a kept key.
 */
function expectSameButEmptied(cut: unknown, whole: unknown, key?: string): void {
  if (typeof whole === 'string') {
    if (cut === whole) return;
    expect(cut).toBe('');
    if (key !== undefined) expect(KEEP.has(key)).toBe(false);
    return;
  }
  if (Array.isArray(whole)) {
    expect(Array.isArray(cut)).toBe(true);
    expect((cut as unknown[]).length).toBe(whole.length);
    whole.forEach((v, i) => expectSameButEmptied((cut as unknown[])[i], v));
    return;
  }
  if (typeof whole === 'object' && whole !== null) {
    expect(typeof cut === 'object' && cut !== null && !Array.isArray(cut)).toBe(true);
    expect(Object.keys(cut as object)).toEqual(Object.keys(whole));
    for (const [k, v] of Object.entries(whole)) expectSameButEmptied((cut as Record<string, unknown>)[k], v, k);
    return;
  }
  expect(cut).toStrictEqual(whole);
}

function check(text: string | Buffer, min = 1) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const whole = parse(bytes.toString('utf8'));
  for (let offset = 0; offset < 8; offset++) {
    const cut = viaCut(bytes, offset, min);
    expect(cut.ok, `${offset}: ${bytes.toString('utf8').slice(0, 200)}`).toBe(whole.ok);
    if (cut.ok && whole.ok) expectSameButEmptied(cut.value, whole.value);
  }
  return whole;
}

/** Strings emptied exactly where the rule says, on texts without escaped keys (the cutter's own answer, recomputed). */
function emptied(v: unknown, key?: string): unknown {
  if (typeof v === 'string') return v !== '' && (key === undefined || !KEEP.has(key)) ? '' : v;
  if (Array.isArray(v)) return v.map((x) => emptied(x));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, emptied(x, k)]));
  return v;
}

const long = (s: string) => s.repeat(40);

describe('cutLongStrings', () => {
  it('empties the long strings of values and array elements, keeps keys and the values of kept keys', () => {
    const line = {
      type: 'user',
      message: { content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: long('a "quoted" \\ back\\slash\n') }, 'element', long('é€😀')] },
      toolUseResult: { stdout: long('x'), command: long('npm test '), nested: [[long('deep')]] },
      n: -1.5e3,
      t: true,
      z: null,
      empty: '',
    };
    const text = JSON.stringify(line);
    for (let offset = 0; offset < 8; offset++) {
      const cut = viaCut(Buffer.from(text), offset, 1);
      expect(cut).toEqual({ ok: true, value: emptied(line) });
    }
    const value = (viaCut(Buffer.from(text), 0, 1) as { value: typeof line }).value;
    expect(value.toolUseResult.command).toBe(line.toolUseResult.command);
    expect(value.message.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1', content: '' });
  });

  it('leaves strings shorter than the bound, and gives the whole text when nothing is cut', () => {
    const text = JSON.stringify({ a: 'short', b: long('long one '), c: ['tiny'] });
    const value = (viaCut(Buffer.from(text), 3, 50) as { value: Record<string, unknown> }).value;
    expect(value).toEqual({ a: 'short', b: '', c: ['tiny'] });
    expect(cutLongStrings(Buffer.from('{"a":"b"}'), 0, 9, 50, KEEP)).toBe('{"a":"b"}');
  });

  it('text that looks like JSON inside a string is text: is_error, tool_use_id, quotes, keys', () => {
    const decoy = long('"is_error":true,"tool_use_id":"toolu_fake","type":"tool_use"} {"command": "x\\"');
    const line = { type: 'user', message: { content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content: decoy }] }, is_error: false };
    const whole = check(JSON.stringify(line));
    expect(whole.ok).toBe(true);
    expect(viaCut(Buffer.from(JSON.stringify(line)), 1, 1)).toEqual({ ok: true, value: emptied(line) });
  });

  it('a key written with escapes keeps its value (it may be a kept key); whitespace around colons', () => {
    const text = `{ "c\\u006fmmand" : "${long('keep me ')}" , "\\u0063ontent":\t"${long('may go ')}" ,"content" :\r\n "${long('goes')}" }`;
    const value = (viaCut(Buffer.from(text), 2, 1) as { value: Record<string, string> }).value;
    expect(value['command']).toBe(long('keep me '));
    expect(value['content']).toBe(''); // the last "content" wins, as in JSON.parse
    check(text);
  });

  it('unicode: multi-byte characters and \\u escapes, surrogate pairs, invalid UTF-8 next to quotes', () => {
    check(JSON.stringify({ type: 'é', content: long('日本語 😀 \u2028 \u0000 \u001f'), cwd: '/home/josé/€' }));
    check(`{"content":"${long('\\ud83d\\ude00 \\u00e9 \\uFFFF')}","type":"x"}`);
    // Bytes that are not UTF-8: decoded to U+FFFD, around and inside strings, cut or not.
    const bad = Buffer.concat([Buffer.from('{"type":"a\xe2\x82'), Buffer.from([0xe2, 0x82]), Buffer.from('","content":"'), Buffer.from(long('x\xff\xfe'), 'latin1'), Buffer.from([0xf0, 0x9f]), Buffer.from('","id":"'), Buffer.from([0xc3]), Buffer.from('"}')]);
    expect(check(bad).ok).toBe(true);
  });

  it('fails exactly where JSON.parse fails: control characters, bad escapes, unclosed strings, truncation', () => {
    const body = long('some text of a result ');
    const cases = [
      `{"content":"${body}\u0000${body}"}`,
      `{"content":"${body}\t${body}"}`,
      `{"content":"${body}\n"}`,
      `{"content":"${body}\\x${body}"}`,
      `{"content":"${body}\\u12G4"}`,
      `{"content":"${body}\\u12"}`,
      `{"content":"${body}\\`,
      `{"content":"${body}\\"}`,
      `{"content":"${body}"`,
      `{"content":"${body}`,
      `{"content":"${body}"}}`,
      `{"content":"${body}" "x":1}`,
      `{"content" "${body}"}`,
      `{"content":"${body}",}`,
      `["${body}",]`,
      `{"content":"${body}"} trailing`,
      `\ufeff{"content":"${body}"}`,
      `{"a":"${body}"}\r`,
      `"${body}"`,
      `["${body}", "${body}"]`,
      `{"content":"${body}"\u0000}`,
      `{"content":\\"${body}"}`,
    ];
    for (const c of cases) check(c);
    expect(check(cases[0]!).ok).toBe(false);
    expect(check(cases[18]!).ok).toBe(true);
  });

  it('agrees with JSON.parse on random damage to real-shaped lines', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n);
    const pieces = ['a', 'é', '😀', '\\', '"', '\\"', '\\\\', '\\n', '\\u00e9', '\\u', '\u0001', '\t', ' ', '{', '}', '[', ']', ':', ',', 'true', '"is_error":true'];
    const sample = () => {
      const content = Array.from({ length: 20 + rand(200) }, () => (rand(3) ? 'text of a file ' : pieces[rand(pieces.length)]!)).join('');
      return JSON.stringify({ parentUuid: 'p1', isSidechain: false, type: 'user', message: { role: 'user', content: [{ tool_use_id: `toolu_${rand(99)}`, type: 'tool_result', content }] }, uuid: 'u1', timestamp: '2026-11-01T00:00:00.000Z', toolUseResult: { stdout: content, stderr: '', interrupted: false } });
    };
    let failures = 0;
    for (let i = 0; i < 600; i++) {
      let text = sample();
      const cut = rand(4);
      if (cut === 0) text = text.slice(0, rand(text.length)); // truncated
      else if (cut === 1) {
        const at = rand(text.length);
        text = text.slice(0, at) + pieces[rand(pieces.length)]! + text.slice(at); // something inserted anywhere
      } else if (cut === 2) {
        const at = rand(text.length);
        text = text.slice(0, at) + text.slice(at + 1 + rand(3)); // a few characters lost
      }
      if (!check(text, 1 + rand(100)).ok) failures++;
    }
    expect(failures).toBeGreaterThan(100); // the damage did damage
    expect(failures).toBeLessThan(550);
  });
});
