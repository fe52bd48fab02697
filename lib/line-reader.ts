import { closeSync, readSync } from 'node:fs';
import { openRegular } from './regular-file.js';

/** Bytes read at a time: also the buffer a line is handed in, unless a line is longer. */
const CHUNK = 1 << 20;

/**
 * Calls `line` for each line of a file (without its `\n` or `\r\n`) as a range of a buffer, so
 * that a caller decodes only the lines it wants: the buffer is reused, its bytes are valid only
 * during the call. A line longer than `maxBytes` is never held whole: its bytes are dropped as
 * they arrive and `overlong` is called with its length instead. (readline keeps a whole line in
 * memory, so one line of hundreds of MiB in a transcript would take the process down.) Reads
 * synchronously, in 1 MiB reads into one buffer (a read stream's callbacks and fresh 64 KiB
 * chunks were a tenth of an import's time). Throws when the file cannot be read or is not a
 * regular file.
 */
export function readLines(path: string, maxBytes: number, line: (buf: Buffer, start: number, end: number) => void, overlong: (bytes: number) => void): void {
  const { fd } = openRegular(path); // a regular file only: a FIFO named *.jsonl is never waited on
  try {
    let buf = Buffer.allocUnsafe(CHUNK);
    let held = 0; // bytes of an unfinished line at the start of buf
    let dropped = -1; // while dropping an overlong line: its bytes so far (held is then 0)
    for (;;) {
      if (held === buf.length) {
        // One unfinished line fills the buffer (and is within the bound): make room for more.
        const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
        buf.copy(bigger, 0, 0, held);
        buf = bigger;
      }
      const n = readSync(fd, buf, held, buf.length - held, null);
      if (n === 0) break;
      const end = held + n;
      let start = 0;
      let nl = buf.indexOf(0x0a, held);
      while (nl !== -1 && nl < end) {
        if (dropped >= 0) {
          overlong(dropped + nl);
          dropped = -1;
        } else if (nl - start > maxBytes) overlong(nl - start);
        else line(buf, start, nl > start && buf[nl - 1] === 0x0d ? nl - 1 : nl);
        start = nl + 1;
        nl = buf.indexOf(0x0a, start);
      }
      if (dropped >= 0) dropped += end - start;
      else if (end - start > maxBytes) dropped = end - start;
      held = dropped >= 0 ? 0 : end - start;
      if (held > 0) {
        if (buf.length > CHUNK && held < CHUNK) {
          // Back to the usual size after a long line.
          const small = Buffer.allocUnsafe(CHUNK);
          buf.copy(small, 0, start, end);
          buf = small;
        } else buf.copyWithin(0, start, end);
      } else if (buf.length > CHUNK) buf = Buffer.allocUnsafe(CHUNK);
    }
    if (dropped >= 0) overlong(dropped);
    else if (held > 0) line(buf, 0, buf[held - 1] === 0x0d ? held - 1 : held);
  } finally {
    closeSync(fd);
  }
}
