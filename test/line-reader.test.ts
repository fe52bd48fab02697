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
  await readLines(path, max, (l) => lines.push(l), (n) => overlong.push(n));
  return { lines, overlong };
}

describe('readLines', () => {
  it('splits on \\n and \\r\\n, keeps empty lines and a last line without a newline', async () => {
    expect(await read('a\r\nb\n\nc', 100)).toEqual({ lines: ['a', 'b', '', 'c'], overlong: [] });
  });

  it('joins lines that span read chunks (64 KiB), multi-byte characters split between them included', async () => {
    const long = `${'x'.repeat(65_535)}é${'y'.repeat(70_000)}`; // é straddles the first chunk boundary
    const { lines } = await read(`${long}\nshort\n${'z'.repeat(200_000)}`, 1 << 20);
    expect(lines).toEqual([long, 'short', 'z'.repeat(200_000)]);
  });

  it('drops a line over the bound, whatever chunks it spans, and reports its length', async () => {
    const { lines, overlong } = await read(`ok\n${'a'.repeat(11)}\n${'b'.repeat(10)}\n${'c'.repeat(300_000)}\nend\n${'d'.repeat(12)}`, 10);
    expect(lines).toEqual(['ok', 'b'.repeat(10), 'end']);
    expect(overlong).toEqual([11, 300_000, 12]);
  });

  it('rejects when the path cannot be read', async () => {
    await expect(readLines(tempDir(), 10, () => {}, () => {})).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
