import type { CommandModule } from 'yargs';
import { claudePaths } from '../claude/paths.js';
import { appendAnalysisEvent, readAnalysisLog, type AnalysisEvent } from '../lib/analysis-log.js';
import { StoreBusyError } from '../store/files/io.js';
import { deleteFact } from '../store/verbs/facts.js';
import { deleteInstinct } from '../store/verbs/teach.js';
import { promoteGlobal } from '../store/verbs/promotion-marks.js';
import { StoreError } from '../store/verbs/mutate.js';
import { currentProject } from '../store/files/projects.js';
import { runDream, type DreamRun } from '../store/verbs/dream-run.js';
import * as svc from '../store/service.js';
import { commonOptions, context, printJson } from './context.js';
import { CliError } from './errors.js';

// The in-session loop's verbs: dream (consolidation), promote --global, log (analysis.log).

type Common = { home?: string; now?: string; json: boolean };

function run<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof StoreError) throw new CliError(e.message, 2, { cause: e });
    if (e instanceof StoreBusyError) throw new CliError(e.message, 75, { cause: e });
    throw e;
  }
}

function dreamText(r: DreamRun): string {
  if (r.nothing_to_do) return 'Nothing to consolidate.';
  const verb = (done: string, would: string) => (r.dry_run ? would : done);
  return [
    ...r.removed.map((x) => `${verb('removed', 'would remove')}  ${x.pattern}  (${x.reason})`),
    ...r.merged.map((g) => `${verb('merged', 'would merge')}   ${g.from} into ${g.into}  (similarity ${g.similarity.toFixed(2)})`),
    ...r.contradictions.map((c) => `${verb('flagged', 'would flag')}  ${c.weaker}: contradicts ${c.stronger} (down-weighted)`),
    ...r.promoted.map((p) => `${verb('promoted', 'would promote')}  ${p.pattern} to global (was project ${p.from_project})`),
    r.dry_run ? 'Dry run: nothing changed.' : `Removed ${r.removed.length}, merged ${r.merged.length}, flagged ${r.contradictions.length}, promoted ${r.promoted.length}.`,
  ].join('\n');
}

export const dreamCommand: CommandModule<object, Common & { 'dry-run': boolean }> = {
  command: 'dream',
  describe: 'consolidate the store: merge near-duplicates, flag contradictions, remove stale and already-said instincts, promote proven ones to global',
  builder: (y) => y.options({ ...commonOptions, 'dry-run': { type: 'boolean', default: false, describe: 'show what it would do, change nothing' } }),
  handler: (argv) => {
    const c = context(argv);
    const ctx = svc.storeContext({ home: c.home, config: c.config, now: c.now, cwd: process.cwd(), env: process.env });
    const where = { claudeDir: claudePaths('user', process.cwd(), process.env).dir, projectRoot: currentProject(process.cwd(), process.env)?.root };
    const r = run(() => runDream(ctx, where, { dryRun: argv['dry-run'] }));
    if (argv.json) printJson(r);
    else process.stdout.write(`${dreamText(r)}\n`);
  },
};

export const promoteCommand: CommandModule<object, Common & { ref: string; global: boolean }> = {
  command: 'promote <ref>',
  describe: "make one of this project's taught instincts global (every project)",
  builder: (y) => y.options({ ...commonOptions, global: { type: 'boolean', default: false, describe: 'required: the scope to promote to' } }).positional('ref', { type: 'string', demandOption: true }) as never,
  handler: (argv) => {
    if (!argv.global) throw new CliError('promote needs --global (the only scope above a project)');
    const c = context(argv);
    const ctx = svc.storeContext({ home: c.home, config: c.config, now: c.now, cwd: process.cwd(), env: process.env });
    const r = run(() => promoteGlobal(ctx, argv.ref));
    appendAnalysisEvent(c.home, { ts: c.now.toISOString(), kind: 'promotion', by: 'hand', to: 'global', ids: [r.id] });
    if (argv.json) printJson(r);
    else process.stdout.write(`${r.pattern} (${r.id}) is global now${r.was_project ? ` (was project ${r.was_project})` : ''}.\n`);
  },
};

function eventLine(e: AnalysisEvent): string {
  const skip = new Set(['ts', 'kind']);
  const rest = Object.entries(e)
    .filter(([k, v]) => !skip.has(k) && v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return `${e.ts.slice(0, 19)}Z  ${e.kind.padEnd(13)}  ${rest.join('  ')}`;
}

export const logCommand: CommandModule<object, Common & { since?: string }> = {
  command: 'log',
  describe: 'analysis.log: every analysis, consolidation and promotion, with what it changed and skipped',
  builder: (y) => y.options({ ...commonOptions, since: { type: 'string', describe: 'from this time on: an ISO date or time, or a number of days (7d)' } }),
  handler: (argv) => {
    const c = context(argv);
    let since = Number.NEGATIVE_INFINITY;
    if (argv.since !== undefined) {
      const days = /^(\d+(?:\.\d+)?)d$/.exec(argv.since);
      since = days ? c.now.getTime() - Number(days[1]) * 86_400_000 : Date.parse(argv.since);
      if (Number.isNaN(since)) throw new CliError(`--since must be an ISO date or time or a number of days like 7d, found ${JSON.stringify(argv.since)}`);
    }
    const events = readAnalysisLog(c.home, since);
    if (argv.json) printJson({ events });
    else process.stdout.write(`${events.length ? events.map(eventLine).join('\n') : 'analysis.log is empty.'}\n`);
  },
};

export const forgetCommand: CommandModule<object, Common & { ref: string }> = {
  command: 'forget <ref>',
  describe: 'remove a taught or imported instinct (by id or key) or a fact (by id); kept in archive/',
  builder: (y) => y.options(commonOptions).positional('ref', { type: 'string', demandOption: true }) as never,
  handler: (argv) => {
    const c = context(argv);
    const ctx = svc.storeContext({ home: c.home, config: c.config, now: c.now, cwd: process.cwd(), env: process.env });
    const r = run(() => {
      try {
        return { kind: 'instinct', ...deleteInstinct(ctx, argv.ref) };
      } catch (e) {
        if (!(e instanceof StoreError) || !e.message.startsWith('no instinct')) throw e;
        try {
          return { kind: 'fact', pattern: argv.ref, ...deleteFact(ctx, argv.ref) };
        } catch {
          throw new StoreError(`no instinct or fact ${JSON.stringify(argv.ref)}: give an id or a pattern key from list, search or facts list`);
        }
      }
    });
    if (argv.json) printJson(r);
    else process.stdout.write(`Forgot ${r.kind} ${r.pattern} (${r.id}); kept in archive/.\n`);
  },
};

export const inloopCommands = [dreamCommand, promoteCommand, logCommand, forgetCommand];
