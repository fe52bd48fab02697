import { lstatSync, readdirSync } from 'node:fs';
import { appendLine } from '../lib/append-line.js';
import { DAY_MS, utcDay } from '../lib/clock.js';
import { readDataFile } from '../lib/data-files.js';
import { assertDataHome, layout } from '../lib/data-home.js';
import type { Observation } from './observation.js';

const OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
const ID_IN_LINE = /"id":"([A-Za-z0-9_-]{1,128})"/;

/**
 * Appends records to the observation file of their own UTC day, skipping every tool-use id the
 * data home already holds (from the live hook or an earlier import). A record's id is looked up
 * in the files of its own day and of the days on either side: the hook files a call by the time
 * it ran, an import by the transcript's result time, and the two can fall on either side of
 * midnight UTC. Day files are read when a record first needs them, so reconciling one session
 * reads two or three files, not the whole retention period; an import (`lookupFromMs`) also
 * checks every day file from the day before that time on, for a hook clock that was days off. Buffers per day and appends whole
 * lines with O_APPEND, so live hooks writing at the same time are never interleaved.
 */
export class ObservationSink {
  private readonly ids = new Set<string>();
  /** The ids this sink added: a second record of one is a repeat inside the import, not a record already there. */
  private readonly mine = new Set<string>();
  private readonly loaded = new Set<string>();
  /** Records waiting to be appended, per day, as UTF-8 lines in a buffer of their own. */
  private readonly buffers = new Map<string, { bytes: Buffer; length: number }>();
  private buffered = 0;
  added = 0;
  /** Records whose tool-use id the data home already held (the hook's, an earlier import's)... */
  duplicates = 0;
  /** ...and those repeated within this import (a transcript that holds a call twice). */
  repeated = 0;
  readonly days = new Set<string>();
  /** Records added per UTC day. */
  readonly addedByDay = new Map<string, number>();

  constructor(private readonly home: string, private readonly dryRun: boolean, private readonly lookupFromMs?: number) {
    assertDataHome(home, ['observations']);
  }

  private loadFrom(fromMs: number): void {
    const firstDay = utcDay(fromMs - DAY_MS);
    let names: string[] = [];
    try {
      names = readdirSync(layout.observations(this.home));
    } catch {
      // no observations yet
    }
    for (const f of names) {
      const m = OBSERVATION_FILE.exec(f);
      if (m && m[1]! >= firstDay) this.load(m[1]!);
    }
  }

  /** Adds the ids of one day's file (a regular file only: a link is never followed). */
  private load(day: string): void {
    if (this.loaded.has(day)) return;
    this.loaded.add(day);
    const path = layout.observationFile(this.home, day);
    let text: string;
    try {
      if (!lstatSync(path).isFile()) return; // a folder cannot be read; appending to it fails clearly
      text = readDataFile(path).toString('latin1');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      const id = ID_IN_LINE.exec(text.slice(start, end));
      if (id) this.ids.add(id[1]!);
      start = end + 1;
    }
  }

  /** The UTC day number of the last record added, its name, and whether its day files were read. */
  private lastDayNumber = Number.NaN;
  private lastDay = '';
  private lastLoaded = false;

  add(o: Observation, ms: number): void {
    // Records come in time order, mostly many to a day: the day's name and files once per day.
    const dayNumber = Math.floor(ms / DAY_MS);
    if (dayNumber !== this.lastDayNumber) {
      this.lastDay = utcDay(ms);
      this.lastDayNumber = dayNumber;
      this.lastLoaded = false;
    }
    const day = this.lastDay;
    if (o.id !== undefined) {
      if (this.lookupFromMs !== undefined && this.loaded.size === 0) this.loadFrom(this.lookupFromMs);
      if (!this.lastLoaded) {
        for (const d of [utcDay(ms - DAY_MS), day, utcDay(ms + DAY_MS)]) this.load(d);
        this.lastLoaded = true;
      }
      if (this.ids.has(o.id)) {
        if (this.mine.has(o.id)) this.repeated++;
        else this.duplicates++;
        return;
      }
      this.ids.add(o.id);
      this.mine.add(o.id);
    }
    this.added++;
    this.days.add(day);
    this.addedByDay.set(day, (this.addedByDay.get(day) ?? 0) + 1);
    if (this.dryRun) return;
    // As bytes, not strings: thousands of strings waiting for a write outlived the young
    // generation's collections and made it grow (a third of a 200 MiB import's peak RSS).
    const line = JSON.stringify(o);
    let buf = this.buffers.get(day);
    if (buf === undefined) this.buffers.set(day, (buf = { bytes: Buffer.allocUnsafe(1 << 16), length: 0 }));
    const need = buf.length + 3 * line.length + 1; // room for any UTF-8 encoding of it
    if (need > buf.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, buf.bytes.length * 2));
      buf.bytes.copy(bigger, 0, 0, buf.length);
      buf.bytes = bigger;
    }
    buf.length += buf.bytes.write(line, buf.length);
    buf.bytes[buf.length++] = 0x0a;
    if (++this.buffered >= 5000) this.flush();
  }

  flush(): void {
    for (const [day, buf] of this.buffers) {
      if (buf.length === 0) continue;
      appendLine(layout.observationFile(this.home, day), buf.bytes.subarray(0, buf.length));
    }
    this.buffers.clear();
    this.buffered = 0;
  }
}
