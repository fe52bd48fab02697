import { createRequire } from 'node:module';

// A large window is counted in batches (runs/parts-cache.ts) so that it never holds all its
// records at once. V8 collects the old generation when the heap has grown by a factor, not when a
// batch ends: the columns of a finished batch (tens of MiB of ArrayBuffers on a large window) stay
// until then, beside the next batch's, and peak memory grows with the window after all. A full
// collection between batches lets them go. The function is V8's own `gc`, made available at run
// time (as jest's leak detector does); the flag only exposes it, and changes nothing else.

let gc: (() => void) | undefined;

/** A full garbage collection, now (~25-35 ms with a large window's counts on the heap). */
export function collectGarbage(): void {
  if (gc === undefined) {
    const exposed = (globalThis as { gc?: unknown }).gc;
    if (typeof exposed === 'function') gc = exposed as () => void;
    else {
      // Loaded here, not at the top: the Stop hook, which imports this, rarely needs it.
      const require = createRequire(import.meta.url);
      (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--expose-gc');
      gc = (require('node:vm') as typeof import('node:vm')).runInNewContext('gc') as () => void;
    }
  }
  gc();
}

/**
 * Counts the bytes a run lets go (tables and batches no longer referenced) and collects once
 * they reach `every`: the garbage held stays under that bound, for one collection per that many
 * bytes rather than one per batch.
 */
export class GarbageMeter {
  private released = 0;

  constructor(
    private readonly every: number,
    private readonly collect: () => void = collectGarbage,
  ) {}

  let(bytes: number): void {
    this.released += bytes;
    if (this.released >= this.every) {
      this.released = 0;
      this.collect();
    }
  }

  /** Collects now what was let go since the last collection, if anything was. */
  flush(): void {
    if (this.released === 0) return;
    this.released = 0;
    this.collect();
  }
}
