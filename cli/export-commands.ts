import { resolve } from 'node:path';
import { CATEGORIES, PREFIXES } from '../store/model/keys.js';
import type { Argv, CommandModule } from 'yargs';
import { FORMATS, type Format } from '../exports/formats.js';
import * as ex from '../exports/service.js';
import { evolve, graduate } from '../exports/graduate-service.js';
import { FORMAT_FILES, isWholeExport, replaceableExport } from '../exports/out-files.js';
import { normalizeCategory, type ExportFilter } from '../exports/select.js';
import { StoreBusyError } from '../store/files/io.js';
import { StoreError } from '../store/verbs/mutate.js';
import * as svc from '../store/service.js';
import type { StoreCtx } from '../store/views/snapshot.js';
import { commonOptions, context, printJson } from './context.js';
import { CliError } from './errors.js';
import { plural } from '../lib/plural.js';

// export, inject, import: the store's rules out to the files other agents read (CLAUDE.md,
// AGENTS.md, .cursorrules, .cursor/rules/*.mdc, .windsurfrules, SKILL.md, a JSON for sharing)
// and back. Parse, call exports/service.ts, print text or --json.

type Common = { home?: string; now?: string; json: boolean; scope: string; project?: string; category?: string };

const filterOptions = {
  scope: { type: 'string', default: 'current', describe: 'current (this project and global), all, global, or a project id' },
  project: { type: 'string', describe: "only this project's rules: its id or its name (see `homunculus projects`)" },
  category: { type: 'string', describe: `only this category: ${CATEGORIES.join(', ')} (or its prefix: ${Object.keys(PREFIXES).join(', ')})` },
} as const;

function storeCtx(argv: { home?: string | undefined; now?: string | undefined }): StoreCtx {
  const ctx = context(argv);
  return svc.storeContext({ home: ctx.home, config: ctx.config, now: ctx.now, cwd: process.cwd(), env: process.env });
}

function filterOf(argv: Common): ExportFilter {
  const category = normalizeCategory(argv.category);
  return { scope: argv.scope, ...(argv.project !== undefined ? { project: argv.project } : {}), ...(category ? { category } : {}) };
}

function run<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof StoreError || e instanceof ex.ExportError) throw new CliError(e.message, 2, { cause: e });
    if (e instanceof StoreBusyError) throw new CliError(e.message, 75, { cause: e });
    throw e;
  }
}

function writeLine(r: ex.WriteResult, rules: number): string {
  return r.changed ? `${r.how === 'created' ? 'Created' : r.how === 'taken over' ? 'Took over the old block in' : 'Updated'} ${r.file} (${plural(rules, 'rule')})` : `${r.file} is already current (${plural(rules, 'rule')}); not touched`;
}

type ExportArgs = Common & { target?: string; format?: string; out?: string; name?: string; description?: string; all: boolean; withProjects: boolean; force: boolean };

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export [target]',
  describe: `print or write the learned rules for other agents: ${FORMATS.join(', ')}, or skill (SKILL.md)`,
  builder: (y: Argv) =>
    y
      .positional('target', { type: 'string', describe: `a format (${FORMATS.join(', ')}) or skill` })
      .options({
        ...commonOptions,
        ...filterOptions,
        format: { type: 'string', describe: `the format (${FORMATS.join(', ')}); the same as the positional` },
        out: { type: 'string', describe: 'write this file (a marker block in a Markdown or rules file that exists; the whole file for json, cursor-mdc and skill) instead of printing' },
        force: { type: 'boolean', default: false, describe: 'with --out: write into a file of another kind, or replace a whole file that is not an earlier export of this format' },
        name: { type: 'string', describe: `skill: its name (default ${ex.DEFAULT_SKILL_NAME})` },
        description: { type: 'string', describe: 'skill: its description (default: "Learned patterns from N observations ...")' },
        all: { type: 'boolean', default: false, describe: 'json: every instinct, not just rule-level and approved ones' },
        'with-projects': { type: 'boolean', default: false, describe: "json: add the projects' names and recorded paths (left out by default)" },
      }) as never,
  handler: (argv) => {
    const target = argv.target ?? argv.format;
    if (argv.target !== undefined && argv.format !== undefined && argv.target !== argv.format) throw new CliError(`give the format once: found ${argv.target} and --format ${argv.format}`, 2);
    if (target === undefined) throw new CliError(`which format? expected one of ${FORMATS.join(', ')}, or skill`, 2);
    const ctx = storeCtx(argv);
    const filter = filterOf(argv);
    if (target === 'skill') {
      const r = run(() => ex.skillText(ctx, filter, { ...(argv.name !== undefined ? { name: argv.name } : {}), ...(argv.description !== undefined ? { description: argv.description } : {}) }));
      if (r.text === undefined) {
        if (argv.json) printJson({ format: 'skill', rules: 0, written: false, hint: r.hint });
        else process.stderr.write(`${r.hint}\n`);
        return;
      }
      if (argv.out === undefined) {
        if (argv.json) printJson({ format: 'skill', rules: r.rules, text: r.text });
        else process.stdout.write(r.text);
        return;
      }
      const w = run(() => ex.writeWhole(outFile(argv, 'skill'), r.text!));
      if (argv.json) printJson({ format: 'skill', rules: r.rules, ...w });
      else process.stdout.write(`${writeLine(w, r.rules)}\n`);
      return;
    }
    if (!(FORMATS as readonly string[]).includes(target)) throw new CliError(`unknown format ${JSON.stringify(target.slice(0, 60))}: expected one of ${FORMATS.join(', ')}, or skill`, 2);
    const format = target as Format;
    if (format === 'json') {
      const doc = run(() => ex.shareExport(ctx, filter, { all: argv.all, withProjects: argv.withProjects }));
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      if (argv.out === undefined) {
        process.stdout.write(text); // the document is JSON already, with or without --json
        return;
      }
      const w = run(() => ex.writeWhole(outFile(argv, 'json'), text));
      if (argv.json) printJson({ format, instincts: doc.instincts.length, facts: doc.facts.length, ...w });
      else process.stdout.write(`${w.changed ? `Wrote ${w.file}` : `${w.file} is already current; not touched`} (${plural(doc.instincts.length, 'instinct')}, ${plural(doc.facts.length, 'fact')})\n`);
      return;
    }
    const rules = run(() => ex.exportRules(ctx, filter, argv.out !== undefined ? { notIn: argv.out } : {}));
    // None here while other projects have some: say where they are (on stderr: stdout is the format).
    const hint = rules.length === 0 ? ex.noRulesHint(ctx, filter) : undefined;
    if (hint !== undefined && !argv.json) process.stderr.write(`${hint}\n`);
    if (argv.out === undefined) {
      const text = ex.renderFormat(format, rules);
      if (argv.json) printJson({ format, rules: rules.length, text, ...(hint ? { hint } : {}) });
      else process.stdout.write(text);
      return;
    }
    const w = run(() => ex.writeFormat(ctx, format, rules, outFile(argv, format)));
    if (argv.json) printJson({ format, rules: rules.length, ...w, ...(hint ? { hint } : {}) });
    else process.stdout.write(`${writeLine(w, rules.length)}\n`);
  },
};

/**
 * Where --out (or inject's file) writes, checked unless --force: a marker block only into a file
 * of its format's kind (never into a package.json or a script), a whole file only over an empty
 * file or an earlier export of the same format (never over someone's notes).
 */
function outFile(argv: { out?: string; force?: boolean }, format: Format | 'skill'): string {
  const out = resolve(argv.out!);
  if (argv.force) return out;
  return run(() => {
    if (isWholeExport(format)) return replaceableExport(out, format, '--out', '--force');
    const kind = FORMAT_FILES[format];
    if (!kind.test.test(out)) throw new ex.ExportError(`--out: expected ${kind.names} for ${format}, found ${out}; nothing was written (give --force to write there anyway)`);
    return out;
  });
}

export const injectCommand: CommandModule<object, Common & { file: string; format: string; force: boolean }> = {
  command: 'inject <file>',
  describe: 'write the learned rules into a marker block of CLAUDE.md (or any Markdown file), keeping every other byte',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true })
      .options({ ...commonOptions, ...filterOptions, format: { type: 'string', default: 'claude-md', choices: ['claude-md', 'agents-md', 'cursorrules', 'windsurfrules'], describe: 'the block to write' }, force: { type: 'boolean', default: false, describe: 'write the block into a file of another kind' } }) as never,
  handler: (argv) => {
    const ctx = storeCtx(argv);
    const file = outFile({ out: argv.file, force: argv.force }, argv.format as Format);
    const rules = run(() => ex.exportRules(ctx, filterOf(argv), { notIn: file }));
    const w = run(() => ex.writeFormat(ctx, argv.format as 'claude-md', rules, file));
    const hint = rules.length === 0 ? ex.noRulesHint(ctx, filterOf(argv)) : undefined;
    if (argv.json) printJson({ format: argv.format, rules: rules.length, ...w, ...(hint ? { hint } : {}) });
    else process.stdout.write(`${writeLine(w, rules.length)}\n${hint ? `${hint}\n` : ''}`);
  },
};

export const importRulesCommand: CommandModule<object, Common & { kind: string; file: string; global: boolean }> = {
  command: 'import <kind> <file>',
  describe: "import rules: json (a file from `export json`) or claude-md (the bullets of a homunculus block, or hand-written `pref:…` bullets: this project's, at the taught starting confidence)",
  builder: (y: Argv) =>
    y
      .positional('kind', { choices: ['json', 'claude-md'], demandOption: true })
      .positional('file', { type: 'string', demandOption: true })
      .options({ ...commonOptions, global: { type: 'boolean', default: false, describe: "claude-md: make the file's rules global (every project); without it they are this project's" } }) as never,
  handler: (argv) => {
    const ctx = storeCtx(argv as Common);
    if (argv.kind === 'json') {
      if (argv.global) throw new CliError('import json --global: a json file from `export json` keeps the scope of each row; --global is for import claude-md', 2);
      const r = run(() => ex.importJson(ctx, argv.file));
      if (argv.json) printJson(r);
      else
        process.stdout.write(
          [
            `Imported from ${r.file} (version ${r.version}): ${r.created.length} new, ${r.raised.length} raised, ${r.unchanged.length} unchanged instincts; ${r.facts.created.length} new, ${r.facts.raised.length} raised, ${r.facts.unchanged.length} unchanged facts`,
            ...r.skipped.map((s) => `  skipped ${s.item}: ${s.why}`),
          ].join('\n') + '\n',
        );
      return;
    }
    const r = run(() => ex.importClaudeMd(ctx, argv.file, { global: argv.global }));
    if (argv.json) printJson(r);
    else
      process.stdout.write(
        [
          `Imported from ${r.file} ${r.scope === 'global' ? 'as global rules' : `into this project${r.project !== undefined ? ` (${r.project})` : ''}`}: ${r.imported.length} new, ${r.merged.length} merged into known instincts, ${r.skipped.length} skipped`,
          ...r.imported.map((x) => `  imported ${x.key} (line ${x.line})`),
          ...r.merged.map((x) => `  merged ${x.key} into ${x.id} (line ${x.line})`),
          ...r.skipped.map((s) => `  skipped line ${s.line}${s.key ? ` ${s.key}` : ''}: ${s.why}`),
        ].join('\n') + '\n',
      );
  },
};

const dirOption = { dir: { type: 'string', describe: 'the project folder the files go in (default: the current folder)' } } as const;

export const graduateCommand: CommandModule<object, Omit<Common, 'scope'> & { dryRun: boolean; dir?: string; file?: string }> = {
  command: 'graduate',
  describe: 'move instincts that held (7+ days, confidence 0.75+, confirmed 3+, contradicted at most once) into permanent guidelines, skills and slash commands; apply the TTL rule to old ones',
  builder: (y: Argv) =>
    y.options({
      ...commonOptions,
      ...dirOption,
      'dry-run': { type: 'boolean', default: false, describe: 'say what would graduate and what the TTL rule would do; change nothing' },
      file: { type: 'string', describe: 'the guidelines file (default CLAUDE.md in the project folder; AGENTS.md for other agents)' },
    }) as never,
  handler: (argv) => {
    const ctx = storeCtx(argv);
    const r = run(() => graduate(ctx, { dir: argv.dir ?? process.cwd(), ...(argv.file !== undefined ? { file: argv.file } : {}), dryRun: argv.dryRun }));
    if (argv.json) return printJson(r);
    const would = r.dry_run ? 'would go' : 'went';
    const lines = [
      ...(r.guidelines ? [`${r.guidelines.keys.length} ${would} into the guidelines of ${r.guidelines.file}: ${r.guidelines.keys.join(', ')}`] : []),
      ...r.skills.map((k) => `${k.keys.length} ${would} into the skill ${k.file}: ${k.keys.join(', ')}`),
      ...r.commands.map((k) => `${k.keys.length} ${would} into the command /${k.name} (${k.file}): ${k.keys.join(', ')}`),
      ...r.ttl.removed.map((t) => `TTL: ${t.pattern} ${r.dry_run ? 'would be' : 'was'} archived (confidence ${t.from})`),
      ...r.ttl.halved.map((t) => `TTL: ${t.pattern} ${r.dry_run ? 'would be' : 'was'} halved to ${t.to} and flagged for review`),
    ];
    process.stdout.write(`${lines.length ? lines.join('\n') : 'Nothing ready to graduate, and nothing for the TTL rule.'}\n`);
  },
};

export const evolveCommand: CommandModule<object, Omit<Common, 'scope'> & { write: boolean; dir?: string }> = {
  command: 'evolve',
  describe: 'propose skills from clusters of 3 or more instincts of one domain (mean confidence 0.5+) that have no skill yet; --write writes them',
  builder: (y: Argv) => y.options({ ...commonOptions, ...dirOption, write: { type: 'boolean', default: false, describe: 'write the proposed SKILL.md files' } }) as never,
  handler: (argv) => {
    const ctx = storeCtx(argv);
    const r = run(() => evolve(ctx, { dir: argv.dir ?? process.cwd(), write: argv.write }));
    if (argv.json) return printJson(r);
    const lines = r.clusters.map((c) => `${r.written ? (c.changed ? 'Wrote' : 'Current:') : 'Proposed:'} ${c.name} (${plural(c.keys.length, 'instinct')} of ${c.domain}, mean ${Math.round(c.mean_confidence * 100)}%) -> ${c.file}`);
    process.stdout.write(`${lines.length ? lines.join('\n') : 'No cluster ready to become a skill.'}${!r.written && lines.length ? '\n(--write to write them)' : ''}\n`);
  },
};

export const exportCommands = [exportCommand, injectCommand, importRulesCommand, graduateCommand, evolveCommand];
