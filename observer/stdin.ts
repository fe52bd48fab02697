import { PayloadScanner } from './payload-scan.js';

export interface StdinLimits {
  /** Once input has started, give up when no byte arrives for this long. */
  idleMs: number;
  /** Give up after this long in all (also the wait for the first byte: under heavy load the
   *  writer can be slow to start, and the hook is async, so waiting costs the user nothing). */
  totalMs: number;
}

export const HOOK_STDIN_LIMITS: StdinLimits = { idleMs: 2000, totalMs: 10_000 };

export type StdinEnd = 'complete' | 'eof' | 'idle' | 'timeout';

/**
 * Feeds stdin through the scanner until the top-level object closes, input ends, or a time limit
 * passes (Claude Code sometimes never closes stdin). Chunks are scanned and dropped; the payload
 * is never held whole.
 *
 * Why process.stdin and not fs.read on fd 0 (which starts ~10 ms faster): a read blocked in the
 * thread pool on a stdin that is held open keeps node from exiting at all, even with
 * process.exit(), so the hook would hang instead of giving up.
 */
export function scanStdin(limits: StdinLimits = HOOK_STDIN_LIMITS): Promise<{ scanner: PayloadScanner; reason: StdinEnd }> {
  return new Promise((resolve) => {
    const scanner = new PayloadScanner();
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    let chunks = 0;
    const settle = (reason: StdinEnd) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      if (idle) clearTimeout(idle);
      scanner.finish();
      resolve({ scanner, reason });
    };
    // A timer can fire before a finished read is handled when the machine is starved of CPU
    // (many hooks at once): let one poll phase run first (setImmediate runs after it).
    const expire = (reason: 'idle' | 'timeout') => {
      const seen = chunks;
      setImmediate(() => {
        if (reason === 'idle' && chunks !== seen) armIdle();
        else settle(reason);
      });
    };
    const total = setTimeout(() => expire('timeout'), limits.totalMs);
    const armIdle = () => {
      if (chunks === 0) return;
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => expire('idle'), limits.idleMs);
    };
    const stdin = process.stdin;
    stdin.on('data', (chunk: Buffer) => {
      if (settled) return;
      chunks++;
      scanner.push(chunk);
      if (scanner.done || scanner.error !== undefined) settle('complete');
      else armIdle();
    });
    stdin.on('end', () => settle('eof'));
    stdin.on('error', () => settle('eof'));
  });
}
