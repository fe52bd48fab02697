import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Claude Code transcripts written for tests, in the shape of ~/.claude/projects: one folder per
// project (its cwd with every non-alphanumeric character as `-`), one JSONL file per session, an
// assistant line per tool_use and a user line per tool_result (see test/fixtures/transcripts).

export interface WrittenCall {
  tool: string;
  /** The tool's input: `{ command }` for Bash. */
  input?: Record<string, unknown>;
  ok?: boolean;
  /** The user rejected the call (Claude Code's "doesn't want to proceed" result). */
  rejected?: boolean;
  /** The user interrupted the call. */
  interrupted?: boolean;
}

export interface WrittenSession {
  id: string;
  cwd: string;
  /** ISO time of the first call; calls follow a minute apart. */
  start: string;
  calls: WrittenCall[];
}

export const REJECTED = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** The folder Claude Code keeps a project's transcripts in. */
export const projectFolder = (cwd: string) => cwd.replace(/[^A-Za-z0-9]/g, '-');

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function transcriptLines(s: WrittenSession): string[] {
  const lines: string[] = [];
  const start = Date.parse(s.start);
  let parent: string | null = null;
  s.calls.forEach((c, i) => {
    const id = `toolu_${s.id.replace(/[^A-Za-z0-9]/g, '')}_${String(i).padStart(4, '0')}`;
    const at = (ms: number) => new Date(start + i * 60_000 + ms).toISOString();
    const base = { isSidechain: false, userType: 'external', cwd: s.cwd, sessionId: s.id, version: '2.0.50' };
    const a = uuid();
    lines.push(JSON.stringify({ parentUuid: parent, ...base, type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name: c.tool, input: c.input ?? {} }] }, uuid: a, timestamp: at(0) }));
    const u = uuid();
    const failed = c.ok === false || c.rejected === true || c.interrupted === true;
    const content = c.rejected ? REJECTED : c.interrupted ? '[Request interrupted by user for tool use]' : failed ? 'Error: exit code 1' : 'ok';
    lines.push(JSON.stringify({ parentUuid: a, ...base, type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, ...(failed ? { is_error: true } : {}) }] }, uuid: u, timestamp: at(2000) }));
    parent = u;
  });
  return lines;
}

/** Writes the sessions under `projectsDir` (a `~/.claude/projects`), one file each; returns the files. */
export function writeTranscripts(projectsDir: string, sessions: readonly WrittenSession[]): string[] {
  return sessions.map((s) => {
    const dir = join(projectsDir, projectFolder(s.cwd));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${s.id}.jsonl`);
    writeFileSync(file, `${transcriptLines(s).join('\n')}\n`);
    return file;
  });
}

/** A Bash call. */
export const bash = (command: string, ok = true, extra: Partial<WrittenCall> = {}): WrittenCall => ({ tool: 'Bash', input: { command }, ok, ...extra });
