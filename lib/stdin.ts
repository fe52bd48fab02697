import { PayloadScanner } from './payload-scan.js';

export interface StdinLimits {
  /** Once input has started, give up when no byte arrives for this long. */
  idleMs: number;
  /** Give up after this long in all (also the wait for the first byte: under heavy load the
   *  writer can be slow to start, and the hook is async, so waiting costs the user nothing). */
  totalMs: number;
}

export const HOOK_STDIN_LIMITS: StdinLimits = { idleMs: 2000, totalMs: 10_000 };

/**
 * Feeds stdin through the scanner until the top-level object closes, stdin ends, or a time limit
 * passes (Claude Code sometimes never closes stdin). Never holds the whole payload.
 */
export function scanStdin(limits: StdinLimits = HOOK_STDIN_LIMITS): Promise<{ scanner: PayloadScanner; reason: 'complete' | 'eof' | 'idle' | 'timeout' }> {
  return new Promise((resolve) => {
    const scanner = new PayloadScanner();
    const stdin = process.stdin;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    let lastData = 0;
    // A timer can fire before pending input is read when the machine is starved of CPU (many
    // hooks at once). Let one poll phase run first: setImmediate callbacks run after it.
    const expire = (reason: 'idle' | 'timeout') => {
      const seen = lastData;
      setImmediate(() => {
        if (reason === 'idle' && lastData !== seen) armIdle();
        else settle(reason);
      });
    };
    const total = setTimeout(() => expire('timeout'), limits.totalMs);
    const settle = (reason: 'complete' | 'eof' | 'idle' | 'timeout') => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      if (idle) clearTimeout(idle);
      stdin.removeAllListeners('data');
      stdin.pause();
      scanner.finish();
      resolve({ scanner, reason });
    };
    const armIdle = () => {
      if (lastData === 0) return;
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => expire('idle'), limits.idleMs);
    };
    armIdle();
    stdin.on('data', (chunk: Buffer) => {
      lastData++;
      scanner.push(chunk);
      if (scanner.done || scanner.error !== undefined) settle('complete');
      else armIdle();
    });
    stdin.on('end', () => settle('eof'));
    stdin.on('error', () => settle('eof'));
  });
}
