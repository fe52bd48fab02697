// The layout docs/architecture.md describes, held against the code's imports: no import circle,
// no source file over 400 lines, the analyzer's core (and the store's model) reads no file
// system, each folder imports only the folders below it, and each room of a folder (store/'s
// sub-folders) only the rooms below it. When one fails, move what both sides need down a folder
// or a room (or into a module of its own), and say so in docs/architecture.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** The folders of shipped code, faces first (what tsconfig.json compiles). */
const CODE = ['hooks', 'cli', 'mcp', 'report', 'runs', 'claude', 'exports', 'store', 'rules', 'analyzer', 'observer', 'lib'];
/** Every source a person reads, for its length: the shipped code, the benches, the scripts, the build. */
const SOURCES = [...CODE, 'bench', 'scripts', 'build.mjs'];
const MAX_LINES = 400;
const FILE_SYSTEM = new Set(['node:fs', 'fs', 'node:fs/promises', 'fs/promises']);

const below = (...folders: string[]) => folders;
/** Which folders each folder's files may import (besides its own): only those below it. */
const MAY_IMPORT: Record<string, string[]> = {
  lib: below(),
  observer: below('lib'),
  analyzer: below('lib'),
  rules: below('analyzer', 'lib'),
  store: below('rules', 'analyzer', 'observer', 'lib'),
  exports: below('store', 'rules', 'analyzer', 'lib'),
  claude: below('store', 'rules', 'analyzer', 'observer', 'lib'),
  runs: below('claude', 'exports', 'store', 'rules', 'analyzer', 'observer', 'lib'),
  report: below('runs', 'claude', 'exports', 'store', 'rules', 'analyzer', 'observer', 'lib'),
  mcp: below('runs', 'claude', 'exports', 'store', 'rules', 'analyzer', 'observer', 'lib'),
  hooks: below('runs', 'claude', 'exports', 'store', 'rules', 'analyzer', 'observer', 'lib'),
  // `homunculus report` renders the report: the one face another face imports.
  cli: below('report', 'runs', 'claude', 'exports', 'store', 'rules', 'analyzer', 'observer', 'lib'),
};

/**
 * The rooms of a folder (its sub-folders), from the ground up, and which rooms each room's files
 * may import (besides their own): only those below it. The folder's own files (store/service.ts)
 * stand above its rooms and may import any of them; no room imports them.
 */
const ROOMS: Record<string, Record<string, string[]>> = {
  store: {
    model: below(),
    files: below('model'),
    promotion: below('files', 'model'),
    views: below('promotion', 'files', 'model'),
    verbs: below('views', 'promotion', 'files', 'model'),
    delivery: below('verbs', 'views', 'promotion', 'files', 'model'),
  },
};
/** Rooms whose files, like the analyzer's, reach no file system: records in, records out. */
const PURE_ROOMS = ['store/model'];

interface Import {
  /** A file of the repository (path from its root, `.ts`), or a package's name. */
  to: string;
  /** `import type`, `export type`, or every name imported is a type: gone at run time. */
  typeOnly: boolean;
}

function filesUnder(entry: string, keep: (f: string) => boolean): string[] {
  const p = join(ROOT, entry);
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return keep(entry) ? [entry] : [];
  const out: string[] = [];
  for (const name of readdirSync(p)) if (!['node_modules', 'dist', 'data', 'out'].includes(name)) out.push(...filesUnder(`${entry}/${name}`, keep));
  return out;
}

const IMPORT = /^[ \t]*(?:import|export)[ \t]+(type[ \t]+)?([^'";]*?)[ \t]*from[ \t]*['"]([^'"]+)['"]|^[ \t]*import[ \t]*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** What a source file imports, statically or by a literal import(). */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = (m[3] ?? m[4] ?? m[5])!;
    const names = m[2]?.match(/^\{([^}]*)\}$/)?.[1]?.split(',').map((s) => s.trim()).filter(Boolean);
    const typeOnly = m[1] !== undefined || (names !== undefined && names.length > 0 && names.every((n) => n.startsWith('type ')));
    const to = spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\.js$/, '.ts') : spec;
    out.push({ to, typeOnly });
  }
  return out;
}

const code = CODE.flatMap((d) => filesUnder(d, (f) => f.endsWith('.ts'))).sort();
const graph = new Map(code.map((f) => [f, importsOf(f)]));
const folderOf = (f: string) => f.slice(0, f.indexOf('/'));
/** The room of a file of a folder that has rooms (`model` for store/model/keys.ts), '' for the folder's own files. */
const roomOf = (f: string) => {
  const parts = f.split('/');
  return parts.length > 2 ? parts[1]! : '';
};

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const { to: w } of graph.get(v)!) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)!.some((i) => i.to === v)) out.push(group.sort());
  };
  for (const v of code) if (!index.has(v)) visit(v);
  return out;
}

/** The first chain of run-time imports from `file` that reaches the file system, or undefined. */
function fileSystemPath(file: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (f: string, path: string[]): string[] | undefined => {
    if (seen.has(f)) return undefined;
    seen.add(f);
    for (const i of graph.get(f) ?? []) {
      if (i.typeOnly) continue;
      if (FILE_SYSTEM.has(i.to)) return [...path, f, i.to];
      const found = graph.has(i.to) ? walk(i.to, [...path, f]) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  return walk(file, []);
}

describe('the layout', () => {
  it('reads the imports of every folder of shipped code', () => {
    for (const d of CODE) expect(code.some((f) => f.startsWith(`${d}/`)), d).toBe(true);
    expect(graph.get('runs/run.ts')!.map((i) => i.to)).toContain('analyzer/projects.ts');
    expect(graph.get('analyzer/analyze.ts')!.find((i) => i.to === 'lib/config.ts')?.typeOnly).toBe(true);
  });

  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines outside test/`, () => {
    const sources = SOURCES.flatMap((d) => filesUnder(d, (f) => /\.(ts|mjs|cjs|js)$/.test(f)));
    expect(sources.length).toBeGreaterThan(100);
    const long = sources
      .map((f) => {
        const text = readFileSync(join(ROOT, f), 'utf8');
        return `${f}: ${text.split('\n').length - (text.endsWith('\n') ? 1 : 0)} lines`;
      })
      .filter((row) => Number(/(\d+) lines$/.exec(row)![1]) > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('the analyzer core reaches no file system: records and now in, results out', () => {
    const analyzer = code.filter((f) => f.startsWith('analyzer/'));
    expect(analyzer.length).toBeGreaterThan(20);
    const reaching = analyzer.map(fileSystemPath).filter((p) => p !== undefined).map((p) => p.join(' -> '));
    expect(reaching).toEqual([]);
  });

  it.each(PURE_ROOMS)('%s/ reaches no file system either', (room) => {
    const files = code.filter((f) => f.startsWith(`${room}/`));
    expect(files.length).toBeGreaterThan(3);
    const reaching = files.map(fileSystemPath).filter((p) => p !== undefined).map((p) => p.join(' -> '));
    expect(reaching).toEqual([]);
  });

  it('each folder imports only the folders below it', () => {
    const against: string[] = [];
    for (const [f, imports] of graph) {
      for (const { to } of imports) {
        if (!graph.has(to) || folderOf(to) === folderOf(f)) continue;
        const arrow = `${f} -> ${to}`;
        if (!MAY_IMPORT[folderOf(f)]!.includes(folderOf(to))) against.push(arrow);
      }
    }
    expect(against).toEqual([]);
  });

  it.each(Object.keys(ROOMS))('each room of %s/ imports only the rooms below it, and none its top', (folder) => {
    const rooms = ROOMS[folder]!;
    const against: string[] = [];
    for (const [f, imports] of graph) {
      if (folderOf(f) !== folder) continue;
      for (const { to } of imports) {
        if (!graph.has(to) || folderOf(to) !== folder || roomOf(to) === roomOf(f) || roomOf(f) === '') continue;
        if (roomOf(to) === '' || !rooms[roomOf(f)]!.includes(roomOf(to))) against.push(`${f} -> ${to}`);
      }
    }
    expect(against).toEqual([]);
  });

  it.each(Object.keys(ROOMS))('the rooms of %s/ stand in one order (no circle), and are the rooms there are, each in docs/architecture.md', (folder) => {
    const rooms = ROOMS[folder]!;
    const order = Object.keys(rooms);
    for (const [i, room] of order.entries()) expect(rooms[room]!.filter((r) => !order.slice(0, i).includes(r)), `${folder}/${room} may import only rooms below it`).toEqual([]);
    const dirs = readdirSync(join(ROOT, folder)).filter((d) => statSync(join(ROOT, folder, d)).isDirectory());
    expect(dirs.sort()).toEqual([...order].sort());
    for (const room of order) expect(code.some((f) => f.startsWith(`${folder}/${room}/`)), `${folder}/${room}/ holds code`).toBe(true);
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    for (const room of order) expect(doc, `docs/architecture.md names ${folder}/${room}/`).toContain(`\`${folder}/${room}/\``);
  });

  it('the folders it knows are the folders there are', () => {
    expect(Object.keys(MAY_IMPORT).sort()).toEqual([...CODE].sort());
    const tsconfig = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
    for (const d of CODE) expect(tsconfig, d).toContain(`"${d}/**/*.ts"`);
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    for (const d of CODE) expect(doc, `docs/architecture.md names ${d}/`).toContain(`${d}/`);
  });
});
