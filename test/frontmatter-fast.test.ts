// The frontmatter fast path (store/files.ts jsonFrontmatter) must read exactly what the yaml
// package reads, or step aside: every value the store's renderer can write, hostile text
// included, and hand-written YAML that only the yaml package understands.
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { jsonFrontmatter, renderFrontmatter } from '../store/files.js';

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
