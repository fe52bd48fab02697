import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines } from '../lib/line-reader.js';
import { tempDir } from './helpers.js';

async function read(content: string | Buffer, max: number) {
  const path = join(tempDir(), 'lines.jsonl');
  writeFileSync(path, content);
  const lines: string[] = [];
  const overlong: number[] = [];
  readLines(path, max, (buf, start, end) => lines.push(buf.toString('utf8', start, end)), (n) => overlong.push(n));
  return { lines, overlong };
}

describe('readLines', () => {
  it('splits on \\n and \\r\\n, keeps empty lines and a last line without a newline', async () => {
    expect(await read('a\r\nb\n\nc', 100)).toEqual({ lines: ['a', 'b', '', 'c'], overlong: [] });
  });

  it('joins lines that span read chunks (1 MiB), multi-byte characters split between them included', async () => {
    const MiB = 1 << 20;
    const long = `${'x'.repeat(MiB - 1)}é${'y'.repeat(70_000)}`; // é straddles the first chunk boundary
    const { lines } = await read(`${long}\nshort\r\n${'z'.repeat(200_000)}`, 2 * MiB);
    expect(lines).toEqual([long, 'short', 'z'.repeat(200_000)]);
  });

  it('holds a line longer than its buffer (up to the bound), and reads on after it', async () => {
    const MiB = 1 << 20;
    const lines = [`a${'é'.repeat(1_500_000)}`, 'b'.repeat(3 * MiB + 5), 'c', 'd'.repeat(MiB), `e${'f'.repeat(MiB - 1)}`, 'g'.repeat(MiB + 1), 'h'];
    const text = `${lines.join('\n')}\r\n`;
    expect(await read(text, 4 * MiB)).toEqual({ lines, overlong: [] });
    // The bound counts bytes before the newline: 3 MiB + 5 is over a 3 MiB + 4 bound, 3,000,001 bytes of é are not.
    expect(await read(text, 3 * MiB + 4)).toEqual({ lines: lines.filter((l) => !l.startsWith('b')), overlong: [3 * MiB + 5] });
    // Exactly at the bound is kept, one byte over is not, whatever the chunks.
    expect(await read(text, MiB)).toEqual({ lines: ['c', lines[3], lines[4], 'h'], overlong: [Buffer.byteLength(lines[0]!), 3 * MiB + 5, MiB + 1] });
  });

  it('drops a line over the bound, whatever chunks it spans, and reports its length', async () => {
    const { lines, overlong } = await read(`ok\n${'a'.repeat(11)}\n${'b'.repeat(10)}\n${'c'.repeat(300_000)}\nend\n${'d'.repeat(12)}`, 10);
    expect(lines).toEqual(['ok', 'b'.repeat(10), 'end']);
    expect(overlong).toEqual([11, 300_000, 12]);
  });

  it('gives what splitting the whole text gives, on random lines about the buffer size and the bound', async () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n);
    const MiB = 1 << 20;
    const sizes = [0, 1, 2, MiB - 1, MiB, MiB + 1, 2 * MiB - 3, 2 * MiB + 2];
    const parts: string[] = [];
    for (let i = 0; i < 24; i++) {
      const size = rand(3) === 0 ? sizes[rand(sizes.length)]! : rand(5000);
      const ch = ['a', 'é', '€', '\r', '{'][rand(5)]!;
      parts.push(ch.repeat(Math.max(0, Math.floor(size / Buffer.byteLength(ch)))) + (rand(4) === 0 ? '\r' : ''));
    }
    const text = parts.join('\n') + (rand(2) ? '\n' : '');
    for (const bound of [1024, MiB, MiB + 1, 2 * MiB]) {
      const segments = text.split('\n');
      if (segments[segments.length - 1] === '') segments.pop();
      const expected = { lines: [] as string[], overlong: [] as number[] };
      for (const seg of segments) {
        if (Buffer.byteLength(seg) > bound) expected.overlong.push(Buffer.byteLength(seg));
        else expected.lines.push(seg.endsWith('\r') ? seg.slice(0, -1) : seg);
      }
      expect(await read(text, bound)).toEqual(expected);
    }
  });

  it('rejects when the path cannot be read', async () => {
    expect(() => readLines(tempDir(), 10, () => {}, () => {})).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
