// Every link the docs hold, and every doc the code names, leads somewhere: a relative link to a
// file that exists, and a #anchor to a heading of the target Markdown, slugged as GitHub slugs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** The Markdown a reader of the repository meets (not fixtures, goldens or generated bundles). */
const DOCS = ['README.md', 'BENCHMARKS.md', 'docs', 'homunculus/README.md', 'plugin/README.md', 'commands', 'plugin/commands', 'test/e2e', 'test/fixtures/README.md'];
/** The code that prints hints or names a doc in its comments. */
const CODE = ['analyzer', 'bench', 'claude', 'cli', 'commands', 'exports', 'hooks', 'lib', 'mcp', 'observer', 'report', 'runs', 'scripts', 'store', 'build.mjs', '.ci/run', 'package.json'];

function files(entries: string[], keep: (f: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist' && name !== 'data' && name !== 'out') walk(join(p, name));
    } else if (keep(p)) out.push(p);
  };
  for (const e of entries) walk(join(ROOT, e));
  return out.sort();
}

/** GitHub's anchor for a heading: its text as shown, lower-cased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link shows its text
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*\*|__|(?<![\p{L}\p{N}])[*_]|[*_](?![\p{L}\p{N}])/gu, ''); // emphasis marks, not a_b
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text outside fenced code blocks, and the anchors its headings (and HTML ids) give. */
function parse(md: string): { prose: string; anchors: Set<string> } {
  const prose: string[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const f = /^\s*(```+|~~~+)/.exec(line);
    if (f) {
      if (fence === null) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = null;
      prose.push('');
      continue;
    }
    if (fence !== null) {
      prose.push('');
      continue;
    }
    prose.push(line);
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const base = slug(h[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  return { prose: prose.join('\n'), anchors };
}

/** The link targets of Markdown prose: inline links and images, outside code spans. */
function linkTargets(md: string): string[] {
  const { prose } = parse(md);
  const text = prose.replace(/(`+)[\s\S]*?\1/g, '');
  return [...text.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** What is wrong with one link from `from` (a file), or undefined when it leads somewhere. */
function broken(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? from : resolve(dirname(from), decodeURI(path));
  if (!existsSync(file)) return `${relative(ROOT, file)} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!file.endsWith('.md')) return `#${anchor} in a file that is not Markdown`;
  if (!parse(readFileSync(file, 'utf8')).anchors.has(anchor)) return `no heading #${anchor} in ${relative(ROOT, file)}`;
  return undefined;
}

describe('GitHub anchors', () => {
  it.each([
    ['Lifecycle and confidence', 'lifecycle-and-confidence'],
    ['Consolidation: `homunculus dream`', 'consolidation-homunculus-dream'],
    ["Feedback from each turn's outcome", 'feedback-from-each-turns-outcome'],
    ['What reaches Claude: one test, most useful first, within a budget', 'what-reaches-claude-one-test-most-useful-first-within-a-budget'],
    ['Learning value (held-out) (2026-11-25)', 'learning-value-held-out-2026-11-25'],
    ['homunculus import-transcripts', 'homunculus-import-transcripts'],
    ['**Bold** and [a link](x.md) and snake_case', 'bold-and-a-link-and-snake_case'],
  ])('%s -> #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  it('a repeated heading gets -1, -2; a heading in a code block none', () => {
    const { anchors } = parse('# A\n## Commands\n```\n## Evidence\n```\n## Commands\n');
    expect([...anchors]).toEqual(['a', 'commands', 'commands-1']);
  });

  it('finds links outside code, and says what is wrong with a bad one', () => {
    const from = join(ROOT, 'docs', 'x.md');
    expect(linkTargets('[a](store.md#lifecycle-and-confidence) `[b](nowhere.md)` ![c](sample-report.png)\n```\n[d](gone.md)\n```\n')).toEqual(['store.md#lifecycle-and-confidence', 'sample-report.png']);
    expect(broken(from, 'store.md#lifecycle-and-confidence')).toBeUndefined();
    expect(broken(from, 'store.md#no-such-heading')).toBe('no heading #no-such-heading in docs/store.md');
    expect(broken(from, 'nowhere.md')).toBe('docs/nowhere.md does not exist');
  });
});

describe('links', () => {
  const docs = files(DOCS, (f) => f.endsWith('.md'));

  it('every relative link in the docs leads to a file, and every #anchor to a heading', () => {
    expect(docs.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['README.md', 'BENCHMARKS.md', 'docs/commands.md', 'docs/how-it-learns.md']));
    const bad: string[] = [];
    let n = 0;
    for (const f of docs) {
      for (const t of linkTargets(readFileSync(f, 'utf8'))) {
        n++;
        const why = broken(f, t);
        if (why) bad.push(`${relative(ROOT, f)}: (${t}): ${why}`);
      }
    }
    expect(bad).toEqual([]);
    expect(n).toBeGreaterThan(50);
  });

  it('every doc the code names (in a hint or a comment) exists, with its #anchor', () => {
    const bad: string[] = [];
    const named = /(?<![\w/.-])((?:docs\/[\w./-]+\.(?:md|png|html)|README\.md|BENCHMARKS\.md)(?:#[\w-]+)?)/g;
    for (const f of files(CODE, (p) => /\.(ts|mjs|js|json|md)$/.test(p) || p.endsWith('/run'))) {
      for (const m of readFileSync(f, 'utf8').matchAll(named)) {
        const why = broken(join(ROOT, 'README.md'), m[1]!);
        if (why) bad.push(`${relative(ROOT, f)}: ${m[1]}: ${why}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the README links every doc in docs/', () => {
    const readme = linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((t) => t.split('#')[0]);
    const inDocs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(inDocs.filter((f) => !readme.includes(`docs/${f}`))).toEqual([]);
  });
});
