import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Starts a node script that outlives this process and Claude Code: its own process group, no
 * stdio, not waited for. A hook hands slow work (reconciling transcripts, analysing) to it and
 * returns at once; Claude Code neither waits for it nor cancels it.
 */
export function spawnDetached(script: URL, args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = []): void {
  const child = spawn(process.execPath, [...nodeFlags, fileURLToPath(script), ...args], { detached: true, stdio: 'ignore', env });
  child.on('error', () => {
    // nothing to report to: the next session start tries again
  });
  child.unref();
}
