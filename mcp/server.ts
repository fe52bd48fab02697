import { SOURCES, type Source } from '../store/model/model.js';
import { CATEGORIES, PREFIXES } from '../store/model/keys.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { resolveNow } from '../lib/clock.js';
import { loadConfig } from '../lib/config.js';
import { layout, resolveDataHome } from '../lib/data-home.js';
import { ID } from '../lib/tokens.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { StoreBusyError } from '../store/files/io.js';
import { alias, merge } from '../store/verbs/merge.js';
import { deleteFact, writeFact } from '../store/verbs/facts.js';
import { deleteInstinct, teach, writeInstinct } from '../store/verbs/teach.js';
import { feedback } from '../store/verbs/feedback.js';
import { housekeep } from '../store/verbs/housekeep.js';
import { importPatterns } from '../store/verbs/import-rows.js';
import { StoreError } from '../store/verbs/mutate.js';
import * as svc from '../store/service.js';
import { consolidate, detectChains, sessionSummary } from '../runs/window-verbs.js';
import type { StoreCtx } from '../store/views/snapshot.js';
import { suggestFromIndex } from '../store/views/suggest-fast.js';
import { FORMATS } from '../exports/formats.js';
import * as ex from '../exports/service.js';
import { normalizeCategory, type ExportFilter } from '../exports/select.js';
import { projectFile } from '../exports/model-paths.js';
import { FORMAT_FILES, isWholeExport, replaceableExport, type FileKind } from '../exports/out-files.js';

// The MCP server (`homunculus mcp`, stdio): the store's verbs as tools Claude can call. Nothing
// of its own: every tool is one call into store/. Each answers structured content; a miss or a
// refused change answers {"error": "..."} (isError), and no input ever crashes the server.

export interface ServerOptions {
  home?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

const VERSION = '0.1.0';

type Result = { content: { type: 'text'; text: string }[]; structuredContent: Record<string, unknown>; isError?: boolean };

function ok(value: unknown): Result {
  const structured = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { result: value }) as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function fail(message: string): Result {
  return { content: [{ type: 'text', text: JSON.stringify({ error: message }) }], structuredContent: { error: message }, isError: true };
}

const scope = z.enum(['project', 'global']).optional().describe('"global" applies everywhere; default: the current project (global when there is none)');
const pattern = z.string().min(1).max(260).describe('a key with a category prefix: seq:Grep->Read->Edit, retry:Bash, pref:pkg=pnpm, fix:missing-import, combo:pytest+coverage');
const limit = z.number().int().min(1).max(1000).optional().describe('at most this many (default 20)');

export function createServer(opts: ServerOptions = {}): McpServer {
  const env = opts.env ?? process.env;
  const home = opts.home ? resolveDataHome({ HOMUNCULUS_HOME: opts.home }) : resolveDataHome(env);
  const cwd = opts.cwd ?? process.cwd();
  let registered = false;
  const ctx = (session?: string): StoreCtx => {
    const { config } = loadConfig(home, env);
    // A session counts toward an instinct's sessions only when the hooks recorded it (a tool call
    // of it, or its start): a caller
    // cannot make one session meet the two-session rule by naming new ones.
    const known = session !== undefined && ID.test(session) && (existsSync(join(layout.streams(home), `${session}.main.json`)) || existsSync(join(layout.sessions(home), `${session}.json`)));
    const c = svc.storeContext({ home, config, now: resolveNow(undefined, env), cwd, env, register: !registered, ...(known ? { session } : {}) });
    registered = true;
    return c;
  };
  const server = new McpServer({ name: 'homunculus', version: VERSION }, { instructions: 'homunculus remembers how this user works: habits learned from tool use, and instincts and facts taught by the user or by you. Call suggest at the start of a task, observe when you learn a preference or a fix worth keeping, fact_write for plain facts about the project.' });
  const tool = <S extends z.ZodRawShape>(name: string, description: string, shape: S, run: (args: z.infer<z.ZodObject<S>>) => unknown) => {
    server.registerTool(name, { description, inputSchema: shape, annotations: {} }, ((args: z.infer<z.ZodObject<S>>) => {
      try {
        return ok(run(args));
      } catch (e) {
        if (e instanceof StoreError || e instanceof StoreBusyError || e instanceof ex.ExportError) return fail(e.message);
        return fail(`${(e as Error)?.message ?? String(e)}`.split('\n')[0]!);
      }
    }) as never);
  };

  tool(
    'observe',
    'Teach homunculus an instinct, or reinforce one it knows: when you notice how the user wants things done ("use pnpm", "run the linter before committing"). New ones need trigger and action; saying it again raises confidence (+0.1). Give outcome to confirm, correct or contradict an existing one instead. Returns pattern, confidence, level, created. For plain facts without a trigger use fact_write.',
    {
      pattern,
      trigger: z.string().max(500).optional().describe('when it applies ("choosing a package manager")'),
      action: z.string().max(500).optional().describe('what to do ("use pnpm, never npm")'),
      explain: z.string().max(2000).optional(),
      domain: z.string().max(40).optional().describe('workflow, tool-preference, testing, code-style, error-handling, architecture, documentation, or a tag'),
      scope,
      session: z.string().regex(ID, 'a session id: letters, digits, _ and -, at most 128').optional().describe('the Claude Code session (counted only when the hooks recorded it)'),
      outcome: z.enum(['confirm', 'correct', 'contradict']).optional().describe('feedback on an existing instinct: it worked (confirm), the user corrected it (correct), it conflicts with another (contradict)'),
    },
    (a) => {
      const c = ctx(a.session);
      if (a.outcome) {
        const r = feedback(c, a.pattern, a.outcome);
        return { pattern: r.pattern, id: r.id, confidence: r.confidence, level: r.level, created: false, outcome: a.outcome, delta: r.delta, ...(r.blocks_promotion !== undefined ? { blocks_promotion: r.blocks_promotion } : {}) };
      }
      const r = teach(c, { pattern: a.pattern, ...(a.trigger ? { trigger: a.trigger } : {}), ...(a.action ? { action: a.action } : {}), ...(a.explain ? { explain: a.explain } : {}), ...(a.domain ? { domain: a.domain } : {}), ...(a.scope ? { scope: a.scope } : {}) });
      return { pattern: r.pattern, id: r.id, confidence: r.confidence, level: r.level, created: r.created, ...(r.merged_into ? { merged_into: r.merged_into } : {}), contradictions: r.contradictions, ...(r.confirmed_observed ? { confirmed_observed: true } : {}) };
    },
  );
  tool(
    'suggest',
    'What homunculus knows that applies here: mature and stronger instincts of the current project and global ones, most confident first. Call it at the start of a task. Compact by default (pattern, confidence, level); full: true for trigger, action and evidence counts. To look something up use search_instincts.',
    { full: z.boolean().optional(), limit },
    (a) => {
      const c = ctx();
      const o = { full: a.full ?? false, ...(a.limit ? { limit: a.limit } : {}) };
      return suggestFromIndex(home, c.config, c.now.getTime(), c.project, o) ?? svc.suggest(c, o);
    },
  );
  tool(
    'list_instincts',
    'List instincts with filters (scope current|all|global|<project id>, domain, source observed|taught|imported, level). For a quick "what applies here" use suggest; for text queries use search_instincts.',
    { scope: z.string().max(20).optional(), domain: z.string().max(40).optional(), source: z.enum(SOURCES as [Source, ...Source[]]).optional(), level: z.enum(['seedling', 'mature', 'rule', 'universal']).optional(), limit },
    (a) => {
      const r = svc.list(ctx(), { ...(a.scope ? { scope: a.scope } : {}), ...(a.domain ? { domain: a.domain } : {}), ...(a.source ? { source: a.source } : {}), ...(a.level ? { level: a.level } : {}) }, a.limit ?? 20);
      return r;
    },
  );
  tool('get_instinct', 'One instinct by id or pattern key, with its evidence and confidence history.', { id: z.string().min(1).max(260).describe('an id from list/search, or a pattern key') }, (a) => svc.get(ctx(), a.id));
  tool(
    'search_instincts',
    'Search instincts and facts: words (all must match), OR, NOT, "phrases", prefix*; a query such as seq:Grep->Read or C++ is matched as a substring.',
    { query: z.string().min(1).max(500), limit },
    (a) => svc.search(ctx(), a.query, a.limit),
  );
  tool('stats', 'Counts of instincts by level, source, category, scope and state, and of facts, projects, rules and events.', {}, () => svc.stats(ctx()));
  tool('trending', 'Instincts whose confidence moved most over the last days (default: windowDays), and those new in that time, from the event log; by last seen when nothing was logged yet.', { days: z.number().int().min(1).max(365).optional(), limit }, (a) => svc.trending(ctx(), a.days, a.limit));
  tool('history', "Every change of one instinct's confidence with the reason and running total (the deltas add up to its confidence).", { pattern: z.string().min(1).max(260).describe('id or pattern key') }, (a) => svc.history(ctx(), a.pattern));
  tool('effectiveness', 'How often suggested instincts were then confirmed (observed again or confirmed): per pattern suggested, confirmed, rate.', {}, () => svc.effectiveness(ctx()));
  tool('consolidate', 'Run the same consolidation as /bye: analyse, promote confident patterns to rules, decay and archive. Returns how many instincts reached mature, rule and universal. Use at the end of a session, not on every turn.', {}, () => consolidate(ctx(), env));
  tool('session_summary', "A session's tool calls, chains and retries, and what the store learned in it (default: the latest session).", { session: z.string().regex(ID, 'a session id: letters, digits, _ and -, at most 128').optional() }, (a) => sessionSummary(ctx(), a.session));
  tool('detect_chains', 'The tool chains and error-retries the analyzer sees in the current window (read-only), with the scope each would take.', { limit }, (a) => detectChains(ctx(), a.limit ?? 20));
  tool('alias_pattern', 'Make one pattern key stand for another existing one (a taught instinct under the old key is merged into it).', { from: pattern, to: z.string().min(1).max(260).describe('the existing id or pattern key') }, (a) => alias(ctx(), a.from, a.to));
  tool('find_duplicates', 'Pairs of instincts with similar keys (order matters: seq:A->B is not seq:B->A), taught instincts that contradict each other, and alike taught ones kept apart because a merge would lose a word (distinct); each within its project and against the global ones.', {}, () => svc.duplicates(ctx()));
  tool(
    'import_patterns',
    'Import instincts (and facts: rows with "fact") from another tool or machine, into the current project at the taught starting confidence. Each row reinforces like observe. A key must be one homunculus could learn (cmd:test=npm test; pref:pkg=pnpm); "scope": "global" is refused (only the user makes a rule global). At most 10 new instincts and 3 new facts per call.',
    {
      patterns: z
        .array(
          z.object({
            pattern: z.string().max(260).optional(),
            fact: z.string().max(500).optional(),
            trigger: z.string().max(500).optional(),
            action: z.string().max(500).optional(),
            explain: z.string().max(2000).optional(),
            domain: z.string().max(40).optional(),
            scope: z.enum(['project', 'global']).optional().describe('"project" (the default); "global" is refused'),
          }),
        )
        .max(500),
      source: z.string().max(200).optional().describe('where they come from'),
    },
    (a) =>
      importPatterns(
        ctx(),
        a.patterns.map((r) => ({ ...r, pattern: r.pattern ?? '' })) as never,
        a.source,
      ),
  );
  tool('gc', 'Housekeeping, and fold events older than eventRetentionDays: event sums mended, levels and states, taught duplicates merged, contradictions down-weighted, orphan aliases, caps, prune. Idempotent.', {}, () => housekeep(ctx(), { compact: true }));
  tool('housekeep', 'Housekeeping without folding the event log: event sums mended, levels and states, taught duplicates merged, contradictions down-weighted, orphan aliases, caps, prune. Idempotent.', {}, () => housekeep(ctx()));
  tool(
    'instinct_write',
    'Create a taught instinct with exactly these fields, or change fields of a taught or imported one (by id). Observed instincts belong to the analyzer: use observe with an outcome for them.',
    { id: z.string().max(120).optional(), pattern: pattern.optional(), trigger: z.string().max(500).optional(), action: z.string().max(500).optional(), explain: z.string().max(2000).optional(), domain: z.string().max(40).optional(), scope },
    (a) => writeInstinct(ctx(), a as never),
  );
  tool('instinct_delete', 'Remove a taught or imported instinct that is wrong or no longer wanted (it is kept in archive/). Observed ones cannot be deleted: correct them with observe and an outcome.', { id: z.string().min(1).max(260) }, (a) => deleteInstinct(ctx(), a.id));
  tool('instinct_merge', 'Merge one taught or imported instinct into another: evidence summed, the higher confidence kept, the old key becomes an alias.', { from: z.string().min(1).max(260), into: z.string().min(1).max(260) }, (a) => merge(ctx(), a.from, a.into));
  tool('fact_list', 'Facts (plain statements, no trigger) of the current project and global ones; scope "all" for every project.', { scope: z.enum(['current', 'all']).optional() }, (a) => svc.facts(ctx(), a.scope ?? 'current'));
  tool('fact_read', 'One fact by id (from fact_list), with the history of its confidence.', { id: z.string().min(1).max(130) }, (a) => svc.fact(ctx(), a.id));
  tool(
    'fact_write',
    'Record a fact about the project or the user ("the test database listens on 3306"), or reinforce it when it is known. Give id to change an existing fact. Preferences and habits are instincts: use observe.',
    { fact: z.string().min(1).max(500), id: z.string().max(120).optional(), domain: z.string().max(40).optional(), scope },
    (a) => writeFact(ctx(), { fact: a.fact, ...(a.id ? { id: a.id } : {}), ...(a.domain ? { domain: a.domain } : {}), ...(a.scope ? { scope: a.scope } : {}) }),
  );
  tool('fact_delete', 'Remove a fact that is wrong or outdated (it is kept in archive/); to change it, fact_write with its id.', { id: z.string().min(1).max(130) }, (a) => deleteFact(ctx(), a.id));

  // ---- exports: the rules out to the files other agents read, and back (exports/service.ts)
  const filters = {
    scope: z.string().max(20).optional().describe('current (this project and global; default), all, global, or a project id'),
    project: z.string().max(200).optional().describe("only this project's rules: its id or name"),
    category: z.string().max(20).optional().describe(`${CATEGORIES.join(', ')} (or its prefix: ${Object.keys(PREFIXES).join(', ')})`),
  };
  const filterOf = (a: { scope?: string | undefined; project?: string | undefined; category?: string | undefined }): ExportFilter => {
    const category = normalizeCategory(a.category);
    return { ...(a.scope ? { scope: a.scope } : {}), ...(a.project ? { project: a.project } : {}), ...(category ? { category } : {}) };
  };
  // A path from the model: inside the project folder (exports/model-paths.ts), and only a file of the kind its format writes.
  const userPath = (p: string, kind: FileKind, what: string): string => {
    if (!kind.test.test(p)) throw new ex.ExportError(`${what}: expected ${kind.names}, found ${JSON.stringify(p).slice(0, 80)}`);
    return projectFile(cwd, p, what);
  };
  const MARKDOWN = FORMAT_FILES['claude-md'];
  tool(
    'export_rules',
    'The learned rules homunculus would export (rule-level and approved instincts of this project and global ones, most confident first), as data: key, category, domain, scope, confidence, observations, text, explain. Filters: scope, project, category.',
    filters,
    (a) => {
      const rules = ex.exportRules(ctx(), filterOf(a));
      return { count: rules.length, rules };
    },
  );
  tool('export_claude_md', 'The Markdown block of learned rules for a CLAUDE.md (one bullet per rule: text, key, category, confidence, observations, explanation). Only returns the text; inject_claude_md writes it into a file.', filters, (a) => {
    const rules = ex.exportRules(ctx(), filterOf(a));
    return { rules: rules.length, text: ex.renderFormat('claude-md', rules) };
  });
  tool(
    'inject_claude_md',
    "Write the learned rules into a marker block (<!-- homunculus:start --> ... <!-- homunculus:end -->) of a Markdown file, by default the project's CLAUDE.md: every byte outside the block is kept, an old <!-- instinct:start --> block is taken over, and a file already current is not touched (changed: false). Rules written there are then left out of the session-start rules.",
    { file: z.string().min(1).max(1000).optional().describe('the Markdown file (default CLAUDE.md in the project folder)'), format: z.enum(['claude-md', 'agents-md']).optional(), ...filters },
    (a) => {
      const c = ctx();
      const file = userPath(a.file ?? 'CLAUDE.md', MARKDOWN, 'file');
      const rules = ex.exportRules(c, filterOf(a), { notIn: file });
      return { rules: rules.length, ...ex.writeFormat(c, a.format ?? 'claude-md', rules, file) };
    },
  );
  tool(
    'export_skill',
    'An Agent Skills SKILL.md of the learned rules (frontmatter name and description; rules grouped by category with confidence and evidence). Returns the text; with out, writes it there. With no rule yet it returns a hint and writes nothing.',
    {
      name: z.string().max(64).optional().describe('lowercase letters, digits and hyphens (default homunculus-rules)'),
      description: z.string().max(1024).optional(),
      out: z.string().min(1).max(1000).optional().describe('write the SKILL.md here (e.g. .claude/skills/homunculus-rules/SKILL.md)'),
      ...filters,
    },
    (a) => {
      const r = ex.skillText(ctx(), filterOf(a), { ...(a.name ? { name: a.name } : {}), ...(a.description ? { description: a.description } : {}) });
      if (r.text === undefined) return { rules: 0, written: false, hint: r.hint };
      if (a.out === undefined) return { rules: r.rules, text: r.text };
      return { rules: r.rules, ...ex.writeWhole(replaceableExport(userPath(a.out, FORMAT_FILES.skill, 'out'), 'skill', 'out'), r.text) };
    },
  );
  tool(
    'export_platform',
    `The learned rules in another agent's format: ${FORMATS.join(', ')} (AGENTS.md for Codex and others, .cursorrules and .cursor/rules/*.mdc for Cursor, .windsurfrules for Windsurf, json for sharing). Returns the text; with out, writes the file (a marker block when it exists; the whole file for cursor-mdc and json).`,
    { format: z.string().max(20).describe(FORMATS.join(' | ')), out: z.string().min(1).max(1000).optional(), all: z.boolean().optional().describe('json: every instinct, not just rules'), ...filters },
    (a) => {
      const c = ctx();
      const format = ex.parseFormat(a.format);
      if (format === 'json') {
        const doc = ex.shareExport(c, filterOf(a), { all: a.all ?? false });
        if (a.out === undefined) return { format, document: doc };
        return { format, instincts: doc.instincts.length, facts: doc.facts.length, ...ex.writeWhole(replaceableExport(userPath(a.out, FORMAT_FILES.json, 'out'), 'json', 'out'), `${JSON.stringify(doc, null, 2)}\n`) };
      }
      const rules = ex.exportRules(c, filterOf(a));
      if (a.out === undefined) return { format, rules: rules.length, text: ex.renderFormat(format, rules) };
      const out = userPath(a.out, FORMAT_FILES[format], 'out');
      return { format, rules: rules.length, ...ex.writeFormat(c, format, rules, isWholeExport(format) ? replaceableExport(out, format, 'out') : out) };
    },
  );
  tool(
    'import_claude_md',
    "Read rules back from a Markdown file: the bullets of a homunculus block, or hand-written bullets with a key in backticks (`pref:pkg=pnpm` use pnpm). Each becomes an imported instinct of the current project at the taught starting confidence (what a bullet says of scope or confidence is not taken), or reinforces a known one; the answer lists imported, merged and skipped (with why).",
    { file: z.string().min(1).max(1000).describe('the Markdown file, e.g. CLAUDE.md') },
    (a) => ex.importClaudeMd(ctx(), userPath(a.file, MARKDOWN, 'file')),
  );
  return server;
}

export async function runStdioServer(opts: ServerOptions = {}): Promise<void> {
  const server = createServer(opts);
  await server.connect(new StdioServerTransport());
}
