import { writeFileAtomic } from '../../lib/atomic-write.js';
import { layout } from '../../lib/data-home.js';
import { projectId, projectName, projectRoot } from '../../observer/project-id.js';
import { readIfFile } from './io.js';
import { safeText } from '../../lib/safe-text.js';

// The project registry (projects.json): each project's id (the 12-hex hash the observer records),
// a readable name (its folder's base name) and when it was last seen. The full path only when
// the user opts in (recordProjectPaths): paths are otherwise never written down. Light (no YAML):
// the SessionStart hook keeps it up to date.

export interface ProjectEntry {
  id: string;
  name: string;
  last_seen: string;
  path?: string;
}

export interface CurrentProject {
  id: string;
  name: string;
  root: string;
}

/**
 * The project of a folder, exactly as the observe hook names it: `CLAUDE_PROJECT_DIR`, else the
 * nearest folder above `cwd` holding `.git` (or, with `known`, a known project's folder on the way
 * there: where Claude Code was started), else `cwd`; its id is the same hash.
 */
export function currentProject(cwd: string | undefined, env: NodeJS.ProcessEnv, known?: (id: string) => boolean): CurrentProject | undefined {
  const root = projectRoot(cwd, env, undefined, known);
  if (root === undefined) return undefined;
  const id = projectId(root);
  // A folder's name is data: its plain text, never an escape sequence, wherever it is shown.
  return { id, name: safeText(projectName(root), 100) || id, root };
}

export function readProjects(home: string): ProjectEntry[] {
  const bytes = readIfFile(layout.projects(home));
  if (bytes === undefined) return [];
  try {
    const v = JSON.parse(bytes.toString('utf8')) as { projects?: unknown };
    if (!Array.isArray(v?.projects)) return [];
    return v.projects
      .filter((p): p is ProjectEntry => typeof p === 'object' && p !== null && /^[0-9a-f]{12}$/.test((p as ProjectEntry).id) && typeof (p as ProjectEntry).name === 'string')
      .map((p) => ({ ...p, name: safeText(p.name, 100) || p.id }));
  } catch {
    return [];
  }
}

/**
 * What a person reads for each project: its folder's name, with the id beside it only where two
 * projects share a name (`api (3f2a9c1b0d4e)`).
 */
export function projectLabels(entries: readonly Pick<ProjectEntry, 'id' | 'name'>[]): Map<string, string> {
  const uses = new Map<string, number>();
  for (const p of entries) uses.set(p.name, (uses.get(p.name) ?? 0) + 1);
  // A folder's name is data (escape sequences, control characters): what a terminal or a page shows is its plain text.
  return new Map(entries.map((p) => {
    const name = safeText(p.name, 100) || p.id;
    return [p.id, (uses.get(p.name) ?? 0) > 1 ? `${name} (${p.id})` : name];
  }));
}

/** Project id -> label (projectLabels) for every project in the registry. */
export function projectNames(home: string): Map<string, string> {
  return projectLabels(readProjects(home));
}

/**
 * Records the project as seen at `nowIso`. Written atomically; two writers at once may lose one
 * last_seen, never the file. Unchanged content (same day) is not rewritten.
 */
export function touchProject(home: string, p: CurrentProject, nowIso: string, recordPath: boolean): void {
  const list = readProjects(home);
  const day = nowIso.slice(0, 10);
  const old = list.find((e) => e.id === p.id);
  const entry: ProjectEntry = { id: p.id, name: p.name.slice(0, 100), last_seen: old && old.last_seen.slice(0, 10) === day && old.last_seen > nowIso ? old.last_seen : nowIso };
  if (recordPath) entry.path = p.root;
  if (old && old.name === entry.name && old.last_seen.slice(0, 10) === day && (old.path ?? '') === (entry.path ?? '')) return;
  const next = [...list.filter((e) => e.id !== p.id), entry].sort((a, b) => (a.id < b.id ? -1 : 1));
  writeFileAtomic(layout.projects(home), `${JSON.stringify({ projects: next }, null, 2)}\n`);
}

/**
 * Gives projects their folder names (transcripts read by import or reconciliation), in one write:
 * a project already registered keeps its entry (the SessionStart hook's is as good or newer).
 */
export function nameProjects(home: string, names: ReadonlyMap<string, string>, lastSeen: ReadonlyMap<string, number>): void {
  const list = readProjects(home);
  const known = new Set(list.map((e) => e.id));
  const added = [...names].filter(([id]) => /^[0-9a-f]{12}$/.test(id) && !known.has(id) && lastSeen.has(id)).map(([id, name]) => ({ id, name: safeText(name, 100) || id, last_seen: new Date(lastSeen.get(id) ?? 0).toISOString() }));
  if (added.length === 0) return;
  const next = [...list, ...added].sort((a, b) => (a.id < b.id ? -1 : 1));
  writeFileAtomic(layout.projects(home), `${JSON.stringify({ projects: next }, null, 2)}\n`);
}
