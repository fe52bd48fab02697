import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { ensurePrivateDir, idFileStem, layout, PRIVATE_FILE } from '../lib/data-home.js';
import { ID, TOOL_NAME } from '../lib/tokens.js';

// The last two tools of each stream, so that every record carries its own 3-tool chain, and the
// tool-use id of the last call recorded, so that a call whose hooks are registered twice (two
// settings scopes, or the plugin beside a CLI install) is recorded once when its second hook
// runs after the first (hooks that run at once both record it: the analyzer drops the second).
// One tiny file per stream; written with rename so a concurrent reader never sees half a file.
// Neither the read nor the write follows a link planted at a state file's name.

function path(home: string, stream: string): string {
  return join(layout.streams(home), `${idFileStem(stream)}.json`);
}

/** The stream's last two tools, and the tool-use id of its last call (null: none, or an older file). */
export interface StreamState {
  prev: [string | null, string | null];
  id: string | null;
}

export function readPrev(home: string, stream: string): StreamState {
  try {
    const v: unknown = JSON.parse(readDataFile(path(home, stream)).toString('utf8'));
    if (Array.isArray(v)) {
      const a = typeof v[0] === 'string' && TOOL_NAME.test(v[0]) ? v[0] : null;
      const b = typeof v[1] === 'string' && TOOL_NAME.test(v[1]) ? v[1] : null;
      const id = typeof v[2] === 'string' && ID.test(v[2]) ? v[2] : null;
      return { prev: [a, b], id };
    }
  } catch {
    // new stream, or a damaged file: start the chain again
  }
  return { prev: [null, null], id: null };
}

/** The state after a call: its tool and the one before, and its tool-use id (if it had one). */
export function writePrev(home: string, stream: string, tools: [string, string | null], id?: string): void {
  const target = path(home, stream);
  const tmp = `${target}.${process.pid}.tmp`;
  const data = Buffer.from(JSON.stringify(id === undefined ? tools : [...tools, id]));
  try {
    writeNewFile(tmp, data, PRIVATE_FILE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    ensurePrivateDir(layout.streams(home));
    writeNewFile(tmp, data, PRIVATE_FILE);
  }
  renameSync(tmp, target);
}
