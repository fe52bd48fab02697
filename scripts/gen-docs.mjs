// Generates the parts of the reference docs that the code already says: the command reference
// (docs/commands.md, from the CLI's own command table, cli/commands.ts) and the configuration
// table (docs/configuration.md, from lib/config.ts's rules, config/'s defaults and
// lib/config-meanings.ts). Only the text between a doc's `<!-- NAME:start -->` and
// `<!-- NAME:end -->` marks is written; the prose around it is the doc's own.
// Usage: npm run docs:gen (builds first); `node scripts/gen-docs.mjs --check` writes nothing and
// exits 1 when a doc and the code disagree (test/docs-generated.test.ts checks the same).
// The render functions are pure, so the test can give them the TypeScript sources.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where each generated part goes. */
export const TARGETS = [
  { file: 'docs/commands.md', region: 'commands' },
  { file: 'docs/configuration.md', region: 'config' },
];

// A table cell: no pipe or line break breaks the row, and `<word>` outside code spans is shown,
// not taken for an HTML tag.
function cell(text) {
  return String(text)
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part.replace(/\|/g, '\\|') : part.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('')
    .replace(/\n+/g, ' ');
}

/**
 * What a yargs command declares, without yargs: its builder is given a stand-in that records
 * options, positionals and the epilogue (any other call, such as `.check`, is ignored).
 */
export function describeCommand(c) {
  const options = {};
  const positionals = {};
  const epilogue = [];
  const y = new Proxy(
    {},
    {
      get(_, prop) {
        if (prop === 'then') return undefined;
        if (prop === 'options' || prop === 'option')
          return (k, o) => {
            if (typeof k === 'string') options[k] = o ?? {};
            else Object.assign(options, k);
            return y;
          };
        if (prop === 'positional')
          return (k, o) => {
            positionals[k] = o ?? {};
            return y;
          };
        if (prop === 'epilogue' || prop === 'epilog')
          return (s) => {
            epilogue.push(s);
            return y;
          };
        return () => y;
      },
    },
  );
  if (typeof c.builder === 'function') c.builder(y);
  else if (c.builder) Object.assign(options, c.builder);
  const [name, ...args] = c.command.split(/\s+/);
  const positional = args.map((a) => {
    const key = a.replace(/^[<[]|[\]>]$/g, '').replace(/\.\.$/, '');
    return { usage: a, key, required: a.startsWith('<'), variadic: a.endsWith('..]') || a.endsWith('..>'), ...positionals[key] };
  });
  return { name, usage: c.command, describe: c.describe ?? '', aliases: [c.aliases ?? []].flat(), positional, options, epilogue };
}

function typeOf(o) {
  const t = o.type ?? (o.choices ? 'string' : '');
  return o.array ? `${t} (one or more)` : t;
}

function whatOf(o) {
  const parts = [];
  if (o.describe) parts.push(o.describe);
  if (o.choices) parts.push(`one of: ${o.choices.map((c) => `\`${c}\``).join(', ')}`);
  return parts.join('; ');
}

const shown = (v) => (v === undefined || (Array.isArray(v) && v.length === 0) ? '' : `\`${JSON.stringify(v)}\``);

/** The command reference: an index, then one section per command, in name order. */
export function renderCommands(commands) {
  const all = commands.map(describeCommand).sort((a, b) => a.name.localeCompare(b.name));
  const anchor = (d) => `homunculus-${d.name}`;
  const out = ['| command | what it does |', '|---|---|'];
  for (const d of all) out.push(`| [\`${d.name}\`](#${anchor(d)}) | ${cell(d.describe)} |`);
  for (const d of all) {
    out.push('', `### homunculus ${d.name}`, '', cell(d.describe), '', '```', `homunculus ${d.usage} [options]`, '```');
    if (d.aliases.length) out.push('', `Also: ${d.aliases.map((a) => `\`homunculus ${a}\``).join(', ')}.`);
    const rows = [
      ...d.positional.map((p) => [`\`${p.usage}\``, typeOf(p), p.required ? 'required' : shown(p.default), whatOf(p)]),
      ...Object.entries(d.options).map(([k, o]) => [`\`--${k}\``, typeOf(o), shown(o.default), whatOf(o)]),
    ];
    if (rows.length) {
      out.push('', '| argument or option | type | default | what |', '|---|---|---|---|');
      for (const r of rows) out.push(`| ${r.map(cell).join(' | ')} |`);
    }
    for (const e of d.epilogue) out.push('', '```', e, '```');
  }
  return out.join('\n');
}

/** The configuration table: every key of lib/config.ts, in its order, with its default and where it is set. */
export function renderConfig({ keys, rules, defaults, sources, meanings, root }) {
  const out = ['| key | default | allowed | meaning |', '|---|---|---|---|'];
  for (const k of keys) {
    const where = sources[k] ? relative(root, sources[k]).split('\\').join('/') : undefined;
    const dflt = defaults[k] === undefined ? 'none' : `\`${JSON.stringify(defaults[k])}\``;
    const meaning = meanings[k] + (where && where !== 'config/defaults.json' ? ` (default in \`${where}\`)` : '');
    out.push(`| \`${k}\` | ${dflt} | ${cell(rules[k].allowed)} | ${cell(meaning)} |`);
  }
  return out.join('\n');
}

/** The doc with the text between its marks replaced; throws when the marks are missing. */
export function replaceRegion(doc, region, body) {
  const start = `<!-- ${region}:start -->`;
  const end = `<!-- ${region}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`no ${start} ... ${end} in the doc`);
  return `${doc.slice(0, i + start.length)}\n${body}\n${doc.slice(j)}`;
}

/** Every generated part from the given tables: { region: body }. */
export function renderAll({ commands, config }) {
  return { commands: renderCommands(commands), config: renderConfig(config) };
}

/** The tables, from the built code (dist/) and config/. */
export async function loadTables(root = ROOT, dist = join(root, 'dist')) {
  const { commands } = await import(pathToFileURL(join(dist, 'cli', 'commands.js')).href);
  const { CONFIG_KEYS, CONFIG_RULES, loadConfig } = await import(pathToFileURL(join(dist, 'lib', 'config.js')).href);
  const { CONFIG_MEANINGS } = await import(pathToFileURL(join(dist, 'lib', 'config-meanings.js')).href);
  return { commands, config: configTable({ CONFIG_KEYS, CONFIG_RULES, CONFIG_MEANINGS, loadConfig }, root) };
}

/** The configuration table's inputs from lib/config's exports (the built ones or the sources). */
export function configTable({ CONFIG_KEYS, CONFIG_RULES, CONFIG_MEANINGS, loadConfig }, root = ROOT) {
  const { config, sources } = loadConfig(join(root, 'no-data-home'), {}, root, { defaultsOnly: true });
  return { keys: CONFIG_KEYS, rules: CONFIG_RULES, defaults: config, sources, meanings: CONFIG_MEANINGS, root };
}

async function main() {
  const check = process.argv.includes('--check');
  const parts = renderAll(await loadTables());
  let stale = 0;
  for (const t of TARGETS) {
    const path = join(ROOT, t.file);
    const before = readFileSync(path, 'utf8');
    const after = replaceRegion(before, t.region, parts[t.region]);
    if (before === after) continue;
    stale++;
    if (check) process.stderr.write(`${t.file}: out of date with the code; run npm run docs:gen\n`);
    else {
      writeFileSync(path, after);
      process.stdout.write(`wrote ${t.file}\n`);
    }
  }
  if (check && stale) process.exit(1);
  if (!stale) process.stdout.write('docs up to date\n');
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) await main();
