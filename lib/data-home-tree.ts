import { lstatSync, readdirSync, rmdirSync, rmSync, type Stats } from 'node:fs';
import { join } from 'node:path';

// The files homunculus writes in a data home, by folder, name and kind: what `uninstall --purge`
// may delete. A data home may be a folder of the user's (HOMUNCULUS_HOME) that happens to hold an
// `observations/` or `archive/` of its own, so the whole tree is walked and every entry must be
// one of ours by its name and its kind (a regular file where we write files, a real folder where
// we make folders; never a link, a FIFO or a device). lib/data-home.ts `layout` names the same
// paths; test/install-writes.test.ts runs the whole loop and purges what it left.

interface Folder {
  /** Names of the files homunculus writes here (a temporary file's suffix is added below). */
  files: RegExp;
  folders?: Record<string, Folder>;
}

const DAY = String.raw`\d{4}-\d\d-\d\d`;
const STAMP = String.raw`\d{8}T\d{6}Z(?:-\d+)?`;
/** A file name made from an id (idFileStem: ids, or `h.<hex>` for long keys). */
const STEM = '[A-Za-z0-9][A-Za-z0-9._-]*';
/**
 * writeFileAtomic's `<name>.<pid>.<n>.tmp`, the hooks' and the lock's `<name>.<pid>.tmp`, a lock's
 * claim `<name>.<level>.claim.tmp`: left by a killed process.
 */
const TMP = String.raw`(?:(?:\.\d+){1,2}|\.\d+\.claim)\.tmp`;

const names = (...alternatives: string[]) => new RegExp(`^(?:${alternatives.join('|')})(?:${TMP})?$`);

export const DATA_HOME_TREE: Folder = {
  // README.md: a checkout's homunculus/README.md (kept by purge). config.json: the user's settings of this data home.
  files: names(
    'README\\.md',
    'config\\.json',
    'analysis\\.lock',
    '(?:analysis|hook-errors)\\.log(?:\\.1)?',
    'events\\.jsonl',
    '(?:projects|aliases|store|rules)\\.json',
    'generated-rules\\.md',
    'daily-summary\\.md',
  ),
  folders: {
    observations: { files: names(`${DAY}\\.jsonl`) },
    instincts: { files: names(`${STEM}\\.md`) },
    facts: { files: names(`${STEM}\\.md`) },
    archive: { files: names(`[a-z0-9-]+--${STAMP}(?:\\.user)?\\.md`, `rules\\.json--${STAMP}\\.user\\.json`) },
    state: {
      files: names(
        '(?:last-analysis|store-index|last-dream|analysis-gate|last-delivery|injected|history|store-journal|install)\\.json',
        '(?:suggestions|injections|injections-judged)\\.jsonl',
        'reconcile\\.lock',
      ),
      folders: {
        streams: { files: names(`${STEM}\\.json`) },
        prompts: { files: names(`${STEM}\\.count`) },
        sessions: { files: names(`${STEM}\\.json`) },
        injections: { files: names(`${DAY}(?:\\.judged)?\\.jsonl`) },
        cache: {
          files: names(`${DAY}\\.bin`, `parts(?:-base|-${DAY})?\\.json`),
          folders: { v8: { files: names('[a-z-]+-[0-9a-f]{16}\\.bin') } },
        },
      },
    },
  },
};

export interface DataHomeWalk {
  /** Files and folders homunculus wrote, relative to the home, children before their folders. */
  ours: { path: string; folder: boolean }[];
  /** Everything else, relative to the home, each with what it is (`notes.txt`, `archive/photos/ (a folder)`). */
  foreign: string[];
}

function kindOf(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'a device';
  return st.isDirectory() ? 'a folder' : 'a file';
}

/** Walks the whole data home (never through a link) and sorts each entry into ours and not ours. */
export function walkDataHome(home: string): DataHomeWalk {
  const out: DataHomeWalk = { ours: [], foreign: [] };
  const walk = (dir: string, rel: string, spec: Folder): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const relPath = rel ? `${rel}/${name}` : name;
      const st = lstatSync(path);
      const sub = spec.folders?.[name];
      if (st.isDirectory() && sub) {
        walk(path, relPath, sub);
        out.ours.push({ path: relPath, folder: true });
      } else if (st.isFile() && spec.files.test(name)) {
        out.ours.push({ path: relPath, folder: false });
      } else {
        out.foreign.push(st.isFile() ? relPath : `${relPath} (${kindOf(st)})`);
      }
    }
  };
  walk(home, '', DATA_HOME_TREE);
  return out;
}

/**
 * Deletes what the walk found ours (checked by the caller: nothing foreign), keeping `keep`;
 * folders only once empty, so that a file written meanwhile stays. Returns whether the home is gone.
 */
export function deleteOurs(home: string, walk: DataHomeWalk, keep: ReadonlySet<string>): boolean {
  for (const e of walk.ours) {
    if (keep.has(e.path)) continue;
    try {
      if (e.folder) rmdirSync(join(home, e.path));
      else rmSync(join(home, e.path), { force: true });
    } catch {
      // a folder not empty (something written since the walk): left in place
    }
  }
  try {
    // A data home that is a link (the user chose where it lives): once its folder is empty, the
    // link goes and the folder it leads to stays.
    if (!lstatSync(home).isSymbolicLink()) rmdirSync(home);
    else if (readdirSync(home).length === 0) rmSync(home);
    else return false;
    return true;
  } catch {
    return false;
  }
}
