import { readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readDataFile, writeNewFile } from '../lib/data-files.js';
import { assertDataHome, ensurePrivateDir, idFileStem, layout, PRIVATE_FILE } from '../lib/data-home.js';

// The sessions homunculus saw start, kept until their transcript has been reconciled with the
// observation files. In `claude -p` the observer's async hooks are cancelled at exit and a killed
// session never says goodbye, so the transcript is the record of last resort: SessionEnd asks for
// its session to be reconciled, SessionStart for any session left behind. One small file each.

export interface SessionMark {
  session: string;
  /** The transcript's path while the session may still grow; '' once it was reconciled and closed. */
  transcript: string;
  /** When it (last) started, on the real clock. */
  started: string;
  /** Claude Code's process (CLAUDE_PID): while it lives, the session may still be writing. */
  pid?: number;
  /** When SessionEnd fired, on the real clock. */
  ended?: string;
  /** The transcript as it was when last reconciled after the session was over. */
  reconciled?: { size: number; mtimeMs: number; at: string };
}

export const sessionsDir = layout.sessions;
const markPath = (home: string, session: string) => join(sessionsDir(home), `${idFileStem(session)}.json`);

function isMark(v: unknown): v is SessionMark {
  const m = v as SessionMark;
  return typeof m === 'object' && m !== null && typeof m.session === 'string' && typeof m.transcript === 'string' && typeof m.started === 'string';
}

export function readMark(home: string, session: string): SessionMark | undefined {
  try {
    const v: unknown = JSON.parse(readDataFile(markPath(home, session)).toString('utf8'));
    return isMark(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function readMarks(home: string): SessionMark[] {
  let names: string[];
  try {
    names = readdirSync(sessionsDir(home)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const out: SessionMark[] = [];
  for (const f of names) {
    try {
      const v: unknown = JSON.parse(readDataFile(join(sessionsDir(home), f)).toString('utf8'));
      if (isMark(v)) out.push(v);
    } catch {
      // being replaced, or damaged: the next pass sees it (or not)
    }
  }
  return out;
}

export function writeMark(home: string, mark: SessionMark): void {
  assertDataHome(home, ['state', join('state', 'sessions')]);
  ensurePrivateDir(sessionsDir(home));
  const path = markPath(home, mark.session);
  const tmp = `${path}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(JSON.stringify(mark)), PRIVATE_FILE);
  renameSync(tmp, path);
}

export function transcriptStat(path: string): { size: number; mtimeMs: number } | undefined {
  try {
    const st = statSync(path);
    return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** Does the session's transcript hold anything not yet reconciled? (A missing one holds nothing.) */
export function needsReconciling(mark: SessionMark, st: { size: number; mtimeMs: number } | undefined): boolean {
  if (st === undefined) return false;
  return mark.reconciled === undefined || mark.reconciled.size !== st.size || mark.reconciled.mtimeMs !== st.mtimeMs;
}

export function processAlive(pid: number | undefined): boolean {
  if (pid === undefined || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A transcript untouched this long, from a session with no known process, is over. */
export const IDLE_OVER_MS = 10 * 60_000;

/**
 * Is the session over (ended, its Claude Code process gone, or silent for long), so that its
 * whole transcript can be reconciled and the mark closed? Otherwise only its older calls are.
 */
export function sessionOver(mark: SessionMark, st: { mtimeMs: number } | undefined, realNowMs: number, alive: (pid: number | undefined) => boolean = processAlive): boolean {
  if (mark.ended !== undefined) return true;
  if (mark.pid !== undefined) return !alive(mark.pid);
  return st === undefined || realNowMs - st.mtimeMs > IDLE_OVER_MS;
}
