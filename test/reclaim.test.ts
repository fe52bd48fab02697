import { describe, expect, it } from 'vitest';
import { collectGarbage, GarbageMeter } from '../runs/reclaim.js';

// The full collection a large window's batches use between them (runs/parts-cache.ts).

/** 64 MiB of columns, referenced by nothing once this returns. */
function garbage(): number {
  const cols = Array.from({ length: 8 }, () => new Float64Array(1 << 20).fill(1));
  return cols.reduce((n, c) => n + c[0]!, 0);
}

describe('collectGarbage', () => {
  it('lets go of columns nothing references any more', async () => {
    collectGarbage();
    const before = process.memoryUsage().arrayBuffers;
    expect(garbage()).toBe(8);
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(60 * 1048576);
    collectGarbage();
    // V8 frees the buffers it found dead on another thread: the count catches up in a moment.
    await new Promise((r) => setTimeout(r, 100));
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1048576);
  });

  it('keeps what is still referenced', () => {
    const kept = new Float64Array(4 << 20).fill(2);
    collectGarbage();
    expect(process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(kept.byteLength);
    expect(kept[kept.length - 1]).toBe(2);
  });
});

describe('GarbageMeter', () => {
  it('collects once the bytes let go reach its bound, then counts again from nothing', () => {
    let collected = 0;
    const meter = new GarbageMeter(8, () => collected++);
    meter.let(3);
    meter.let(4);
    expect(collected).toBe(0);
    meter.let(1);
    expect(collected).toBe(1);
    meter.let(7);
    expect(collected).toBe(1);
    meter.let(20);
    expect(collected).toBe(2);
  });

  it('flush collects what was let go since the last collection, and nothing when nothing was', () => {
    let collected = 0;
    const meter = new GarbageMeter(8, () => collected++);
    meter.flush();
    expect(collected).toBe(0);
    meter.let(3);
    meter.flush();
    expect(collected).toBe(1);
    meter.flush();
    expect(collected).toBe(1);
    // Counting starts again from nothing after a flush.
    meter.let(7);
    expect(collected).toBe(1);
    meter.let(1);
    expect(collected).toBe(2);
  });
});
