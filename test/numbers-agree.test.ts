import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execa } from 'execa';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../observer/project-id.js';
import { CLI, cleanEnv, DIST, runCli, runHook, sandbox } from './helpers.js';
import { contextOf, runRouter } from './inloop-helpers.js';
import { bash, projectFolder, writeTranscripts, type WrittenCall, type WrittenSession } from './transcript-writer.js';

// Issue 33, item 2: one data home, every command, the same figures. Import said 37 sessions,
// analyze 34, the report 35; analyze 30 patterns tracked, daily-summary.md 2; trending showed
// each instinct's creation as "↑ +0.95"; status said "over 7 days" with another window. Here the
// transcripts hold a known number of calls and sessions (one of them copied into a resumed
// session, whose calls are the same calls), and every figure each command states is compared.

const NOW = '2026-10-20T12:00:00.000Z'; // fixed, and well before the real clock
const SHOP = '/home/dev/work/shop';
const LEDGER = '/home/dev/work/ledger';
const WINDOW_DAYS = 14;

const shop: WrittenSession[] = ['2026-10-10', '2026-10-12', '2026-10-14', '2026-10-17', '2026-10-19'].map((day, i) => ({
  id: `shop-${i}`,
  cwd: SHOP,
  start: `${day}T09:00:00Z`,
  calls: [{ tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash('pnpm test', false), { tool: 'Edit' }, bash('pnpm test'), { tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash('pnpm test')],
}));
const ledger: WrittenSession[] = ['2026-10-11', '2026-10-15', '2026-10-18'].map((day, i) => ({
  id: `ledger-${i}`,
  cwd: LEDGER,
  start: `${day}T15:00:00Z`,
  calls: [{ tool: 'Read' }, { tool: 'Edit' }, bash('cargo test', false), { tool: 'Edit' }, bash('cargo test'), { tool: 'Read' }, { tool: 'Edit' }, bash('cargo test')],
}));
// The fixture's known counts: each call once, each session with a call of its own.
const CALLS = shop.length * 10 + ledger.length * 8; // 74
const SESSIONS = shop.length + ledger.length; // 8
const HELD_AGAIN = shop[0]!.calls.length; // the resumed session's copies

describe('every command states the same numbers of one data home', () => {
  const s = sandbox();
  const projects = join(s.root, 'projects');
  mkdirSync(s.data, { recursive: true });
  // A window other than the default 7 days (status must say the one it used); no cap on new instincts a run.
  writeFileSync(join(s.data, 'config.json'), JSON.stringify({ windowDays: WINDOW_DAYS, retentionDays: 30, maxNewInstinctsPerRun: 1000 }));
  const [first] = writeTranscripts(projects, [...shop, ...ledger]);
  // A resumed session: another session id holding the first session's calls again (the same tool-use ids).
  writeFileSync(join(projects, projectFolder(SHOP), 'z-resumed.jsonl'), readFileSync(first!, 'utf8').replaceAll('"sessionId":"shop-0"', '"sessionId":"shop-0-resumed"'));
  const env = { HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW, CLAUDE_PROJECT_DIR: SHOP };

  const json = async (args: string[]) => {
    const r = await runCli([...args, '--json'], env, { cwd: s.root });
    expect(r.exitCode, `${args.join(' ')}: ${r.stderr as string}`).toBe(0);
    return JSON.parse(r.stdout as string);
  };

  it('import, analyze, bye, daily-summary.md, report, stats, status and trending agree on tool calls, sessions and patterns tracked', async () => {
    const imported = await json(['import-transcripts', projects]);
    expect(imported).toMatchObject({ calls: CALLS, sessions: SESSIONS, added: CALLS, alreadyPresent: 0, repeated: HELD_AGAIN });

    const analyzed = await json(['analyze']);
    expect(analyzed).toMatchObject({ recordsInWindow: CALLS, sessionsInWindow: SESSIONS, windowDays: WINDOW_DAYS });
    const tracked: number = analyzed.tracked.length;
    expect(tracked).toBeGreaterThan(0);
    expect(analyzed.patternsTracked).toBe(tracked);
    const run = { now: NOW, windowDays: WINDOW_DAYS, recordsInWindow: CALLS, sessionsInWindow: SESSIONS, patternsTracked: tracked };
    const figures = { ...run, carriedProjects: 2 };

    const bye = await json(['bye']);
    expect(bye.analysis).toMatchObject(run);
    expect(bye.analysis.carried).toHaveLength(2);

    const summary = readFileSync(join(s.data, 'daily-summary.md'), 'utf8');
    // The import learned each project's history (its records are in the window too, and counted once: runs/sparse-projects.ts afterHistory).
    expect(summary.split('\n')[2]).toMatch(new RegExp(`\\. ${CALLS} tool calls in ${SESSIONS} sessions; ${tracked} patterns tracked \\(with the history import learned for 2 projects\\)\\.$`));
    const perDay = (label: string) => [...summary.matchAll(new RegExp(`^- ${label}: (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
    expect(perDay('Tool calls')).toBe(CALLS);

    // What follows only reads the home: at once.
    const [reported, stats, status, text, trending] = await Promise.all([json(['report', '--out', join(s.root, 'report.html')]), json(['stats']), json(['status']), runCli(['status'], env, { cwd: s.root }), json(['trending', '--limit', '1000'])]);
    const report = reported.report;
    expect(report).toMatchObject({ records: CALLS, sessions: SESSIONS, lastAnalysis: figures });
    // No forecast says a score is "already under" demoteBelow beside a score above it.
    for (const x of [...report.rules, ...report.instincts]) expect(x.forecast.basis).not.toMatch(/already/);

    expect(stats.lastAnalysis).toEqual(report.lastAnalysis);
    // The patterns tracked are the observed instincts (none deferred, none taught).
    expect(stats.sources).toMatchObject({ observed: tracked, taught: 0, imported: 0 });

    expect(status).toMatchObject({ days: WINDOW_DAYS, lastAnalysis: figures });
    expect(text.stdout).toContain(`trends over ${WINDOW_DAYS} days\nLast analysis (as of 2026-10-20 12:00Z, over its ${WINDOW_DAYS}-day window): ${CALLS} tool calls in ${SESSIONS} sessions; ${tracked} patterns tracked (with the history import learned for 2 projects).`);

    // Every instinct was created in the period: new, its creation no change; none rose.
    expect(trending).toMatchObject({ days: WINDOW_DAYS, basis: 'events' });
    expect(trending.rows).toHaveLength(tracked);
    for (const row of trending.rows) expect(row).toMatchObject({ trend: 'new', change: 0 });
    expect(status.groups.length).toBeGreaterThan(0);
    for (const g of status.groups) for (const i of g.instincts) expect(i.trend).toBe('new');

    // Imported again: the same calls and sessions, each already recorded.
    const again = await json(['import-transcripts', projects]);
    expect(again).toMatchObject({ calls: CALLS, sessions: SESSIONS, added: 0, alreadyPresent: CALLS, repeated: HELD_AGAIN });
  });
});

// Issue 37: one truth of what was learned. An imported history of four projects, a command taught
// in one of them, a new empty project, then one good session of another and a bye: every face
// states each claim at its rule's rate with the counts of whose evidence it is, the same numbers
// of rules, instincts and projects, the taught command wins in its project and nowhere else, and
// the good session refreshes what it held.

const IMPORT_AT = '2026-10-20T09:00:00.000Z'; // fixed, well before the real clock
const TAUGHT_AT = '2026-10-20T09:30:00.000Z';
const LIVE_AT = '2026-10-20T10:00:00.000Z';
const LATER = '2026-10-20T12:00:00.000Z';
const day = (from: string, i: number, step: number) => new Date(Date.parse(from) + i * step * 86_400_000).toISOString().slice(0, 10);
const GRW: WrittenCall[] = [{ tool: 'Glob' }, { tool: 'Read' }, { tool: 'Write' }];
const HABIT = 'seq:Glob->Read->Write'; // held in harbor and beacon; cobalt runs Glob then Read and never Write after them
const TAUGHT = 'cmd:test=tox'; // taught in harbor
const OBSERVED = 'cmd:test=pytest'; // harbor's own test command (and ember's), of the taught one's purpose
const OBSERVED_B = 'cmd:test=rspec'; // beacon's
const TEST_COMMANDS = new Set(['pytest', 'rspec', 'tox']);
const ONCE = 'terraform'; // run in one session of cobalt (its only command): cobalt's own fact, "1 of 1 session that ran it", and no other project's

/** A command's JSON, read as it is: each test states what it expects of it. */
type J = any;
const names = ['harbor', 'beacon', 'cobalt', 'ember', 'dunes'] as const;
type Name = (typeof names)[number];

/** A claim as a line states it: `(NN%; H of O times in S sessions[; in N of your projects]) \`key\``. */
interface Stated { key: string; pct: number; hits: number; opps: number; sessions: number; projects?: number; section?: string; line: string }
const CLAIM = /\((\d+)%; (\d+) of (\d+) (?:times in (\d+) sessions?|sessions?(?: that ran it)?)(?:; in (\d+) of your projects)?\)[^`\n]*?`([^`]+)`/;
function claimsIn(text: string): Stated[] {
  const out: Stated[] = [];
  let section: string | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('- ') && line.endsWith(':')) section = line;
    const m = CLAIM.exec(line);
    if (m === null) continue;
    const [, pct, hits, opps, times, projects, key] = m;
    out.push({ key: key!, pct: Number(pct), hits: Number(hits), opps: Number(opps), sessions: Number(times ?? hits), ...(projects ? { projects: Number(projects) } : {}), ...(section ? { section } : {}), line });
  }
  return out;
}
const pctOf = (rate: unknown) => (typeof rate === 'number' ? Math.round(rate * 100) : undefined);
const command = (c: WrittenCall) => String(c.input?.['command']);
const tokens = (calls: readonly WrittenCall[]) => calls.map((c) => (c.tool === 'Bash' ? `Bash(${command(c)})` : c.tool));

/**
 * A project's own counts of a claim, from the fixture's sessions (what a line stated "here" must
 * say): a chain's times after its first two steps, a command's sessions that ran it (issue 39: a
 * command claim is "runs here and succeeds", per session that ran it).
 */
function ownCounts(sessions: readonly (readonly WrittenCall[])[], key: string): { hits: number; opps: number; sessions: number } {
  let hits = 0;
  let opps = 0;
  let held = 0;
  const cmd = /^cmd:([a-z]+)=(.+)$/.exec(key);
  for (const calls of sessions) {
    if (cmd !== null) {
      const ran = calls.filter((c) => c.tool === 'Bash' && command(c).startsWith(cmd[2]!));
      if (ran.length === 0) continue;
      opps++;
      if (ran.some((c) => command(c).startsWith(cmd[2]!) && c.ok !== false)) {
        hits++;
        held++;
      }
      continue;
    }
    const [x, y, z] = key.replace(/^seq:/, '').split('->');
    const t = tokens(calls);
    let h = 0;
    for (let i = 0; i + 2 < t.length; i++) {
      if (t[i] !== x || t[i + 1] !== y) continue;
      opps++;
      if (t[i + 2] === z) h++;
    }
    hits += h;
    if (h > 0) held++;
  }
  return { hits, opps, sessions: held };
}
const keyOfPattern = (p: string) => (/^[a-z]+:/.test(p) ? p : `seq:${p}`);

describe('issue 37: every face states the same numbers, and scope tells the truth', () => {
  const s = sandbox();
  const W = join(s.root, 'work');
  const dir = Object.fromEntries(names.map((n) => [n, join(W, n)])) as Record<Name, string>;
  const id = Object.fromEntries(names.map((n) => [n, projectId(dir[n])])) as Record<Name, string>;
  // harbor: 7 sessions, its tests (pytest) pass in 5 of them; the habit Glob->Read->Write 3 times a session.
  const harbor: WrittenSession[] = Array.from({ length: 7 }, (_, i) => {
    const ok = i !== 2 && i !== 5;
    return { id: `harbor-${i}`, cwd: dir.harbor, start: `${day('2026-08-24', i, 5)}T09:00:00Z`, calls: [...GRW, bash('pytest', ok), { tool: 'Grep' }, { tool: 'Edit' }, ...GRW, bash('pytest', ok), { tool: 'LS' }, ...GRW] };
  });
  // beacon: 6 sessions, rspec passes in each; the same habit.
  const beacon: WrittenSession[] = Array.from({ length: 6 }, (_, i) => ({
    id: `beacon-${i}`, cwd: dir.beacon, start: `${day('2026-08-26', i, 6)}T14:00:00Z`, calls: [...GRW, bash('rspec'), { tool: 'TodoRead' }, ...GRW, { tool: 'MultiEdit' }, bash('rspec'), ...GRW],
  }));
  // cobalt: Glob then Read 3 times a session, never followed by Write; one session runs terraform once.
  const cobalt: WrittenSession[] = Array.from({ length: 6 }, (_, i) => ({
    id: `cobalt-${i}`, cwd: dir.cobalt, start: `${day('2026-08-25', i, 6)}T11:00:00Z`,
    calls: [{ tool: 'Glob' }, { tool: 'Read' }, { tool: 'Edit' }, { tool: 'Glob' }, { tool: 'Read' }, { tool: 'NotebookEdit' }, ...(i === 2 ? [bash(`${ONCE} plan`)] : []), { tool: 'Glob' }, { tool: 'Read' }, { tool: 'Edit' }, { tool: 'Write' }],
  }));
  // ember: runs pytest too (the command taught over in harbor), and never Glob.
  const ember: WrittenSession[] = Array.from({ length: 4 }, (_, i) => ({
    id: `ember-${i}`, cwd: dir.ember, start: `${day('2026-09-02', i, 7)}T16:00:00Z`, calls: [{ tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash('pytest'), { tool: 'Edit' }, bash('pytest'), { tool: 'Grep' }, { tool: 'Read' }, { tool: 'Edit' }, bash('pytest')],
  }));
  // The new session of beacon, through the observe hook: rspec passes 4 times.
  const live: WrittenCall[] = Array.from({ length: 4 }, () => [...GRW, bash('rspec')]).flat();
  const own: Record<Name, WrittenCall[][]> = { harbor: harbor.map((x) => x.calls), beacon: [...beacon.map((x) => x.calls), live], cobalt: cobalt.map((x) => x.calls), ember: ember.map((x) => x.calls), dunes: [] };
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: LATER };
  const data = { text: join(s.root, 'data-bye-text'), mcp: join(s.root, 'data-mcp-consolidate') };

  const json = (stdout: unknown): J => {
    try {
      return JSON.parse(String(stdout));
    } catch {
      return {};
    }
  };
  const cli = (args: string[], where: Name, extra: Record<string, string> = {}) => runCli(args, { ...env, CLAUDE_PROJECT_DIR: dir[where], ...extra }, { cwd: dir[where] });
  const sessionStart = async (where: Name, session: string) => {
    const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: session, hook_event_name: 'SessionStart', source: 'startup', cwd: dir[where], transcript_path: join(s.root, `${session}.jsonl`) }), env: cleanEnv({ ...env, CLAUDE_PROJECT_DIR: dir[where] }), extendEnv: false, reject: false, cwd: dir[where] });
    return contextOf(String(r.stdout));
  };
  /** The MCP server of a project's session, through the SDK's client: each tool's structured answer. */
  const mcp = async (where: Name, home: string, tools: string[]): Promise<Record<string, J>> => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: cleanEnv({ ...env, HOMUNCULUS_HOME: home, CLAUDE_PROJECT_DIR: dir[where] }) as Record<string, string>, cwd: dir[where], stderr: 'pipe' });
    const client = new Client({ name: 'numbers-agree', version: '1.0.0' });
    await client.connect(transport);
    const out: Record<string, J> = {};
    try {
      for (const t of tools) {
        const r = await client.callTool({ name: t, arguments: {} });
        out[t] = r.structuredContent ?? json((r.content as { text: string }[])[0]?.text);
      }
    } finally {
      await client.close();
    }
    return out;
  };

  let beforeLive = '';
  const start = {} as Record<Name, string>;
  const faces = {} as Record<Name, { status: J; statusText: string; list: J; listText: string; suggest: J; md: string; exportJson: J; mcp: Record<string, J> }>;
  let router = '';
  let bye: J = {};
  let byeText = '';
  let mcpBye: J = {};
  let stats: J = {};
  let statsText = '';
  let projects: J = {};
  let report: J = {};
  let injected = '';
  let rulesDoc: J = {};
  let imported: J = {};
  let taughtExit = -1;
  const hookExits: number[] = [];

  beforeAll(async () => {
    for (const n of names) mkdirSync(dir[n], { recursive: true });
    mkdirSync(s.data, { recursive: true });
    // The router adds its context on every prompt; nothing else differs from the defaults.
    writeFileSync(join(s.data, 'config.json'), JSON.stringify({ forcedEvalEvery: 1 }));
    const transcripts = join(s.root, 'projects');
    writeTranscripts(transcripts, [...harbor, ...beacon, ...cobalt, ...ember]);
    imported = json((await cli(['import-transcripts', transcripts, '--json'], 'harbor', { HOMUNCULUS_NOW: IMPORT_AT })).stdout);
    taughtExit = (await cli(['observe', TAUGHT, '--trigger', 'running the tests', '--action', 'run tox'], 'harbor', { HOMUNCULUS_NOW: TAUGHT_AT })).exitCode ?? -1;
    // beacon's new session starts (what it is given then), then works: each call through the observe hook.
    beforeLive = await sessionStart('beacon', 'beacon-live');
    for (const [i, c] of live.entries()) {
      const payload = { session_id: 'beacon-live', hook_event_name: 'PostToolUse', cwd: dir.beacon, tool_use_id: `toolu_live_${i}`, tool_name: c.tool, tool_input: c.input ?? (c.tool === 'Glob' ? { pattern: '**/*.rb' } : { file_path: join(dir.beacon, 'lib', 'ledger.rb') }), tool_response: c.tool === 'Bash' ? { stdout: '12 examples, 0 failures', stderr: '', interrupted: false } : {} };
      hookExits.push((await runHook(JSON.stringify(payload), { HOME: s.home, HOMUNCULUS_HOME: s.data, CLAUDE_PROJECT_DIR: dir.beacon, HOMUNCULUS_NOW: new Date(Date.parse(LIVE_AT) + i * 60_000).toISOString() })).exitCode ?? -1);
    }
    // The same data home three times: bye --json here, bye's text and the MCP consolidate on copies.
    cpSync(s.data, data.text, { recursive: true });
    cpSync(s.data, data.mcp, { recursive: true });
    // Three homes: the three runs at once.
    [bye, byeText, mcpBye] = await Promise.all([
      cli(['bye', '--json'], 'beacon').then((r) => json(r.stdout)),
      cli(['bye'], 'beacon', { HOMUNCULUS_HOME: data.text }).then((r) => String(r.stdout)),
      mcp('beacon', data.mcp, ['consolidate']).then((r) => r['consolidate'] ?? {}),
    ]);
    rulesDoc = json(readFileSync(join(s.data, 'rules.json'), 'utf8'));
    // The next session of each project (dunes: new, no history).
    for (const n of names) start[n] = await sessionStart(n, `${n}-next`);
    // The router in harbor, on a prompt about its tests (before inject puts the rules in its CLAUDE.md).
    router = contextOf(String((await runRouter({ session_id: 'harbor-next', hook_event_name: 'UserPromptSubmit', prompt: 'run the tests again after the parser change', cwd: dir.harbor }, { ...env, CLAUDE_PROJECT_DIR: dir.harbor })).stdout));
    // The faces only read the home now (each project was registered by its session start): the
    // five projects at once, each face of a project after the other.
    const faceOf = async (n: Name) => ({
      status: json((await cli(['status', '--json'], n)).stdout),
      statusText: String((await cli(['status'], n)).stdout),
      list: json((await cli(['list', '--json'], n)).stdout),
      listText: String((await cli(['list'], n)).stdout),
      suggest: json((await cli(['suggest', '--json'], n)).stdout),
      md: String((await cli(['export', 'claude-md'], n)).stdout),
      exportJson: json((await cli(['export', 'json'], n)).stdout),
      mcp: await mcp(n, s.data, ['list_instincts', 'suggest', 'export_rules', 'export_claude_md', 'stats']),
    });
    const all = await Promise.all(names.map(faceOf));
    names.forEach((n, i) => (faces[n] = all[i]!));
    [stats, statsText, projects, report] = await Promise.all([
      cli(['stats', '--json'], 'harbor').then((r) => json(r.stdout)),
      cli(['stats'], 'harbor').then((r) => String(r.stdout)),
      cli(['projects', '--json'], 'harbor').then((r) => json(r.stdout)),
      cli(['report', '--json', '--out', join(s.root, 'report.html')], 'harbor').then((r) => json(r.stdout).report ?? {}),
    ]);
    await cli(['inject', join(dir.harbor, 'CLAUDE.md')], 'harbor');
    try {
      injected = readFileSync(join(dir.harbor, 'CLAUDE.md'), 'utf8');
    } catch {
      injected = '';
    }
  }, 120_000);

  /** The claims a project's session is given at its start, by key. */
  const given = (n: Name) => new Map(claimsIn(start[n] ?? '').map((c) => [c.key, c]));
  const instinctsOf = (x: J): J[] => (Array.isArray(x?.instincts) ? x.instincts : []);
  const statusInstincts = (x: J): J[] => (Array.isArray(x?.groups) ? x.groups.flatMap((g: J) => g.instincts ?? []) : []);
  // A line of a text face that ends with the key (a command's key may hold a space: `cmd:other=terraform plan`).
  const textLine = (text: string, key: string) => text.split('\n').find((l) => l.trimEnd().endsWith(` ${key}`));
  /** The rule of rules.json that reaches a project for a key: its own, else the habit held across projects. */
  const ruleFor = (rules: J[], n: Name, key: string) => rules.find((r) => r.key === key && r.scope === 'project' && r.project === id[n]) ?? rules.find((r) => r.key === key && r.scope === 'global');
  /** What each face of a project gives Claude or the user as text. */
  const facesText = (n: Name): [string, string][] => [
    ['SessionStart', start[n] ?? ''], ['export claude-md', faces[n].md], ['export json', JSON.stringify(faces[n].exportJson)], ['suggest --json', JSON.stringify(faces[n].suggest)],
    ['status --json', JSON.stringify(faces[n].status)], ['status', faces[n].statusText], ['MCP suggest', JSON.stringify(faces[n].mcp['suggest'])],
    ['MCP export_rules', JSON.stringify(faces[n].mcp['export_rules'])], ['MCP export_claude_md', JSON.stringify(faces[n].mcp['export_claude_md'])],
  ];

  it('the import, the taught command and the observe hook ran', () => {
    expect(imported.sessions).toBe(harbor.length + beacon.length + cobalt.length + ember.length);
    expect(taughtExit).toBe(0);
    expect(hookExits).toEqual(live.map(() => 0));
    for (const n of ['harbor', 'beacon', 'cobalt', 'ember'] as const) expect(given(n).size, `${n}: ${start[n]}`).toBeGreaterThan(0);
  });

  it("every face states a claim at its rule's rate, with the counts of the line given at session start", () => {
    const bad: string[] = [];
    const same = (face: string, n: Name, key: string, found: unknown, want: unknown) => {
      if (found !== want) bad.push(`${face} in ${n}, ${key}: found ${JSON.stringify(found)}, expected ${JSON.stringify(want)}`);
    };
    for (const n of names) {
      const f = faces[n];
      const md = new Map(claimsIn(f.md).map((c) => [c.key, c]));
      const mcpMd = new Map(claimsIn(String(f.mcp['export_claude_md']?.text ?? '')).map((c) => [c.key, c]));
      for (const c of given(n).values()) {
        const rule = ruleFor(rulesDoc.rules ?? [], n, c.key);
        same('rules.json', n, c.key, pctOf(rule?.rate), c.pct);
        same('bye --json rules', n, c.key, pctOf(ruleFor(bye.rules ?? [], n, c.key)?.rate), c.pct);
        const listed = instinctsOf(f.list).find((x) => x.pattern === c.key);
        same('list --json rate', n, c.key, pctOf(listed?.rate), c.pct);
        same('list --json hits of opportunities', n, c.key, `${listed?.hits} of ${listed?.opportunities}`, `${c.hits} of ${c.opps}`);
        same('list --json rate = rules.json rate', n, c.key, listed?.rate, rule?.rate);
        same('list rate column', n, c.key, textLine(f.listText, c.key)?.trim().split(/\s+/)[0], `${c.pct}%`);
        same('status --json rate', n, c.key, pctOf(statusInstincts(f.status).find((x) => x.pattern === c.key)?.rate), c.pct);
        same('status text', n, c.key, / (\d+%) /.exec(textLine(f.statusText, c.key) ?? '')?.[1], `${c.pct}%`);
        same('suggest --json rate', n, c.key, pctOf((f.suggest.suggestions ?? []).find((x: J) => x.pattern === c.key)?.rate), c.pct);
        for (const [face, m] of [['export claude-md', md], ['MCP export_claude_md', mcpMd]] as const) {
          const e = m.get(c.key);
          same(face, n, c.key, e && `${e.pct}%; ${e.hits} of ${e.opps} in ${e.sessions}; ${e.projects ?? 'here'}`, `${c.pct}%; ${c.hits} of ${c.opps} in ${c.sessions}; ${c.projects ?? 'here'}`);
        }
        same('MCP list_instincts rate', n, c.key, pctOf(instinctsOf(f.mcp['list_instincts']).find((x) => x.pattern === c.key)?.rate), c.pct);
        same('MCP suggest rate', n, c.key, pctOf((f.mcp['suggest']?.suggestions ?? []).find((x: J) => x.pattern === c.key)?.rate), c.pct);
        same('MCP export_rules rate', n, c.key, pctOf((f.mcp['export_rules']?.rules ?? []).find((x: J) => x.key === c.key)?.rate), c.pct);
        const label = c.projects !== undefined ? `in ${c.projects} of your projects` : n;
        same('report --json rules', n, c.key, pctOf((report.rules ?? []).find((r: J) => r.key === c.key && r.scope === label)?.rate), c.pct);
      }
    }
    // harbor's CLAUDE.md (inject) states harbor's lines.
    if (claimsIn(injected).length === 0) bad.push(`inject wrote no claim: ${injected}`);
    for (const c of claimsIn(injected)) same('inject CLAUDE.md', 'harbor', c.key, `${c.pct}%; ${c.hits} of ${c.opps}`, `${given('harbor').get(c.key)?.pct}%; ${given('harbor').get(c.key)?.hits} of ${given('harbor').get(c.key)?.opps}`);
    // The report (of harbor) names each instinct's project: its rate is the one that project's list states.
    for (const x of report.instincts ?? []) {
      const c = claimsIn(`${x.text} \`${x.pattern}\``)[0];
      const n = (names as readonly string[]).includes(x.scope) ? (x.scope as Name) : names.find((m) => id[m] === report.project);
      if (c !== undefined && n !== undefined) same('report --json instinct text', n, x.pattern, c.pct, pctOf(instinctsOf(faces[n].list).find((y) => y.pattern === x.pattern)?.rate));
    }
    // What the router adds (instincts that are not rules) states the rate list states.
    for (const c of claimsIn(router)) same('prompt router', 'harbor', c.key, c.pct, pctOf(instinctsOf(faces.harbor.list).find((y) => y.pattern === c.key)?.rate));
    // bye names each rule it changed with its rate: the one the rule's project is given.
    const changed = byeText.split('\n').filter((l) => /^(Promoted to rules|Refreshed|Decaying)/.test(l)).flatMap((l) => [...l.matchAll(/([^\s,]+)(?: in ([a-z]+)| \(in (\d+) of your projects\))? \((score )?(\d+)%\)/g)]);
    if (changed.length === 0) bad.push(`bye's text names no rule it changed: ${byeText}`);
    for (const [, pattern, project, across, score, pct] of changed) {
      const key = keyOfPattern(pattern!);
      if (project === undefined && across === undefined) {
        bad.push(`bye's text names ${pattern} (${score ?? ''}${pct}%) without whose it is`);
        continue;
      }
      const n = project !== undefined ? (project as Name) : 'dunes'; // a new project is given what held across projects
      same(`bye's text (${across ? 'across' : project})`, n, key, `${score ?? ''}${pct}%`, given(n).has(key) ? `${given(n).get(key)!.pct}%` : 'a rule given there');
    }
    // A taught rule is no measured claim: a score, called so.
    same('status text (taught)', 'harbor', TAUGHT, /(score \d+%)/.exec(textLine(faces.harbor.statusText, TAUGHT) ?? '')?.[1], 'score 30%');
    same('list rate column (taught)', 'harbor', TAUGHT, textLine(faces.harbor.listText, TAUGHT)?.trim().split(/\s+/)[0], '-');
    expect(bad).toEqual([]);
  });

  it('the same numbers of rules, instincts and projects in every view that states them', () => {
    const rules = (rulesDoc.rules?.length ?? 0) + (rulesDoc.taught?.length ?? 0);
    expect(rules).toBeGreaterThan(0);
    const mcpStats = faces.harbor.mcp['stats'] ?? {};
    const sumInstincts = (projects.projects ?? []).reduce((n: number, p: J) => n + p.instincts, 0) + (projects.global?.instincts ?? 0);
    const statsLine = /^(\d+) instincts, \d+ facts?, (\d+) rules?, (\d+) projects?/.exec(statsText);
    const views = {
      rules: { 'stats --json': stats.rules, 'MCP stats': mcpStats.rules, 'report stats': report.stats?.rules, 'report rules': report.rules?.length, 'bye --json': (bye.rules?.length ?? 0) + (bye.taught?.length ?? 0), "bye's text": Number(/(\d+) rules? in /.exec(byeText)?.[1]), 'MCP consolidate': mcpBye.rules, stats: Number(statsLine?.[2]) },
      instincts: { 'stats --json': stats.total, 'MCP stats': mcpStats.total, 'report stats': report.stats?.total, 'report instincts': report.instincts?.length, projects: sumInstincts, stats: Number(statsLine?.[1]) },
      projects: { 'stats --json': stats.projects, 'MCP stats': mcpStats.projects, 'report stats': report.stats?.projects, 'report projects': report.projects?.length, projects: projects.projects?.length, stats: Number(statsLine?.[3]) },
    };
    const each = (o: Record<string, unknown>, v: unknown) => Object.fromEntries(Object.keys(o).map((k) => [k, v]));
    expect.soft(views.rules, 'rules: the entries of rules.json').toEqual(each(views.rules, rules));
    expect.soft(views.instincts, 'instincts').toEqual(each(views.instincts, stats.total));
    expect.soft(views.projects, 'projects: the five homunculus knows').toEqual(each(views.projects, names.length));
    // Each project's instincts, as projects and the report count them; a list says how many it lists.
    for (const n of names) {
      const p = (projects.projects ?? []).find((x: J) => x.id === id[n]);
      expect.soft((report.projects ?? []).find((x: J) => x.id === id[n])?.instincts, `${n}: report`).toBe(p?.instincts);
      expect.soft(faces[n].list.total, `${n}: list`).toBe(instinctsOf(faces[n].list).length);
    }
  });

  it('the taught command wins in every consumer of its project', () => {
    for (const [face, text] of [...facesText('harbor'), ['inject CLAUDE.md', injected]]) {
      expect.soft(text, `harbor ${face}`).toContain(TAUGHT);
      expect.soft(text, `harbor ${face}`).not.toContain(OBSERVED);
    }
    expect.soft(router, 'prompt router').not.toContain(OBSERVED);
    // The taught rule is given first, under its heading; the router's reminder counts what session start gave.
    expect.soft((start.harbor ?? '').split('\n').slice(1, 3)).toEqual(['What you taught (or imported):', `- When running the tests: run tox (taught; 1 time) \`${TAUGHT}\``]);
    expect.soft(router).toContain(`re-check your approach against the ${(start.harbor ?? '').split('\n').filter((l) => l.startsWith('- ')).length} learned items`);
    for (const [face, list] of [['list --json', faces.harbor.list], ['MCP list_instincts', faces.harbor.mcp['list_instincts']]] as const) {
      for (const x of instinctsOf(list).filter((y) => y.pattern === OBSERVED)) expect.soft(x, `harbor ${face}`).toMatchObject({ promoted: false, deliverable: false });
      expect.soft(instinctsOf(list).find((y) => y.pattern === TAUGHT), `harbor ${face}`).toMatchObject({ promoted: true, deliverable: true });
    }
    expect.soft((report.rules ?? []).filter((r: J) => r.key === OBSERVED).map((r: J) => r.scope), 'report: the observed command is a rule of ember only').toEqual(['ember']);
    // bye archived harbor's observed command, and harbor's chain that runs it, only there, and said why.
    expect.soft((bye.changes?.archived ?? []).map((a: J) => [a.rule.pattern, a.rule.project]).sort()).toEqual([['Read->Write->Bash(pytest)', id.harbor], [OBSERVED, id.harbor]].sort());
    const contradicted = byeText.split('\n').find((l) => l.startsWith('Contradicted by what you taught (the taught one wins there, the observed one is not given to Claude there): '));
    expect.soft(contradicted).toContain(`${OBSERVED} in harbor (taught ${TAUGHT})`);
    expect.soft(contradicted).toContain(`Read->Write->Bash(pytest) in harbor (taught ${TAUGHT})`);
  });

  it('... and nowhere else: ember keeps the same observed command, beacon its own; no other project is told tox', () => {
    for (const [face, text] of facesText('ember')) if (face !== 'export json') expect.soft(text, `ember ${face}`).toContain(OBSERVED);
    for (const [face, text] of facesText('beacon')) if (face !== 'export json') expect.soft(text, `beacon ${face}`).toContain(OBSERVED_B);
    expect.soft(given('ember').get(OBSERVED), 'ember is given its own pytest').toMatchObject(ownCounts(own.ember, OBSERVED));
    for (const n of ['beacon', 'cobalt', 'ember', 'dunes'] as const) {
      for (const [face, text] of [...facesText(n), ['list --json', JSON.stringify(faces[n].list)]]) expect.soft(text, `${n} ${face}`).not.toContain('tox');
    }
  });

  it('no line given in the taught project tells Claude to run the command the taught one overrides', () => {
    // A chain through `pytest` given in harbor says "run pytest" as much as cmd:test=pytest does.
    const lines = [start.harbor ?? '', router, faces.harbor.md, injected, JSON.stringify(faces.harbor.suggest), JSON.stringify(faces.harbor.mcp['export_rules'])]
      .flatMap((t) => t.split('\n'))
      .filter((l) => l.includes('pytest'));
    expect(lines).toEqual([]);
  });

  it("no other project's rules reach a project as its own; dunes, new, gets only the habits held across projects, labelled", () => {
    // Every chain and command learned anywhere, but the habits held across projects (which may reach any project, labelled).
    const across = new Set((rulesDoc.rules ?? []).filter((r: J) => r.scope === 'global').map((r: J) => r.key));
    const learned = new Set<string>([...(rulesDoc.rules ?? []).map((r: J) => r.key), ...names.flatMap((n) => instinctsOf(faces[n].list).filter((x) => x.source !== 'taught').map((x) => x.pattern))]);
    const keys = [...learned].filter((k) => /^(seq|cmd):/.test(k) && !across.has(k));
    for (const n of names) {
      // The keys this project's own sessions never held: other projects' claims.
      const theirs = keys.filter((k) => ownCounts(own[n], k).hits === 0);
      if (n === 'cobalt' || n === 'dunes') expect(theirs).toEqual(expect.arrayContaining([OBSERVED, OBSERVED_B, 'seq:Read->Write->Bash(rspec)']));
      for (const [face, text] of [...facesText(n), ['list --json', JSON.stringify(faces[n].list)], ['MCP list_instincts', JSON.stringify(faces[n].mcp['list_instincts'])]]) {
        const found = theirs.filter((k) => text!.includes(k));
        expect.soft(found, `${n} ${face}`).toEqual([]);
      }
    }
    // dunes, new and empty: only what held across projects, under its heading, saying in how many.
    const d = (start.dunes ?? '').split('\n');
    expect.soft(d.slice(1, 2)).toEqual(['Your other projects (not yet seen here):']);
    expect.soft(d.slice(2).length).toBeGreaterThan(0);
    for (const l of d.slice(2)) expect.soft(l).toMatch(/^- .*; in 2 of your projects\) `[^`]+`$/);
    for (const c of claimsIn(faces.dunes.md)) expect.soft(c.projects, c.line).toBe(2);
    for (const x of instinctsOf(faces.dunes.list)) expect.soft(x.rule, x.pattern).toEqual({ where: 'across', projects: 2 });
  });

  it('cobalt, whose own sessions run Glob then Read and never Write after them, is not given that habit', () => {
    expect(ownCounts(own.cobalt, HABIT)).toEqual({ hits: 0, opps: 18, sessions: 0 });
    const f = faces.cobalt;
    for (const [face, text] of facesText('cobalt')) if (face !== 'export json') expect.soft(text, `cobalt ${face}`).not.toContain(HABIT);
    for (const x of instinctsOf(f.list).filter((y) => y.pattern === HABIT)) expect.soft(x, 'cobalt list').toMatchObject({ deliverable: false });
  });

  it("each line states whose counts it gives: a project's own (from its sessions), or those of the projects it held in", () => {
    for (const n of ['harbor', 'beacon', 'cobalt', 'ember'] as const) {
      const here = claimsIn(start[n] ?? '').filter((c) => c.projects === undefined);
      expect.soft(here.length, n).toBeGreaterThan(0);
      for (const c of here) expect.soft({ n, key: c.key, hits: c.hits, opps: c.opps, sessions: c.sessions }).toEqual({ n, key: c.key, ...ownCounts(own[n], c.key) });
    }
    // A habit held across projects states the sum of its projects' own counts, and how many they are.
    for (const n of names) {
      for (const c of claimsIn(start[n] ?? '').filter((x) => x.projects !== undefined)) {
        const g = (rulesDoc.rules ?? []).find((r: J) => r.key === c.key && r.scope === 'global');
        const holders: Name[] = (g?.projects ?? []).map((p: string) => names.find((m) => id[m] === p)!);
        const sum = { hits: 0, opps: 0, sessions: 0 };
        for (const m of holders) for (const [k, v] of Object.entries(ownCounts(own[m], c.key))) sum[k as keyof typeof sum] += v;
        expect.soft({ n, key: c.key, projects: c.projects, ...sum }).toEqual({ n, key: c.key, projects: holders.length, hits: c.hits, opps: c.opps, sessions: c.sessions });
      }
    }
  });

  it("an instinct's own words state the counts shown beside it (no other project's)", () => {
    const bad: string[] = [];
    for (const n of names) {
      for (const [face, list] of [['list --json', instinctsOf(faces[n].list)], ['export json', instinctsOf(faces[n].exportJson)], ['MCP list_instincts', instinctsOf(faces[n].mcp['list_instincts'])]] as const) {
        for (const x of list) {
          const m = /\((?:seen )?(\d+)x in (\d+) of \d+ sessions?\)/.exec(String(x.explain ?? ''));
          if (m !== null && Number(m[1]) !== x.observations) bad.push(`${face} in ${n}, ${x.pattern ?? x.key}: "${x.explain}" beside observations ${x.observations}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('a command run in one session of one project is that project\'s fact, stated as such ("1 of 1 session that ran it"), and no other project\'s', () => {
    // Issue 39: a project's command is said from the first session it is seen in, its evidence stated honestly.
    const once = given('cobalt').get(`cmd:other=${ONCE} plan`);
    expect.soft(once?.line).toMatch(/\(\d+%; 1 of 1 session that ran it\)/);
    expect.soft(once?.section).toBe("This project's sessions:");
    const elsewhere = [router, injected, ...names.filter((n) => n !== 'cobalt').flatMap((n) => [start[n] ?? '', faces[n].md, JSON.stringify(faces[n].suggest), JSON.stringify(faces[n].mcp['export_rules'])])];
    for (const text of elsewhere) expect.soft(text).not.toContain(ONCE);
  });

  it('a successful session is never reported as decaying: bye refreshes what it held, and the counts grow by it', () => {
    const ofBeacon = (x: J) => x.scope === 'project' && x.project === id.beacon;
    // Nothing decays: beacon's session held its rules, the other projects were idle.
    expect.soft((bye.changes?.decaying ?? []).map((r: J) => `${r.pattern} ${r.project_name ?? r.project ?? ''}`)).toEqual([]);
    expect.soft(byeText.split('\n').filter((x) => x.startsWith('Decaying'))).toEqual([]);
    expect.soft((bye.changes?.refreshed ?? []).filter(ofBeacon).map((r: J) => r.key)).toEqual(expect.arrayContaining([HABIT, OBSERVED_B]));
    expect.soft(byeText).toMatch(new RegExp(`Refreshed \\(seen again\\): .*${OBSERVED_B} in beacon \\(${given('beacon').get(OBSERVED_B)?.pct}%\\)`));
    expect.soft(mcpBye).toMatchObject({ changes: { decaying: 0, refreshed: bye.changes?.refreshed?.length } });
    // status still shows it.
    expect.soft(statusInstincts(faces.beacon.status).map((x) => x.pattern)).toContain(OBSERVED_B);
    expect.soft(textLine(faces.beacon.statusText, OBSERVED_B)).toBeDefined();
    // Each claim beacon was given when the session started grew by what that session did.
    const was = claimsIn(beforeLive);
    expect.soft(was.map((c) => c.key)).toEqual(expect.arrayContaining([HABIT, OBSERVED_B]));
    for (const c of was) {
      const added = ownCounts([live], c.key);
      const now = given('beacon').get(c.key);
      expect.soft({ key: c.key, hits: now?.hits, opps: now?.opps, sessions: now?.sessions }).toEqual({ key: c.key, hits: c.hits + added.hits, opps: c.opps + added.opps, sessions: c.sessions + added.sessions });
    }
  });
});
