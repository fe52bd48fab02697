// The mutation sample of docs/development.md: each entry breaks one guarded line of the source by
// hand, builds, runs the test files named, and puts the line back. Every entry must make a test
// fail ("caught"); one that survives is a gap in the tests. It edits the source in place and
// restores it in a finally: a run killed with -9 can leave a line broken (`git diff` shows it).
// Usage: node scripts/mutation-sample.mjs [M1 M2 ...] (about 20 s an entry on 2 cores).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const MUTATIONS = [
  { id: 'M1', file: 'lib/lock.ts', old: 'if (Date.now() - start >= waitMs) return r;', new: 'if (Date.now() - start >= 0) return r;', what: "bye's wait for the analysis lock gives up at once", tests: ['test/consolidate-run.test.ts', 'test/lock.test.ts'] },
  { id: 'M2', file: 'store/files/txn.ts', old: 'if (fstatSync(fd).size > j.at) ftruncateSync(fd, j.at);', new: 'if (false) ftruncateSync(fd, j.at);', what: 'an undone store change leaves its lines in the event log', tests: ['test/txn.test.ts'] },
  { id: 'M3', file: 'lib/plural.ts', old: 'n === 1 ? one : many', new: 'n <= 1 ? one : many', what: '"0 fact" for "0 facts"', tests: ['test/plural.test.ts'] },
  { id: 'M4', file: 'lib/short-id.ts', old: 'const room = MAX_ID_LENGTH - HASH_PART;', new: 'const room = MAX_ID_LENGTH - HASH_PART + 5;', what: 'ids of up to 65 characters', tests: ['test/instinct-ids.test.ts'] },
  { id: 'M5', file: 'lib/config.ts', old: 'if (c.promoteAt <= c.minConfidence) p.push(', new: 'if (false) p.push(', what: 'a config with promoteAt at or below minConfidence is accepted', tests: ['test/config.test.ts'] },
  { id: 'M6', file: 'lib/tokens.ts', old: 'if (/^-p./.test(part)) return true; // mysql -pPASSWORD', new: '', what: "a mysql -pPASSWORD word is kept in a record", tests: ['test/tokens.test.ts', 'test/privacy.test.ts', 'test/bash-detail.test.ts'] },
  { id: 'M7', file: 'lib/safe-text.ts', old: ".replace(/</g, '\\u2039') // ‹: no tag can open", new: '', what: "a typed '<' reaches generated rules as a tag", tests: ['test/exports-core.test.ts', 'test/untrusted-strings.test.ts'] },
  { id: 'M8', file: 'observer/observation.ts', old: "if (!p.top.has('tool_name')) throw new PayloadError('expected tool_name, found none');", new: '', what: 'a payload without tool_name is recorded', tests: ['test/observation.test.ts'] },
  { id: 'M9', file: 'rules/reach.ts', old: "return t.scope !== 'project' || (project !== null && t.project === project);", new: 'return true;', what: "a rule taught in one project reaches every project", tests: ['test/reach.test.ts', 'test/taught-wins.test.ts'] },
  { id: 'M10', file: 'cli/option-values.ts', old: "if (next === undefined || (next.startsWith('-') && !(numbers.has(key) && /^-\\d/.test(next)))) {", new: 'if (next === undefined) {', what: 'an option followed by another option takes it as its value', tests: ['test/option-values.test.ts'] },
  { id: 'M11', file: 'claude/settings.ts', old: "return typeof command === 'string' && command.trimEnd().endsWith(MARKER);", new: "return typeof command === 'string' && command.includes('homunculus');", what: "uninstall takes a user's own hook that names homunculus for ours", tests: ['test/settings.test.ts', 'test/settings-bytes.test.ts'] },
];

function run(m) {
  const path = join(ROOT, m.file);
  const src = readFileSync(path, 'utf8');
  if (src.split(m.old).length !== 2) return { ...m, result: 'not found: the line changed; update the sample' };
  writeFileSync(path, src.replace(m.old, m.new));
  try {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const r = spawnSync('npx', ['vitest', 'run', ...m.tests], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    const out = `${r.stdout}${r.stderr}`;
    const failed = [...out.matchAll(/^ FAIL {2}(.+)$/gm)].map((x) => x[1]);
    return { ...m, result: r.status === 0 ? 'SURVIVED' : failed.length ? 'caught' : `error (exit ${r.status})`, failed };
  } finally {
    writeFileSync(path, src);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  let survived = 0;
  try {
    for (const m of MUTATIONS.filter((x) => only.length === 0 || only.includes(x.id))) {
      const r = run(m);
      if (r.result !== 'caught') survived++;
      console.log(`${r.id} ${r.file}: ${r.what}: ${r.result}${r.failed?.length ? ` (${r.failed.length} failed, first: ${r.failed[0]})` : ''}`);
    }
  } finally {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  process.exitCode = survived ? 1 : 0;
}
