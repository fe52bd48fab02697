import { SOURCES } from '../store/model/model.js';
import type { Argv, CommandModule } from 'yargs';
import { FEEDBACK_KINDS, type FeedbackKind } from '../store/model/lifecycle.js';
import { StoreBusyError } from '../store/files/io.js';
import { alias } from '../store/verbs/merge.js';
import { deleteFact, writeFact } from '../store/verbs/facts.js';
import { feedback } from '../store/verbs/feedback.js';
import { housekeep, prune } from '../store/verbs/housekeep.js';
import { StoreError } from '../store/verbs/mutate.js';
import { teach } from '../store/verbs/teach.js';
import type { FactView, InstinctView } from '../store/views/query.js';
import * as svc from '../store/service.js';
import { sessionSummary } from '../runs/window-verbs.js';
import type { StoreCtx } from '../store/views/snapshot.js';
import { commonOptions, context, printJson } from './context.js';
import { CliError } from './errors.js';
import { renderSuggest } from './suggest-fast.js';
import { figure, liveCell, rateCell, scoreCell, scoreText } from '../store/views/figures.js';
import { heldSince } from '../rules/live.js';
import { kindOfStoreKey } from '../analyzer/kinds.js';
import { plural } from '../lib/plural.js';
import { lastAnalysisSentence } from '../analyzer/window-figures.js';
import { cli } from '../lib/invocation.js';

// The store's verbs: parse, call one function of store/service.ts or a verb module of the store, print text
// or --json. A miss or a refused change is a CliError (exit 2); a busy store exits 75.

type Common = { home?: string; now?: string; json: boolean };

const pct = (x: number) => `${Math.round(x * 100)}%`.padStart(4);

function storeCtx(argv: Common & { session?: string }, register = false): StoreCtx {
  const ctx = context(argv);
  return svc.storeContext({ home: ctx.home, config: ctx.config, now: ctx.now, cwd: process.cwd(), env: process.env, register, ...(argv.session ? { session: argv.session } : {}) });
}

function run<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof StoreError) throw new CliError(e.message, 2, { cause: e });
    if (e instanceof StoreBusyError) throw new CliError(e.message, 75, { cause: e });
    throw e;
  }
}

function out(argv: Common, value: unknown, text: () => string): void {
  if (argv.json) printJson(value);
  else process.stdout.write(`${text()}\n`);
}

export function instinctLine(v: Pick<InstinctView, 'confidence' | 'rate' | 'level' | 'pattern' | 'source' | 'scope'> & { project_name?: string; project?: string }): string {
  const where = v.scope === 'global' ? 'global' : `project ${v.project_name ?? v.project}`;
  return `${figure(v).padStart(4)}  ${v.level.padEnd(9)}  ${v.pattern}  (${v.source}, ${where})`;
}

function factLine(f: FactView): string {
  return `${scoreText(f.confidence)}  ${f.id}  ${f.fact}  (${f.scope === 'global' ? 'global' : `project ${f.project_name ?? f.project}`})`;
}

/**
 * `list`'s table: a header, then one row per instinct, columns aligned; the pattern last (the
 * widest). The rate (a claim's, as every view states it) and the score (what ranks) each under
 * its own heading; between them, for a rule, how often its claim held since it was given (live).
 */
export function listTable(views: readonly InstinctView[]): string {
  const rows = views.map((v) => [rateCell(v.rate), liveCell(v.live), scoreCell(v.confidence), v.level, v.source, v.scope === 'global' ? 'global' : `project ${v.project_name ?? v.project}`, v.id, v.pattern]);
  const header = ['rate', 'live', 'score', 'level', 'source', 'scope', 'id', 'pattern'];
  const width = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padStart(width[i]!) : i === r.length - 1 ? c : c.padEnd(width[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const scopeOption = { scope: { type: 'string', default: 'current', describe: 'current (this project and global), all, global, or a project id' } } as const;
const limitOption = { limit: { type: 'number', describe: 'at most this many (default: searchLimit, 20)' } } as const;

const listCommand: CommandModule<object, Common & { scope: string; domain?: string; source?: string; level?: string; limit?: number }> = {
  command: 'list',
  describe: 'the instincts of this project and the global ones, most confident first',
  builder: (y) => y.options({ ...commonOptions, ...scopeOption, ...limitOption, domain: { type: 'string' }, source: { type: 'string', choices: [...SOURCES] }, level: { type: 'string', choices: ['seedling', 'mature', 'rule', 'universal'] } }),
  handler: (argv) => {
    const r = run(() => svc.list(storeCtx(argv), { scope: argv.scope, ...(argv.domain ? { domain: argv.domain } : {}), ...(argv.source ? { source: argv.source as InstinctView['source'] } : {}), ...(argv.level ? { level: argv.level as InstinctView['level'] } : {}) }, argv.limit));
    const none = r.elsewhere > 0 ? `No instincts in this scope; ${plural(r.elsewhere, 'instinct')} in other scopes: ${cli('list --scope all')}` : r.inStore > 0 ? 'No instincts match.' : 'No instincts yet.';
    out(argv, r, () => (r.instincts.length ? listTable(r.instincts) : none) + (r.problems.length ? `\nUnreadable: ${r.problems.map((p) => `${p.file} (${p.problem})`).join('; ')}` : ''));
  },
};

const getCommand: CommandModule<object, Common & { ref: string }> = {
  command: 'get <ref>',
  describe: 'one instinct (by id or pattern key) with its evidence and history',
  builder: (y) => y.options(commonOptions).positional('ref', { type: 'string', demandOption: true }),
  handler: (argv) => {
    const r = run(() => svc.get(storeCtx(argv), argv.ref));
    const v = r.instinct;
    out(argv, r, () =>
      [
        `${v.pattern}  (${v.id})`,
        `  when: ${v.trigger}`,
        `  do:   ${v.action}`,
        ...(v.explain ? [`  ${v.explain}`] : []),
        `  ${v.source}, ${v.scope === 'global' ? 'global' : `project ${v.project_name ?? v.project}`}, ${v.domain}; ${v.rate !== undefined ? `rate ${pct(v.rate).trim()}${v.hits !== undefined && v.opportunities !== undefined ? ` (${v.hits} of ${v.opportunities})` : ''}, ` : ''}${scoreText(v.confidence)}, level ${v.level}, state ${v.state}${v.blocked ? ' (held back from promotion by feedback)' : ''}`,
        `  ${plural(v.observations, 'observation')}${v.sessions > 0 ? ` in ${plural(v.sessions, 'session')}` : ' (no session recorded)'}, ${v.first_seen.slice(0, 10)} .. ${v.last_seen.slice(0, 10)}; confirmed ${v.confirmed}, corrected ${v.corrected}, contradicted ${v.contradicted}, suggested ${v.suggested}`,
        ...(v.live ? [`  since given: ${heldSince(kindOfStoreKey(v.pattern)?.kind ?? '', v.live)}`] : []),
        ...(r.aliases.length ? [`  aliases: ${r.aliases.join(', ')}`] : []),
        ...(r.evidence.length ? ['  evidence:', ...r.evidence.map((e) => `    - ${e}`)] : []),
      ].join('\n'),
    );
  },
};

const searchCommand: CommandModule<object, Common & { query: string[]; limit?: number }> = {
  command: 'search <query..>',
  describe: 'search instincts and facts: words (AND), OR, NOT, "phrases", prefix*; anything else as a substring',
  builder: (y) => y.options({ ...commonOptions, ...limitOption }).positional('query', { type: 'string', array: true, demandOption: true }),
  handler: (argv) => {
    const r = run(() => svc.search(storeCtx(argv), argv.query.join(' '), argv.limit));
    out(argv, r, () => [...r.instincts.map((v) => `${instinctLine(v)}  ${v.id}`), ...r.facts.map(factLine)].join('\n') || 'Nothing matches.');
  },
};

export const suggestCommand: CommandModule<object, Common & { full: boolean; limit?: number }> = {
  command: 'suggest',
  describe: 'what to keep in mind here: mature and stronger instincts of this project and global ones',
  builder: (y) => y.options({ ...commonOptions, ...limitOption, full: { type: 'boolean', default: false, describe: 'every field, not just pattern, confidence and level' } }),
  handler: (argv) => {
    const r = run(() => svc.suggest(storeCtx(argv), { full: argv.full, ...(argv.limit !== undefined ? { limit: argv.limit } : {}) }));
    out(argv, r, () => renderSuggest(r));
  },
};

const statsCommand: CommandModule<object, Common> = {
  command: 'stats',
  describe: 'counts by level, source, category, scope and state',
  builder: (y) => y.options(commonOptions),
  handler: (argv) => {
    const r = run(() => svc.stats(storeCtx(argv)));
    const row = (o: Record<string, number>) => Object.entries(o).map(([k, n]) => `${k} ${n}`).join(', ');
    out(argv, r, () => [`${plural(r.total, 'instinct')}, ${plural(r.facts, 'fact')}, ${plural(r.rules, 'rule')}, ${plural(r.projects, 'project')}, ${plural(r.events, 'event')}`, `levels: ${row(r.levels)}`, `sources: ${row(r.sources)}`, `categories: ${row(r.categories)}`, `scopes: ${row(r.scopes)}`, `states: ${row(r.states)}`, r.lastAnalysis ? lastAnalysisSentence(r.lastAnalysis) : 'No analysis yet.'].join('\n'));
  },
};

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

/** A trend as `trending` prints it: the arrow and the change; `new` (and what moved it since its creation, if anything). */
function trendCell(x: { trend: string; change: number }): string {
  return (x.trend === 'new' ? (x.change === 0 ? 'new' : `new ${signed(x.change)}`) : `${x.trend} ${signed(x.change)}`).padEnd(7);
}

const daysOption = { days: { type: 'number', describe: 'over the last N days (default: windowDays, the analysis window)' } } as const;

const trendingCommand: CommandModule<object, Common & { days?: number; limit?: number }> = {
  command: 'trending',
  describe: 'instincts whose confidence moved most over the last days, and those new in them (from the event log)',
  builder: (y) => y.options({ ...commonOptions, ...daysOption, ...limitOption }),
  handler: (argv) => {
    const r = run(() => svc.trending(storeCtx(argv), argv.days, argv.limit));
    out(argv, r, () => (r.rows.length ? `${r.basis === 'last_seen' ? `No change logged in the last ${plural(r.days, 'day')}; most recently seen:\n` : ''}${r.rows.map((x) => `${trendCell(x)}  ${scoreText(x.confidence)}  ${x.pattern}`).join('\n')}` : 'No instincts yet.'));
  },
};

const historyCommand: CommandModule<object, Common & { ref: string }> = {
  command: 'history <ref>',
  describe: "every change of an instinct's confidence, with the running total",
  builder: (y) => y.options(commonOptions).positional('ref', { type: 'string', demandOption: true }),
  handler: (argv) => {
    const r = run(() => svc.history(storeCtx(argv), argv.ref));
    out(argv, r, () => [`${r.pattern} (${r.id})`, ...r.events.map((e) => `${e.ts.slice(0, 16)}Z  ${e.delta >= 0 ? '+' : ''}${e.delta.toFixed(4)}  = ${e.total.toFixed(4)}  ${e.reason}`)].join('\n'));
  },
};

const observeCommand: CommandModule<object, Common & { pattern: string; trigger?: string; action?: string; explain?: string; domain?: string; global: boolean; session?: string }> = {
  command: 'observe <pattern>',
  describe: 'teach an instinct (pref:pkg=pnpm, seq:Grep->Read->Edit, ...), or reinforce it if known',
  builder: (y: Argv) =>
    y
      .options({
        ...commonOptions,
        trigger: { type: 'string', describe: 'when it applies (needed to create one)' },
        action: { type: 'string', describe: 'what to do (needed to create one)' },
        explain: { type: 'string' },
        domain: { type: 'string' },
        global: { type: 'boolean', default: false, describe: 'for every project, not just this one' },
        session: { type: 'string', describe: 'the session it was seen in' },
      })
      .positional('pattern', { type: 'string', demandOption: true }) as never,
  handler: (argv) => {
    const r = run(() =>
      teach(storeCtx(argv, true), {
        pattern: argv.pattern,
        ...(argv.trigger !== undefined ? { trigger: argv.trigger } : {}),
        ...(argv.action !== undefined ? { action: argv.action } : {}),
        ...(argv.explain !== undefined ? { explain: argv.explain } : {}),
        ...(argv.domain !== undefined ? { domain: argv.domain } : {}),
        ...(argv.global ? { scope: 'global' as const } : {}),
      }),
    );
    out(argv, r, () => `${r.created ? 'Taught' : r.confirmed_observed ? 'Confirmed (observed)' : 'Reinforced'} ${r.pattern} (${r.id}): ${scoreText(r.confidence)}, ${r.level}${r.merged_into ? ` (merged into ${r.merged_into})` : ''}${r.contradictions.length ? `; contradicts ${r.contradictions.map((c) => c.pattern).join(', ')}` : ''}${r.evicted.length ? `; evicted ${r.evicted.join(', ')}` : ''}`);
  },
};

const feedbackCommand: CommandModule<object, Common & { ref: string; kind: FeedbackKind; session?: string }> = {
  command: 'feedback <ref> <kind>',
  describe: 'confirm, correct or contradict an instinct (it changes its confidence, and blocks an observed one from promotion)',
  builder: (y) => y.options({ ...commonOptions, session: { type: 'string' } }).positional('ref', { type: 'string', demandOption: true }).positional('kind', { choices: FEEDBACK_KINDS, demandOption: true }) as never,
  handler: (argv) => {
    const r = run(() => feedback(storeCtx(argv, true), argv.ref, argv.kind));
    out(argv, r, () => `${r.kind}: ${r.pattern} ${r.delta >= 0 ? '+' : ''}${r.delta.toFixed(4)} -> ${scoreText(r.confidence)} (${r.level})${r.blocks_promotion ? '; held back from promotion until new evidence outweighs it' : ''}`);
  },
};

const aliasCommand: CommandModule<object, Common & { from: string; to: string }> = {
  command: 'alias <from> <to>',
  describe: 'make one pattern key stand for another (a taught instinct of that key is merged into it)',
  builder: (y) => y.options(commonOptions).positional('from', { type: 'string', demandOption: true }).positional('to', { type: 'string', demandOption: true }) as never,
  handler: (argv) => {
    const r = run(() => alias(storeCtx(argv), argv.from, argv.to));
    out(argv, r, () => `${r.from} now stands for ${r.to}${r.merged ? ` (merged ${r.merged})` : ''}.`);
  },
};

const duplicatesCommand: CommandModule<object, Common> = {
  command: 'duplicates',
  describe: 'similar pattern keys (duplicateThreshold), contradicting taught instincts, and alike taught ones kept apart (a merge would lose a word)',
  builder: (y) => y.options(commonOptions),
  handler: (argv) => {
    const r = run(() => svc.duplicates(storeCtx(argv)));
    out(argv, r, () => [
      ...r.duplicates.map((d) => `${d.similarity.toFixed(2)}  ${d.a_pattern}  ~  ${d.b_pattern}`),
      ...r.contradictions.map((c) => `contradiction: ${c.a} (${c.a_action}) vs ${c.b} (${c.b_action})`),
      ...r.distinct.map((d) => `kept apart: ${d.a_pattern} and ${d.b_pattern} (${d.similarity.toFixed(2)} alike; their ${d.in}s say ${d.words[0].join(' ') || '-'} / ${d.words[1].join(' ') || '-'})`),
    ].join('\n') || 'No duplicates, no contradictions.');
  },
};

const pruneCommand: CommandModule<object, Common & { apply: boolean }> = {
  command: 'prune',
  describe: 'taught instincts and facts to remove or review (a dry run unless --apply)',
  builder: (y) => y.options({ ...commonOptions, apply: { type: 'boolean', default: false, describe: 'archive the ones to remove' } }),
  handler: (argv) => {
    const r = run(() => prune(storeCtx(argv), argv.apply));
    out(argv, r, () => (r.candidates.length ? r.candidates.map((c) => `${c.category.padEnd(6)}  ${scoreText(c.confidence)}  ${c.pattern}  (${c.reason})`).join('\n') : 'Nothing to prune.') + (argv.apply ? `\nRemoved ${r.removed.length}.` : r.candidates.some((c) => c.category === 'remove') ? '\nDry run: nothing removed (--apply to archive the ones to remove).' : ''));
  },
};

const gcCommand: CommandModule<object, Common> = {
  command: 'gc',
  aliases: ['housekeep'],
  describe: 'housekeeping: levels and states, taught duplicates merged, contradictions, orphan aliases, caps, old events folded, event sums mended',
  builder: (y) => y.options(commonOptions),
  handler: (argv) => {
    const r = run(() => housekeep(storeCtx(argv), { compact: true }));
    out(argv, r, () => `decayed ${r.decayed.length}, merged ${r.merged.length}, contradictions ${r.contradictions.length}, orphan aliases ${r.orphanAliases.length}, evicted ${r.evicted.length}, removed ${r.removed.length}, events folded ${r.eventsCompacted}, event sums mended ${r.repaired.length}`);
  },
};

const factsCommand: CommandModule<object, Common & { action: string; args: string[]; global: boolean; domain?: string; all: boolean }> = {
  command: 'facts [action] [args..]',
  describe: 'facts: list | add <statement..> | rm <id>',
  builder: (y) => y.options({ ...commonOptions, global: { type: 'boolean', default: false }, domain: { type: 'string' }, all: { type: 'boolean', default: false, describe: 'list every project\'s' } }).positional('action', { choices: ['list', 'add', 'rm'], default: 'list' }).positional('args', { type: 'string', array: true, default: [] }) as never,
  handler: (argv) => {
    if (argv.action === 'add') {
      if (!argv.args.length) throw new CliError(`facts add needs the statement, e.g. ${cli('facts add the test database listens on 3306')}`);
      const r = run(() => writeFact(storeCtx(argv, true), { fact: argv.args.join(' '), ...(argv.global ? { scope: 'global' as const } : {}), ...(argv.domain ? { domain: argv.domain } : {}) }));
      return out(argv, r, () => `${r.created ? 'Added' : 'Reinforced'} fact ${r.id}: ${scoreText(r.confidence)}`);
    }
    if (argv.action === 'rm') {
      if (argv.args.length !== 1) throw new CliError('facts rm needs one fact id (see facts list)');
      const r = run(() => deleteFact(storeCtx(argv), argv.args[0]!));
      return out(argv, r, () => `Removed fact ${r.id} (kept in archive/).`);
    }
    const r = run(() => svc.facts(storeCtx(argv), argv.all ? 'all' : 'current'));
    out(argv, r, () => r.facts.map(factLine).join('\n') || 'No facts yet.');
  },
};

const projectsCommand: CommandModule<object, Common> = {
  command: 'projects',
  describe: 'the projects homunculus knows, with their instincts and facts',
  builder: (y) => y.options(commonOptions),
  handler: (argv) => {
    const r = run(() => svc.projects(storeCtx(argv)));
    out(argv, r, () => [...r.projects.map((p) => `${p.current ? '*' : ' '} ${p.id}  ${(p.name ?? '?').padEnd(20)}  ${plural(p.instincts, 'instinct')}, ${plural(p.facts, 'fact')}${p.last_seen ? `, last seen ${p.last_seen.slice(0, 10)}` : ''}`), `  global: ${plural(r.global.instincts, 'instinct')}, ${plural(r.global.facts, 'fact')}`].join('\n'));
  },
};

const sessionSummaryCommand: CommandModule<object, Common & { session?: string }> = {
  command: 'session-summary',
  describe: 'a session (default: the latest) in numbers: tool calls, chains, retries, what was learned',
  builder: (y) => y.options({ ...commonOptions, session: { type: 'string' } }),
  handler: (argv) => {
    const r = run(() => sessionSummary(storeCtx(argv), argv.session));
    out(argv, r, () =>
      [
        `Session ${r.session}: ${plural(r.calls, 'tool call')}, ${r.failures} failed, ${r.first?.slice(0, 16) ?? '?'}Z .. ${r.last?.slice(0, 16) ?? '?'}Z`,
        `  tools: ${r.tools.map((t) => `${t.tool} ${t.calls}`).join(', ')}`,
        ...(r.chains.length ? [`  chains: ${r.chains.map((c) => `${c.pattern} (${c.count})`).join(', ')}`] : []),
        ...(r.retries.length ? [`  retries: ${r.retries.map((c) => `${c.pattern} (${c.count})`).join(', ')}`] : []),
        ...(r.store.length ? [`  learned: ${r.store.map((e) => `${e.pattern} ${e.delta >= 0 ? '+' : ''}${e.delta} (${e.reason})`).join('; ')}`] : []),
      ].join('\n'),
    );
  },
};

const statusCommand: CommandModule<object, Common & { days?: number }> = {
  command: 'status',
  describe: 'what homunculus has learned here, by domain, with the trend of each (↑ ↓ → new), and the last analysis\'s figures',
  builder: (y) => y.options({ ...commonOptions, ...daysOption }),
  handler: (argv) => {
    const r = run(() => svc.status(storeCtx(argv), argv.days));
    const figures = r.lastAnalysis ? lastAnalysisSentence(r.lastAnalysis) : 'No analysis yet.';
    const why = r.nothing_here ? [`Nothing of this project's own is given to Claude yet. ${r.nothing_here.seen}`, ...r.nothing_here.nearest.map((l) => `  - ${l}`)] : [];
    out(argv, r, () =>
      r.groups.length
        ? [`${r.project_name ? `Project ${r.project_name} (${r.project})` : 'No project'}: trends over ${plural(r.days, 'day')}`, figures, ...why, ...r.groups.flatMap((g) => [`${g.domain}:`, ...g.instincts.map((i) => `  ${i.trend.padEnd(3)} ${figure(i).padStart(4)}  ${i.level.padEnd(9)}  ${i.live ? `(since given: ${i.live.hits} of ${i.live.opportunities})  ` : ''}${i.pattern}`)]), `${plural(r.facts, 'fact')}.`].join('\n')
        : [why.length ? why.join('\n') : 'Nothing learned here yet.', figures].join('\n'),
    );
  },
};

export const storeCommands = [listCommand, getCommand, searchCommand, suggestCommand, statsCommand, trendingCommand, historyCommand, observeCommand, feedbackCommand, aliasCommand, duplicatesCommand, pruneCommand, gcCommand, factsCommand, projectsCommand, sessionSummaryCommand, statusCommand];
