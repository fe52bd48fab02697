import { createReadStream } from 'node:fs';

/**
 * Calls `line` for each line of a file (without its `\n` or `\r\n`). A line longer than
 * `maxBytes` is never held whole: its bytes are dropped as they arrive and `overlong` is called
 * with its length instead. (readline keeps a whole line in memory, so one line of hundreds of MiB
 * in a transcript would take the process down.) Rejects when the file cannot be read.
 */
export async function readLines(path: string, maxBytes: number, line: (text: string) => void, overlong: (bytes: number) => void): Promise<void> {
  let parts: Buffer[] = [];
  let held = 0;
  let dropping = false;
  let dropped = 0;
  const emit = (buf: Buffer, start: number, end: number) => {
    if (end > start && buf[end - 1] === 0x0d) end--;
    line(buf.toString('utf8', start, end));
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = end - start;
      if (dropping) {
        dropped += piece;
      } else if (held + piece > maxBytes) {
        dropping = true;
        dropped = held + piece;
        parts = [];
        held = 0;
      } else if (nl !== -1 && held === 0) {
        emit(chunk, start, end); // the common case: a whole line inside one chunk
        start = nl + 1;
        continue;
      } else if (piece > 0) {
        parts.push(Buffer.from(chunk.subarray(start, end)));
        held += piece;
      }
      if (nl === -1) break;
      if (dropping) {
        overlong(dropped);
        dropping = false;
        dropped = 0;
      } else {
        const whole = Buffer.concat(parts, held);
        emit(whole, 0, whole.length);
        parts = [];
        held = 0;
      }
      start = nl + 1;
    }
  }
  if (dropping) overlong(dropped);
  else if (held > 0) {
    const whole = Buffer.concat(parts, held);
    emit(whole, 0, whole.length);
  }
}
