import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { ensurePrivateDir, idFileStem, layout, PRIVATE_FILE } from '../lib/data-home.js';
import { TOOL_NAME } from '../lib/tokens.js';

// The last two tools of each stream, so that every record carries its own 3-tool chain.
// One tiny file per stream; written with rename so a concurrent reader never sees half a file.
// Neither the read nor the write follows a link planted at a state file's name.

function path(home: string, stream: string): string {
  return join(layout.streams(home), `${idFileStem(stream)}.json`);
}

export function readPrev(home: string, stream: string): [string | null, string | null] {
  try {
    const v: unknown = JSON.parse(readDataFile(path(home, stream)).toString('utf8'));
    if (Array.isArray(v)) {
      const a = typeof v[0] === 'string' && TOOL_NAME.test(v[0]) ? v[0] : null;
      const b = typeof v[1] === 'string' && TOOL_NAME.test(v[1]) ? v[1] : null;
      return [a, b];
    }
  } catch {
    // new stream, or a damaged file: start the chain again
  }
  return [null, null];
}

export function writePrev(home: string, stream: string, tools: [string, string | null]): void {
  const target = path(home, stream);
  const tmp = `${target}.${process.pid}.tmp`;
  const data = Buffer.from(JSON.stringify(tools));
  try {
    writeNewFile(tmp, data, PRIVATE_FILE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    ensurePrivateDir(layout.streams(home));
    writeNewFile(tmp, data, PRIVATE_FILE);
  }
  renameSync(tmp, target);
}
