import { appendFileSync, readFileSync } from 'node:fs';
import { utcDay } from '../lib/clock.js';
import { ensurePrivateDir, layout, PRIVATE_FILE } from '../lib/data-home.js';
import type { Observation } from './observation.js';

const ID_IN_LINE = /"id":"([A-Za-z0-9_-]{1,128})"/;

/**
 * Appends records to the observation file of their own UTC day, skipping every tool-use id that
 * a day already holds (from the live hook or an earlier import). Buffers per day and appends
 * whole lines with O_APPEND, so live hooks writing at the same time are never interleaved.
 */
export class ObservationSink {
  private readonly ids = new Map<string, Set<string>>();
  private readonly buffers = new Map<string, string[]>();
  private buffered = 0;
  added = 0;
  duplicates = 0;
  readonly days = new Set<string>();

  constructor(private readonly home: string, private readonly dryRun: boolean) {}

  private idsOf(day: string): Set<string> {
    let set = this.ids.get(day);
    if (set === undefined) {
      set = new Set();
      let text = '';
      try {
        text = readFileSync(layout.observationFile(this.home, day), 'latin1');
      } catch {
        // no file for that day yet
      }
      for (const line of text.split('\n')) {
        const m = ID_IN_LINE.exec(line);
        if (m) set.add(m[1]!);
      }
      this.ids.set(day, set);
    }
    return set;
  }

  add(o: Observation, ms: number): void {
    const day = utcDay(ms);
    const ids = this.idsOf(day);
    if (o.id !== undefined) {
      if (ids.has(o.id)) {
        this.duplicates++;
        return;
      }
      ids.add(o.id);
    }
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
      ensurePrivateDir(layout.observations(this.home));
      appendFileSync(layout.observationFile(this.home, day), `${lines.join('\n')}\n`, { mode: PRIVATE_FILE });
    }
    this.buffers.clear();
    this.buffered = 0;
  }
}
