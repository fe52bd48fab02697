import { isoToMs } from '../lib/clock.js';
import { accessSync, constants, existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { rulesFilePath } from '../runs/consolidate-run.js';
import { claudePaths, SCOPES } from '../claude/paths.js';
import { lastDelivery } from '../claude/deliveries.js';
import { readInstallRecords } from '../claude/install-record.js';
import { rulesJsonProblem } from '../rules/read.js';
import { scriptOf } from '../claude/installer.js';
import { readAnalysisLog } from '../lib/analysis-log.js';
import { cli, installHint, invocation } from '../lib/invocation.js';
import { layout } from '../lib/data-home.js';
import { readDataFile } from '../lib/data-files.js';
import { disagreements, type Disagreement } from '../store/files/consistency.js';
import { readEvents } from '../store/files/events.js';
import { StoreBusyError } from '../store/files/io.js';
import { round4 } from '../store/model/lifecycle.js';
import { mendStore } from '../store/verbs/housekeep.js';
import { scanFacts, scanInstincts } from '../store/files/scan.js';
import { storeContext } from '../store/service.js';
import { pendingChange } from '../store/files/txn.js';
import { commonOptions, context, printJson, type Context } from './context.js';
import { hookLocators, installedEntries, whereInUse, whereLine, type Check, type Installed, type Where } from './in-use.js';
import { CliError } from './errors.js';
import { plural } from '../lib/plural.js';

export type { Check } from './in-use.js';

const EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop', 'UserPromptSubmit', 'SessionStart', 'SessionEnd'];

function nearestExisting(path: string): string {
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

function lastLines(path: string, n: number): string[] {
  try {
    const text = readDataFile(path).toString('utf8');
    return text.split('\n').filter(Boolean).slice(-n);
  } catch {
    return [];
  }
}

/** analysis.log: the last analysis and dream, what was skipped, and any error of the last 20 events. */
export function analysisLogCheck(home: string): Check {
  const events = readAnalysisLog(home).slice(-200);
  if (events.length === 0) return { name: 'analysis log', ok: true, detail: 'empty (no analysis logged yet)' };
  const last = (kind: string) => [...events].reverse().find((e) => e.kind === kind);
  const a = last('analysis');
  const d = last('dream');
  const skip = last('skip');
  const errors = events.slice(-20).filter((e) => typeof e['error'] === 'string');
  const parts = [
    a ? `last analysis ${a.ts} (${a.duration_ms ?? '?'} ms, ${typeof a['records_read'] === 'number' ? plural(a['records_read'], 'record') : '? records'}, ${typeof a['patterns_tracked'] === 'number' ? plural(a['patterns_tracked'], 'pattern') : '? patterns'})` : 'no analysis logged',
    d ? `last dream ${d.ts}` : 'no dream yet',
    ...(skip ? [`last skip ${skip.ts}: ${String(skip['skip'])}`] : []),
    ...errors.map((e) => `error ${e.ts}: ${String(e['error'])}`),
  ];
  return { name: 'analysis log', ok: errors.length === 0, detail: parts.join('; '), fix: `${cli('log --since 7d')} shows the events; address the errors, then run ${cli('analyze')}` };
}

/**
 * The store's files against its event log: a change cut short (its journal still there), and
 * any instinct or fact whose events do not add up to its confidence (store/files/consistency.ts).
 */
export function storeCheck(home: string): Check {
  const fix = 'homunculus doctor --fix (or homunculus gc) finishes a change cut short and logs the difference as a repair event, taking the file\'s word';
  if (!existsSync(layout.instincts(home)) && !existsSync(layout.facts(home)) && !existsSync(layout.events(home))) return { name: 'store', ok: true, detail: 'empty (nothing taught or learned yet)' };
  const pending = pendingChange(home);
  let ds: Disagreement[];
  try {
    ds = disagreements(scanInstincts(home, { classify: false }), scanFacts(home, { classify: false }), readEvents(home));
  } catch (e) {
    return { name: 'store', ok: false, detail: `could not be read: ${(e as Error).message}`, fix: 'check the permissions of the data home' };
  }
  const parts = [
    ...(pending ? [`a change was cut short (${layout.storeJournal(home)}): the next store write finishes or undoes it`] : []),
    ...(ds.length ? [`${ds.length} whose events do not add up to the confidence stored: ${ds.slice(0, 5).map((d) => `${d.id} (events ${round4(d.logged)}, file ${d.stored})`).join(', ')}${ds.length > 5 ? ', ...' : ''}`] : []),
  ];
  return { name: 'store', ok: parts.length === 0, detail: parts.length ? parts.join('; ') : 'every confidence is the sum of its events', fix };
}

/**
 * Did the rules reach Claude in the last session? The SessionStart hook records every delivery;
 * the newest session the observer saw must have one (Claude Code's InstructionsLoaded event only
 * covers memory files, not a hook's context).
 */
export function deliveryCheck(home: string, last: { session: string; ts: string } | undefined, installedAt?: string): Check {
  const d = lastDelivery(home);
  // A session that started before the hooks went in (imported history, or one already running)
  // could not have had the SessionStart hook: it is not judged.
  if (last !== undefined && installedAt !== undefined && d === undefined && startedBefore(home, last, installedAt)) {
    return { name: 'rules delivery', ok: true, detail: `no session has started since the hooks were installed (${installedAt}); the newest seen, ${last.session}, started before (imported history, or a session already running)` };
  }
  const fix = `${installHint()}${invocation().kind === 'plugin' ? '' : ' (or enable the plugin)'}: the SessionStart hook gives Claude the rules`;
  if (last === undefined && d === undefined) return { name: 'rules delivery', ok: true, detail: 'no session seen yet' };
  if (d === undefined) return { name: 'rules delivery', ok: false, detail: `session ${last!.session} (last tool call ${last!.ts}) ran without the SessionStart hook: no rules reached Claude`, fix };
  if (last !== undefined && last.session !== d.session && last.ts > d.at) {
    return { name: 'rules delivery', ok: false, detail: `the last session ${last.session} (last tool call ${last.ts}) ran without the SessionStart hook; the last delivery was to ${d.session} at ${d.at}`, fix };
  }
  return { name: 'rules delivery', ok: true, detail: `session ${d.session} (${d.source}, ${d.at}): ${d.note ?? `${plural(d.rules, 'rule')} given to Claude (${plural(d.chars, 'character')})`}` };
}

/**
 * Did `session` start before `at`? Its newest record is `last`; the observation files are read
 * from the newest back, and only while they hold the session (a session's days are consecutive),
 * so a year of history costs the one or two files of the last session.
 */
export function startedBefore(home: string, last: { session: string; ts: string }, at: string): boolean {
  if (last.ts < at) return true;
  const dir = layout.observations(home);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^\d{4}-\d\d-\d\d\.jsonl$/.test(f)).sort().reverse();
  } catch {
    return false;
  }
  const quoted = JSON.stringify(last.session);
  let seen = false;
  for (const f of files) {
    let text: string;
    try {
      text = readDataFile(`${dir}/${f}`).toString('utf8');
    } catch {
      continue;
    }
    if (!text.includes(quoted)) {
      if (seen) break;
      continue;
    }
    seen = true;
    for (const line of text.split('\n')) {
      if (!line.includes(quoted)) continue;
      try {
        const r = JSON.parse(line) as { session?: unknown; ts?: unknown };
        if (r.session === last.session && typeof r.ts === 'string' && r.ts < at) return true;
      } catch {
        // a torn line: not a record
      }
    }
  }
  return false;
}

/**
 * When the hooks were installed into the settings files that hold them: install's record
 * (state/install.json), else (installed by an earlier version) the settings file's last change,
 * which is no earlier than the install. The earliest of them; undefined when none is known.
 */
export function installedSince(home: string, installed: Installed, projectDir: string, env: NodeJS.ProcessEnv): string | undefined {
  const records = readInstallRecords(home);
  const times: string[] = [];
  for (const scope of installed.installedScopes) {
    const settings = claudePaths(scope as (typeof SCOPES)[number], projectDir, env).settings;
    const at = records[settings]?.at;
    if (at !== undefined) times.push(new Date(at).toISOString());
    else {
      try {
        times.push(statSync(settings).mtime.toISOString());
      } catch {
        // gone since it was read
      }
    }
  }
  return times.sort()[0];
}

export function runChecks(opts: { home: string; projectDir: string; env: NodeJS.ProcessEnv; rulesFile: string; installed: Installed; homes: string[]; where?: Where }): Check[] {
  const { home, projectDir, env } = opts;
  const checks: Check[] = [];
  const major = Number(process.versions.node.split('.')[0]);
  checks.push({ name: 'node', ok: major >= 20, detail: `Node ${process.versions.node}`, fix: 'install Node 20 or later' });
  const { found, plugin } = opts.installed;
  checks.push(...opts.installed.problems);
  // The plugin registers every event (its hooks/hooks.json), wherever it is enabled.
  const pluginName = plugin.length ? `plugin ${[...new Set(plugin.map((p) => p.key))].join(', ')}` : undefined;
  const missing = pluginName ? [] : EVENTS.filter((ev) => !found.some((f) => f.event === ev));
  checks.push({
    name: 'hooks',
    ok: missing.length === 0,
    detail:
      found.length || pluginName
        ? `${[...[...new Set(found.map((f) => `${f.event} (${f.scope})`))], ...(pluginName ? [`every event (${pluginName}, enabled in ${[...new Set(plugin.map((p) => p.scope))].join(', ')} settings)`] : [])].join(', ')}${missing.length ? `; missing: ${missing.join(', ')}` : ''}`
        : 'not registered in any settings file, and the plugin is not enabled',
    fix: `${installHint()} (add --scope project|local for a project)`,
  });
  const broken = found.filter((f) => {
    const script = scriptOf(f.command, projectDir);
    return script === undefined || !existsSync(script);
  });
  checks.push({
    name: 'hook commands',
    ok: broken.length === 0,
    detail: broken.length ? `these do not resolve: ${broken.map((b) => `${b.event} (${b.scope}): ${b.command}`).join('; ')}` : found.length ? 'every command points at an existing script' : 'none to check',
    fix: `${installHint()} from the installation you want to use (it replaces the old entries)`,
  });
  // Each registration runs the hook: two record every tool call twice (the analyzer counts it once).
  const counts = new Map<string, string[]>();
  for (const f of found) counts.set(f.event, [...(counts.get(f.event) ?? []), f.scope]);
  if (pluginName) for (const ev of EVENTS) counts.set(ev, [...(counts.get(ev) ?? []), pluginName]);
  const dups = [...counts].filter(([, scopes]) => scopes.length > 1);
  const settingsScope = dups[0]?.[1].filter((x) => x !== pluginName);
  checks.push({
    name: 'duplicates',
    ok: dups.length === 0,
    detail: dups.length ? dups.map(([ev, scopes]) => `${ev} registered ${scopes.length}x (${scopes.join(', ')})`).join('; ') + ': each tool call is recorded twice (counted once)' : 'each hook registered once',
    fix: pluginName && dups.length
      ? `keep one: disable the plugin (/plugin in Claude Code), or ${cli(`uninstall --scope ${settingsScope?.[0] ?? 'user'}`)}`
      : `keep one scope: ${cli(`uninstall --scope ${dups[0]?.[1][1] ?? 'project'}`)}`,
  });

  let writable = true;
  try {
    const existing = nearestExisting(home);
    accessSync(existing, constants.W_OK);
    // A file where a folder must be is not writable as a data home, whoever we are (even root).
    if (!statSync(existing).isDirectory()) writable = false;
  } catch {
    writable = false;
  }
  checks.push({ name: 'data home', ok: writable, detail: `${home}${existsSync(home) ? '' : ' (not created yet)'}${writable ? ' is writable' : ' is not writable'}${opts.homes.length ? ' (the one the installed hooks use)' : ''}`, fix: `chmod u+w ${home}, or set HOMUNCULUS_HOME to a writable folder` });
  const old = opts.where?.oldCloneData;
  if (old !== undefined) {
    checks.push({ name: 'old clone data', ok: false, detail: `${old} holds what this clone recorded and learned before a clone's data home became ${home}; the hooks no longer write there`, fix: existsSync(home) ? `keep using it: set HOMUNCULUS_HOME=${old} and install again (or move what you want to keep into ${home})` : `mkdir -p ${dirname(home)} && mv ${old} ${home}` });
  }
  checks.push(storeCheck(home));
  if (opts.homes.length > 1) {
    checks.push({ name: 'data homes', ok: false, detail: `the installed hooks write to ${opts.homes.length} different data homes: ${opts.homes.join(', ')}`, fix: 'install again from one place (it replaces every entry), or uninstall the extra scope' });
  }

  const obsDir = layout.observations(home);
  const newest = existsSync(obsDir) ? readdirSync(obsDir).filter((f) => f.endsWith('.jsonl')).sort().pop() : undefined;
  let lastObs = 'none yet';
  let lastRecord: { session: string; ts: string } | undefined;
  if (newest) {
    const line = lastLines(`${obsDir}/${newest}`, 1)[0];
    try {
      lastRecord = JSON.parse(line ?? '') as { session: string; ts: string };
      lastObs = lastRecord.ts;
    } catch {
      lastObs = `${newest} (last line unreadable)`;
    }
  }
  checks.push({ name: 'last observation', ok: true, detail: lastObs });
  let lastAnalysis = 'none yet';
  try {
    const s = JSON.parse(readDataFile(layout.lastAnalysis(home)).toString('utf8')) as { ranAt: unknown; now: unknown };
    // Data, shown: only times that read as times (lib/clock.ts isoToMs), never the file's text as it is.
    const time = (x: unknown) => (typeof x === 'string' && !Number.isNaN(isoToMs(x)) ? x : 'an unreadable time');
    lastAnalysis = `${time(s.ranAt)} (analysed as of ${time(s.now)})`;
  } catch {
    // never ran
  }
  checks.push({ name: 'last analysis', ok: true, detail: lastAnalysis });
  checks.push(analysisLogCheck(home));

  const errors = lastLines(layout.hookErrors(home), 5);
  checks.push({
    name: 'hook errors',
    ok: errors.length === 0,
    detail: errors.length ? `last ${errors.length} of ${layout.hookErrors(home)}:\n      ${errors.join('\n      ')}` : 'none logged',
    fix: `address the errors above, then delete ${layout.hookErrors(home)}`,
  });

  const rulesProblem = rulesJsonProblem(home);
  checks.push({ name: 'rules state', ok: rulesProblem === undefined, detail: rulesProblem ?? (existsSync(layout.rulesJson(home)) ? 'rules.json reads' : `no rules.json yet (${cli('bye')} writes it)`), fix: `move rules.json aside and run ${cli('bye')} to rebuild it from the instincts` });
  checks.push(deliveryCheck(home, lastRecord, installedSince(home, opts.installed, projectDir, env)));
  const links = SCOPES.map((scope) => claudePaths(scope, projectDir, env).rulesLink).filter((l) => {
    try {
      return lstatSync(l).isSymbolicLink() && realpathSync(l) === realpathSync(opts.rulesFile);
    } catch {
      return false;
    }
  });
  if (links.length > 0) {
    checks.push({ name: 'old rules link', ok: false, detail: `${links.join(', ')} still links to the rules file: with the SessionStart hook, Claude would get every rule twice`, fix: `${installHint()} (it removes the link)` });
  }
  return checks;
}

/** The configuration: the user's settings read and valid, or what is wrong with them (the checks below then use the defaults). */
function configCheck(ctx: Context, env: NodeJS.ProcessEnv): Check {
  const file = env['HOMUNCULUS_CONFIG'] || layout.config(ctx.home);
  if (ctx.configProblem !== undefined) {
    return { name: 'configuration', ok: false, detail: `${ctx.configProblem.replace(/:\n\s*-\s*/, ': ').replace(/\n\s*-\s*/g, '; ')}; every other command refuses it, and the checks below use the defaults`, fix: `correct ${file} as said (${cli('config')} checks it again)` };
  }
  const mine = Object.values(ctx.sources).filter((s) => s === file).length;
  return { name: 'configuration', ok: true, detail: mine > 0 ? `${file} reads: ${plural(mine, 'setting')} of yours` : 'the defaults (no config.json)' };
}

export const doctorCommand: CommandModule<object, { home?: string; project?: string; json: boolean; fix: boolean }> = {
  command: 'doctor',
  describe: 'check the installation: Node, hooks, duplicates, data home, the store, recent activity, hook errors, rules delivery',
  builder: (y) =>
    y.options({
      home: commonOptions.home,
      json: commonOptions.json,
      project: { type: 'string', describe: 'project folder whose .claude/ to check (default: the current folder)' },
      fix: { type: 'boolean', default: false, describe: 'first mend the store: finish a change cut short, log a repair where events and files disagree' },
    }),
  handler: (argv) => {
    const projectDir = resolve(argv.project ?? process.cwd());
    const installed = installedEntries(projectDir, process.env);
    // Inspect what the installed hooks use (their carried settings), unless told otherwise.
    const where = whereInUse({ home: argv.home, projectDir, env: process.env, installed });
    const { homes, locators } = hookLocators(installed.found, process.env);
    const env = { ...process.env, ...locators };
    // A configuration that cannot be used is one of the checks, not a reason not to run them.
    const ctx = context({ home: where.dataHome }, env, { defaultsOnBadConfig: true });
    let mended: string | undefined;
    if (argv.fix && ctx.homeExists) {
      try {
        const r = mendStore(storeContext({ home: ctx.home, config: ctx.config, now: ctx.now, cwd: projectDir, env }));
        mended = `Mended the store: ${plural(r.repaired.length, 'repair event')} logged${r.repaired.length ? ` (${r.repaired.map((d) => d.id).join(', ')})` : ''}.`;
      } catch (e) {
        if (e instanceof StoreBusyError) throw new CliError(e.message, 75, { cause: e });
        throw e;
      }
    }
    const checks = [configCheck(ctx, env), ...runChecks({ home: ctx.home, projectDir, env, rulesFile: rulesFilePath(ctx.home, ctx.config, env), installed, homes, where })];
    const healthy = checks.every((c) => c.ok);
    if (argv.json) printJson({ healthy, where, checks, ...(mended !== undefined ? { mended } : {}) });
    else {
      process.stdout.write(`${whereLine(where)}\n`);
      if (mended !== undefined) process.stdout.write(`${mended}\n`);
      for (const c of checks) {
        process.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}\n`);
        if (!c.ok && c.fix) process.stdout.write(`     fix: ${c.fix}\n`);
      }
      process.stdout.write(healthy ? 'Healthy.\n' : 'Problems found; each has a fix above.\n');
    }
    process.exitCode = healthy ? 0 : 1;
  },
};
