import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { appendLine } from '../lib/append-line.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import { readDataFile } from '../lib/data-files.js';
import { assertDataHome, layout } from '../lib/data-home.js';
import type { Observation } from './observation.js';

const ID_IN_LINE = /"id":"([A-Za-z0-9_-]{1,128})"/;
const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

/**
 * Appends records to the observation file of their own UTC day, skipping every tool-use id the
 * data home already holds (from the live hook or an earlier import). Ids are looked up across
 * every day file from the day before `fromMs` on, not only the record's own day: the hook files a
 * call by the time it ran, an import by the transcript's result time, and the two can fall on
 * either side of midnight UTC. Buffers per day and appends whole lines with O_APPEND, so live
 * hooks writing at the same time are never interleaved.
 */
export class ObservationSink {
  private ids: Set<string> | undefined;
  private readonly buffers = new Map<string, string[]>();
  private buffered = 0;
  added = 0;
  duplicates = 0;
  readonly days = new Set<string>();

  constructor(private readonly home: string, private readonly dryRun: boolean, private readonly fromMs: number = -Infinity) {
    assertDataHome(home, ['observations']);
  }

  /** Every id already recorded, read once (one pass over the files, as an import reads them anyway). */
  private knownIds(): Set<string> {
    if (this.ids !== undefined) return this.ids;
    const ids = new Set<string>();
    const dir = layout.observations(this.home);
    const firstDay = Number.isFinite(this.fromMs) ? utcDay(this.fromMs - DAY_MS) : '';
    let entries: import('node:fs').Dirent[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // no observations yet
    }
    for (const e of entries) {
      const m = OBSERVATION_FILE.exec(e.name);
      // Regular files only: a link is never followed, a folder cannot be read (appending to it fails clearly).
      if (!m || m[1]! < firstDay || !e.isFile()) continue;
      const text = readDataFile(join(dir, e.name)).toString('latin1');
      for (let start = 0; start < text.length; ) {
        let end = text.indexOf('\n', start);
        if (end === -1) end = text.length;
        const id = ID_IN_LINE.exec(text.slice(start, end));
        if (id) ids.add(id[1]!);
        start = end + 1;
      }
    }
    return (this.ids = ids);
  }

  add(o: Observation, ms: number): void {
    const ids = this.knownIds();
    if (o.id !== undefined) {
      if (ids.has(o.id)) {
        this.duplicates++;
        return;
      }
      ids.add(o.id);
    }
    const day = utcDay(ms);
    this.added++;
    this.days.add(day);
    if (this.dryRun) return;
    let buf = this.buffers.get(day);
    if (buf === undefined) this.buffers.set(day, (buf = []));
    buf.push(JSON.stringify(o));
    if (++this.buffered >= 5000) this.flush();
  }

  flush(): void {
    for (const [day, lines] of this.buffers) {
      if (lines.length === 0) continue;
      appendLine(layout.observationFile(this.home, day), lines.join('\n'));
    }
    this.buffers.clear();
    this.buffered = 0;
  }
}
