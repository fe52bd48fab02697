// The frontmatter fast path (store/model/file-format.ts jsonFrontmatter) must read exactly what the yaml
// package reads, or step aside: every value the store's renderer can write, hostile text
// included, and hand-written YAML that only the yaml package understands.
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { jsonFrontmatter, plainFrontmatter, renderFrontmatter, yamlFrontmatter } from '../store/model/frontmatter.js';

const yamlRead = (front: string) => parseYaml(front, { uniqueKeys: true, maxAliasCount: 0 }) as unknown;

const TEXTS = [
  'plain',
  '',
  'with "double" and \'single\' quotes',
  'back\\slash and \\n written out',
  'a: colon and # hash',
  'line\nbreak and\ttab and \r return',
  'control \u0001\u0007\u001b\u007f chars',
  'unicode Ünïcödé, emoji 😀, CJK 漢字',
  'separators \u2028 and \u2029 and \u0085 and \ufeff BOM',
  '<!-- html --> `code` javascript:alert(1)',
  '{"looks": "like json"}',
  '[1, 2]',
  'true',
  '0123',
  '  leading and trailing  ',
  '- a list item',
  '*anchor &ref !tag',
  '\\u0041 escaped',
  'lone surrogate \ud800 end',
];

describe('frontmatter fast path', () => {
  it('reads what the store renders exactly as the yaml package does, for hostile text too', () => {
    let fast = 0;
    for (const t of TEXTS) {
      const fields = {
        id: 'x-1',
        pattern: `pref:${t}`,
        explain: t,
        confidence: 0.123456789,
        observations: 12,
        tiny: 1e-9,
        big: 12345678901234567890,
        negative: -0.5,
        flag: true,
        none: null,
        list: [t, 'b', t],
        empty: [],
        numbers: [1, 2.5, -3],
      };
      const front = renderFrontmatter(fields);
      const expected = yamlRead(front);
      const got = jsonFrontmatter(front);
      if (got !== undefined) {
        fast++;
        expect(got, JSON.stringify(t)).toEqual(expected);
      }
    }
    // The fast path is taken for most of them (what the analyzer writes is plain text).
    expect(fast).toBeGreaterThan(TEXTS.length / 2);
  });

  it.each([
    ['a comment', 'id: "a" # note\n'],
    ['a block list', 'id: "a"\nlist:\n  - "x"\n'],
    ['a plain scalar', 'id: a\n'],
    ['a YAML-only escape', 'id: "\\e"\n'],
    ['a duplicate key', 'id: "a"\nid: "b"\n'],
    ['a flow mapping', 'extra: {"a": 1}\n'],
    ['a __proto__ key', '__proto__: "x"\n'],
    ['nothing', ''],
    ['a blank line', 'id: "a"\n\nx: 1\n'],
    ['a folded string', 'id: "a\n  b"\n'],
    ['an octal-looking number', 'n: 012\n'],
    ['a YAML float', 'n: .5\n'],
    ['an infinity', 'n: .inf\n'],
  ])('steps aside for %s', (_, front) => {
    expect(jsonFrontmatter(front)).toBeUndefined();
  });
});

describe('frontmatter written without the yaml package', () => {
  // A small deterministic generator (no wall clock, no Math.random): the same cases every run.
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i));
  const KEYS = ['id', 'pattern', 'confidence', 'session_ids', 'x1', 'a_b', 'null', 'true', 'yes', 'on', 'No', '_x', '1a', 'with space', 'k-dash', '__proto__', ''];
  const value = (depth = 0): unknown => {
    switch (rand(depth > 0 ? 8 : 10)) {
      case 0: return TEXTS[rand(TEXTS.length)];
      case 1: return Array.from({ length: rand(12) }, () => ASCII[rand(ASCII.length)]).join('');
      case 2: return [0, 1, -1, 0.95, 1e-7, 1e21, 12345678901234567890, -0, 0.1 + 0.2, NaN, Infinity, 2 ** 53][rand(12)];
      case 3: return rand(2) === 0;
      case 4: return null;
      case 5: return rand(1000) / 7;
      case 6: return `${ASCII[rand(ASCII.length)]}${TEXTS[rand(TEXTS.length)]}`;
      case 7: return undefined;
      case 8: return Array.from({ length: rand(5) }, () => value(depth + 1));
      default: return { k: value(depth + 1) };
    }
  };

  it('writes the same bytes as the yaml package, or steps aside', () => {
    let fast = 0;
    let aside = 0;
    for (let i = 0; i < 3000; i++) {
      const fields: Record<string, unknown> = {};
      // defineProperty: an own key even for __proto__ (plain assignment would set the prototype)
      for (let k = rand(6); k >= 0; k--) Object.defineProperty(fields, KEYS[rand(KEYS.length)]!, { value: value(), enumerable: true, configurable: true, writable: true });
      const plain = plainFrontmatter(fields);
      if (plain === undefined) aside++;
      else {
        fast++;
        expect(plain, JSON.stringify(fields)).toBe(yamlFrontmatter(fields));
      }
    }
    // Both branches are exercised, not one of them by accident.
    expect(fast).toBeGreaterThan(300);
    expect(aside).toBeGreaterThan(300);
  });

  it('matches yaml on every printable ASCII character, alone and in lists', () => {
    for (const c of ASCII) {
      const fields = { id: c, explain: `a${c}b${c}`, list: [c, `${c}${c}`], num: c.charCodeAt(0) / 3 };
      expect(plainFrontmatter(fields), JSON.stringify(c)).toBe(yamlFrontmatter(fields));
    }
  });

  it.each([
    ['a newline', { id: 'a\nb' }],
    ['a control character', { id: 'a\u0001' }],
    ['non-ASCII text', { id: 'Ünïcödé' }],
    ['a line separator', { id: '\u2028' }],
    ['a key yaml would read as null', { null: 1 }],
    ['a key yaml would quote', { 'a b': 1 }],
    ['negative zero', { n: -0 }],
    ['an infinity', { n: Infinity }],
    ['a nested list', { l: [[1]] }],
    ['a mapping', { m: { a: 1 } }],
    ['an undefined value', { u: undefined }],
    ['no fields', {}],
    ['an object of another prototype', Object.assign(Object.create({ inherited: 1 }), { id: 'a' })],
  ])('leaves %s to the yaml package', (_, fields) => {
    expect(plainFrontmatter(fields as Record<string, unknown>)).toBeUndefined();
    expect(renderFrontmatter(fields as Record<string, unknown>)).toBe(yamlFrontmatter(fields as Record<string, unknown>));
  });
});
