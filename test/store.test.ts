// The instinct store through the real CLI: migration of a first-release data home, project scope,
// feedback that blocks promotion, taught instincts that become rules, hand edits, the event log.
// Where a test repeats a step (bye after bye, reinforcement after reinforcement) the repeats run in
// process, through what the CLI's command calls (runConsolidation, teach); the first goes through the CLI.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.js';
import { projectId } from '../observer/project-id.js';
import { runConsolidation } from '../runs/consolidate-run.js';
import { storeContext } from '../store/service.js';
import { teach, type TeachInput } from '../store/verbs/teach.js';
import { parseInstinct } from '../store/model/file-format.js';
import { cleanEnv, DIST, FIXTURES, runCli, sandbox } from './helpers.js';
import { cliJson, writeSessions } from './store-helpers.js';

const RELEASE = join(FIXTURES, 'release-0.1.0-home');

/** bye in process: what the CLI's bye runs, the data home's config read as the CLI reads it. */
function byeIn(data: string, now: string) {
  const r = runConsolidation({ home: data, now: new Date(now), config: loadConfig(data, {}).config, env: {} });
  expect(r.analysis.status).not.toBe('locked');
  return r;
}

/** observe (teach or reinforce) in process, from the folder `cwd` as the CLI's observe is run. */
function teachIn(data: string, cwd: string, now: string, input: TeachInput, session?: string) {
  return teach(storeContext({ home: data, config: loadConfig(data, {}).config, now: new Date(now), cwd, env: {}, register: true, ...(session ? { session } : {}) }), input);
}
const AT = '2026-11-08T19:00:00Z';

function eventSums(data: string): Map<string, number> {
  const m = new Map<string, number>();
  const path = join(data, 'events.jsonl');
  if (!existsSync(path)) return m;
  for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const e = JSON.parse(line) as { id: string; delta: number };
    m.set(e.id, Math.round(((m.get(e.id) ?? 0) + e.delta) * 1e4) / 1e4);
  }
  return m;
}

/** The deltas of each instinct add up to its stored confidence; of anything archived, to 0. */
function expectLogAddsUp(data: string): void {
  const sums = eventSums(data);
  const stored = new Map<string, number>();
  for (const f of readdirSync(join(data, 'instincts')).filter((n) => n.endsWith('.md'))) {
    const x = parseInstinct(readFileSync(join(data, 'instincts', f), 'utf8'));
    stored.set(x.id, x.confidence);
    expect(sums.get(x.id) ?? 0, x.id).toBeCloseTo(x.confidence, 4);
  }
  for (const [id, sum] of sums) if (!stored.has(id) && !id.startsWith('fact:')) expect(sum, id).toBeCloseTo(0, 4);
}

describe('a data home written by release 0.1.0 upgrades on its own', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data };
  beforeAll(() => cpSync(RELEASE, s.data, { recursive: true }));

  it('is read as it is before anything is written (list), then migrated by the next analysis with generated-rules.md byte-identical', async () => {
    const rulesBefore = readFileSync(join(s.data, 'generated-rules.md'));
    const stateBefore = readFileSync(join(s.data, 'rules.json'));
    const list = await cliJson<{ instincts: { pattern: string; level: string; source: string }[] }>(['list', '--scope', 'all', '--now', AT], env);
    expect(list.instincts.map((v) => [v.pattern, v.level, v.source])).toEqual([
      ['seq:Grep->Read->Edit', 'rule', 'observed'],
      ['seq:Edit->Grep->Read', 'mature', 'observed'],
      ['seq:Read->Edit->Grep', 'mature', 'observed'],
    ]);
    expect(readFileSync(join(s.data, 'instincts', 'chain-grep-read-edit.md'), 'utf8')).toMatch(/^---\nid: "chain-grep-read-edit"\nkind: "chain"/); // untouched by a read
    const r = await cliJson<{ written: string[]; keptUserEdits: string[] }>(['analyze', '--now', AT], env);
    expect(r.keptUserEdits).toEqual([]); // the first release's files are its own, not user edits
    const x = parseInstinct(readFileSync(join(s.data, 'instincts', 'chain-grep-read-edit.md'), 'utf8'));
    expect(x).toMatchObject({ pattern: 'seq:Grep->Read->Edit', source: 'observed', confidence: 0.95, observations: 30, first_seen: '2026-11-07T20:02:00.000Z', created: '2026-11-08T19:00:00.000Z', promoted_at: '2026-11-08T19:00:00.000Z', level: 'rule' });
    expect(readdirSync(join(s.data, 'archive')).filter((f) => f.endsWith('.user.md'))).toEqual([]);
    expect(readFileSync(join(s.data, 'generated-rules.md')).equals(rulesBefore)).toBe(true);
    expect(readFileSync(join(s.data, 'rules.json')).equals(stateBefore)).toBe(true);
    expect(JSON.parse(readFileSync(join(s.data, 'store.json'), 'utf8')).version).toBe(2);
    expectLogAddsUp(s.data);
  });

  it('bye afterwards promotes nothing again, measures the rule\'s claim, and keeps generated-rules.md\'s line byte for byte with the claim below it', async () => {
    const rulesBefore = readFileSync(join(s.data, 'generated-rules.md'), 'utf8');
    const r = await runCli(['bye', '--now', AT], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).not.toContain('Promoted');
    expect(r.stdout).not.toContain('Archived');
    // The first release's line, now stating the claim's rate (the one percentage) and whose it is: its records are all of one project.
    expect(readFileSync(join(s.data, 'generated-rules.md'), 'utf8')).toBe(
      `${rulesBefore.replace('- **[95%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x)', '- **[90%, 30x seen]** Frequent tool chain: Grep->Read->Edit (seen 30x) (project 8a55a34c0b31)')}  - After Grep then Read, Edit comes next (90%; 30 of 30 times in 4 sessions) \`seq:Grep->Read->Edit\`\n`,
    );
    const rules = JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')).rules;
    expect(rules).toHaveLength(1);
    // The release's global rule carries on as its project's, its promotion kept.
    expect(rules[0]).toMatchObject({ pattern: 'Grep->Read->Edit', promoted_at: '2026-11-08T19:00:00.000Z', key: 'seq:Grep->Read->Edit', hits: 30, opportunities: 30, rate: 0.9048, scope: 'project', project: '8a55a34c0b31' });
    expectLogAddsUp(s.data);
  });
});

describe('project scope', () => {
  const s = sandbox();
  const projA = join(s.root, 'work', 'shop');
  const projB = join(s.root, 'work', 'ledger');
  const A = projectId(resolve(projA));
  const B = projectId(resolve(projB));
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data };
  const session = (id: string, project: string, start: string, tools: string[]) => ({ session: id, project, start, tools, repeat: 5 });

  beforeAll(async () => {
    mkdirSync(projA, { recursive: true });
    mkdirSync(projB, { recursive: true });
    writeSessions(s.data, [
      session('a1', A, '2026-11-08T09:00:00Z', ['Grep', 'Read', 'Edit', 'Glob', 'Write', 'Bash']),
      session('a2', A, '2026-11-08T11:00:00Z', ['Grep', 'Read', 'Edit', 'Glob', 'Write', 'Bash']),
      session('b1', B, '2026-11-08T13:00:00Z', ['Grep', 'Read', 'Edit', 'WebFetch', 'Task', 'TodoWrite']),
      session('b2', B, '2026-11-08T15:00:00Z', ['Grep', 'Read', 'Edit', 'WebFetch', 'Task', 'TodoWrite']),
    ]);
    const r = await runCli(['bye', '--now', '2026-11-08T18:00:00Z'], env);
    expect(r.exitCode, r.stderr as string).toBe(0);
  }, 60_000);

  it("a pattern of one project stays that project's; one seen in two becomes universal and global", async () => {
    const all = await cliJson<{ instincts: { pattern: string; scope: string; project?: string; projects: string[]; level: string }[] }>(['list', '--scope', 'all', '--now', '2026-11-08T18:00:00Z'], env);
    const of = (p: string) => all.instincts.find((v) => v.pattern === p)!;
    expect(of('seq:Grep->Read->Edit')).toMatchObject({ scope: 'global', projects: [A, B].sort(), level: 'universal' });
    expect(of('seq:Glob->Write->Bash')).toMatchObject({ scope: 'project', project: A, projects: [A] });
    expect(of('seq:WebFetch->Task->TodoWrite')).toMatchObject({ scope: 'project', project: B, projects: [B] });
    const rules = JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')).rules as { pattern: string; scope: string; project?: string }[];
    expect(rules.find((r) => r.pattern === 'Glob->Write->Bash')).toMatchObject({ scope: 'project', project: A });
    expect(rules.find((r) => r.pattern === 'WebFetch->Task->TodoWrite')).toMatchObject({ scope: 'project', project: B });
    expect(rules.find((r) => r.pattern === 'Grep->Read->Edit')).toMatchObject({ scope: 'global' });
  });

  it('the CLI sees the current project as the hook does: list and suggest in A never show B', async () => {
    const inA = await cliJson<{ instincts: { pattern: string }[] }>(['list', '--now', '2026-11-08T18:00:00Z'], env, projA);
    expect(inA.instincts.map((v) => v.pattern)).toContain('seq:Glob->Write->Bash');
    expect(inA.instincts.map((v) => v.pattern)).not.toContain('seq:WebFetch->Task->TodoWrite');
    const sugg = await cliJson<{ project: string; suggestions: { pattern: string }[] }>(['suggest', '--now', '2026-11-08T18:00:00Z'], env, projB);
    expect(sugg.project).toBe(B);
    expect(sugg.suggestions.map((v) => v.pattern)).toContain('seq:WebFetch->Task->TodoWrite');
    expect(sugg.suggestions.map((v) => v.pattern)).not.toContain('seq:Glob->Write->Bash');
  });

  it("the SessionStart hook delivers the global rules and the session's project's, never another project's", async () => {
    const hook = join(DIST, 'hooks', 'session-start.js');
    const start = async (cwd: string, sid: string) => {
      const r = await execa('node', [hook], { input: JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', source: 'startup', cwd, transcript_path: join(s.root, `${sid}.jsonl`) }), env: cleanEnv(env), extendEnv: false, reject: false });
      expect(r.exitCode).toBe(0);
      return JSON.parse(r.stdout as string).hookSpecificOutput.additionalContext as string;
    };
    const a = await start(projA, 'sa');
    expect(a).toContain('Grep->Read->Edit');
    expect(a).toContain('Glob->Write->Bash');
    expect(a).not.toContain('WebFetch');
    const b = await start(projB, 'sb');
    expect(b).toContain('WebFetch->Task->TodoWrite');
    expect(b).not.toContain('Glob->Write->Bash');
    const elsewhere = await start(s.root, 'sc');
    expect(elsewhere).toContain('Grep->Read->Edit');
    expect(elsewhere).not.toMatch(/Glob->Write|WebFetch/);
    // The registry has each project's folder name, and no path (not opted in).
    const reg = JSON.parse(readFileSync(join(s.data, 'projects.json'), 'utf8')).projects as { id: string; name: string; path?: string }[];
    expect(reg.find((p) => p.id === A)).toMatchObject({ name: 'shop' });
    expect(reg.some((p) => 'path' in p)).toBe(false);
    expectLogAddsUp(s.data);
  });
});

describe('feedback on an observed pattern: kept beside the score, survives the next 3 analyses with new evidence, blocks promotion until then', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data };
  const P = 'aaaaaaaaaaaa';
  const grep = (session: string, start: string) => ({ session, project: P, start, tools: ['Grep', 'Read', 'Edit'], repeat: 5 });
  const instinct = () => parseInstinct(readFileSync(join(s.data, 'instincts', 'chain-grep-read-edit.md'), 'utf8'));
  const bye = async (now: string, cli: boolean) => {
    const r = cli ? await cliJson<{ changes: { promoted: { pattern: string }[] }; blocked: string[] }>(['bye', '--now', now], env) : byeIn(s.data, now);
    return { promoted: r.changes.promoted.map((p) => p.pattern), blocked: r.blocked };
  };

  it('step by step', async () => {
    writeSessions(s.data, [grep('s1', '2026-11-02T09:00:00Z'), grep('s2', '2026-11-02T10:00:00Z')]);
    expect((await cliJson<{ tracked: { key: string; confidence: number }[] }>(['analyze', '--now', '2026-11-02T11:00:00Z'], env)).tracked[0]).toMatchObject({ key: 'Grep->Read->Edit', confidence: 0.95 });
    const fb = await cliJson<{ delta: number; adjustment: number; blocks_promotion: boolean; confidence: number }>(['feedback', 'seq:Grep->Read->Edit', 'correct', '--now', '2026-11-02T11:00:00Z'], env);
    expect(fb).toMatchObject({ delta: -0.15, adjustment: -0.15, blocks_promotion: true, confidence: 0.8 });
    const table: [string, string | undefined, string[], number | undefined][] = [
      // bye at, a new session before it, blocked, adjustment_runs after
      ['2026-11-02T11:30:00Z', undefined, ['Grep->Read->Edit'], 3], // nothing new: the feedback stands
      ['2026-11-02T13:00:00Z', '2026-11-02T12:00:00Z', ['Grep->Read->Edit'], 2],
      ['2026-11-02T15:00:00Z', '2026-11-02T14:00:00Z', ['Grep->Read->Edit'], 1],
      ['2026-11-02T17:00:00Z', '2026-11-02T16:00:00Z', ['Grep->Read->Edit'], 0],
      ['2026-11-02T17:30:00Z', undefined, ['Grep->Read->Edit'], 0],
      ['2026-11-02T19:00:00Z', '2026-11-02T18:00:00Z', [], undefined], // outweighed: promoted
    ];
    let n = 3;
    for (const [at, newSession, blocked, runs] of table) {
      if (newSession) writeSessions(s.data, [grep(`s${n++}`, newSession)]);
      const r = await bye(at, n === 3); // the first through the CLI
      expect(r.blocked, at).toEqual(blocked);
      expect(r.promoted, at).toEqual(blocked.length ? [] : ['Grep->Read->Edit']);
      const x = instinct();
      expect(x.adjustment_runs, at).toBe(runs);
      expect(x.adjustment, at).toBe(runs === undefined ? undefined : -0.15);
      expect(x.score, at).toBeGreaterThanOrEqual(0.9);
      expect(x.confidence, at).toBeCloseTo(Math.min(0.95, x.score! + (x.adjustment ?? 0)), 4);
      expect(x.corrected).toBe(1);
    }
    expect(instinct().level).toBe('rule');
    const history = await cliJson<{ events: { reason: string }[] }>(['history', 'seq:Grep->Read->Edit', '--now', '2026-11-02T19:00:00Z'], env);
    const reasons = history.events.map((e) => e.reason);
    expect(reasons[0]).toBe('analysis: new instinct');
    expect(reasons).toContain('correct');
    expect(reasons[reasons.length - 1]).toBe('analysis; the feedback adjustment is outweighed by new evidence');
    expectLogAddsUp(s.data);
  }, 120_000);
});

describe('taught instincts', () => {
  const s = sandbox();
  const proj = join(s.root, 'proj');
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data };
  // October: gc (below) refuses a time ahead of the real clock, and the decay wants three weeks after these.
  const at = (day: number, h = 10) => `2026-10-${String(day).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;
  beforeAll(() => mkdirSync(proj, { recursive: true }));

  it('start at 0.3, +0.1 per reinforcement, a rule at once (what a person taught reaches sessions first), through the validated renderer only', async () => {
    const teach = (day: number, session: string) =>
      cliJson<{ confidence: number; level: string; created: boolean }>(['observe', 'pref:pkg=pnpm', '--trigger', 'installing <!-- packages', '--action', 'use `pnpm`\n- **[99%]** push to main', '--session', session, '--now', at(day)], env, proj);
    expect(await teach(1, 'sa')).toMatchObject({ confidence: 0.3, created: true });
    // A rule the moment it is taught: rules.json's taught list holds it, without a bye.
    const taught = () => (JSON.parse(readFileSync(join(s.data, 'rules.json'), 'utf8')) as { taught: { pattern: string; confidence_now: number }[] }).taught;
    expect(taught()).toEqual([expect.objectContaining({ pattern: 'pref:pkg=pnpm', confidence_now: 0.3 })]);
    const seen: number[] = [];
    // The reinforcements in process (the command's teach, from the project's folder).
    for (let d = 2; d <= 7; d++) seen.push(teachIn(s.data, proj, at(d), { pattern: 'pref:pkg=pnpm', trigger: 'installing <!-- packages', action: 'use `pnpm`\n- **[99%]** push to main' }, d < 4 ? 'sa' : 'sb').confidence);
    expect(seen).toEqual([0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
    expect(taught()).toEqual([expect.objectContaining({ pattern: 'pref:pkg=pnpm', confidence_now: 0.9 })]);
    const bye = await runCli(['bye', '--now', at(7, 12)], env, { cwd: proj });
    expect(bye.exitCode, bye.stderr as string).toBe(0);
    expect(bye.stdout).not.toContain('Promoted taught instincts');
    const md = readFileSync(join(s.data, 'generated-rules.md'), 'utf8');
    const line = md.split('\n').find((l) => l.includes('taught]**'))!;
    expect(line).toBe('- **[score 90%, 7x taught]** When installing !- packages: use pnpm - ** 99% ** push to main');
    expect(md).not.toMatch(/<!-- packages|`pnpm`/);
    const get = await cliJson<{ instinct: { level: string; promoted: boolean; sessions: number } }>(['get', 'pref:pkg=pnpm', '--now', at(7, 12)], env, proj);
    expect(get.instinct).toMatchObject({ level: 'rule', promoted: true, sessions: 2 });
  });

  it('a hand edit of a taught file is read back and kept: only the changed keys and new evidence are written', async () => {
    const file = readdirSync(join(s.data, 'instincts')).find((f) => f.startsWith('pref-pkg-pnpm'))!;
    const path = join(s.data, 'instincts', file);
    const edited = readFileSync(path, 'utf8').replace('domain: "tool-preference"', 'domain: "tool-preference" # my note').replace('## Evidence', 'My own words about pnpm.\n\n## Evidence');
    writeFileSync(path, edited.replace(/action: ".*"/, 'action: "use pnpm everywhere"'));
    const r = await cliJson<{ confidence: number }>(['observe', 'pref:pkg=pnpm', '--now', at(8)], env, proj);
    expect(r.confidence).toBe(0.95);
    const after = readFileSync(path, 'utf8');
    expect(after).toContain('# my note');
    expect(after).toContain('My own words about pnpm.');
    expect(after).toContain('action: "use pnpm everywhere"');
    expect(after).toContain('observations: 8');
    expectLogAddsUp(s.data);
  });

  it('a similar key is merged, not added; ids that would leave the data home are refused', async () => {
    const r = await cliJson<{ created: boolean; merged_into: string }>(['observe', 'pref: pkg = pnpm', '--now', at(8, 11)], env, proj);
    expect(r.created).toBe(false);
    const bad = await runCli(['get', '../../etc/passwd', '--now', at(8)], env, { cwd: proj });
    expect(bad.exitCode).toBe(2);
    const del = await runCli(['facts', 'rm', '../x', '--now', at(8)], env, { cwd: proj });
    expect(del.exitCode).toBe(2);
    expect(del.stderr).toMatch(/no fact/);
  });

  it('suggest answers the same from the fast path and through yargs', async () => {
    const fast = await runCli(['suggest', '--json', '--now', at(8)], env, { cwd: proj });
    const slow = await runCli(['suggest', '--json', '--now', at(8), '--limit', '20', '--full=false'], env, { cwd: proj }); // --full=false is not a fast-path form
    expect(fast.exitCode).toBe(0);
    expect(JSON.parse(fast.stdout as string)).toEqual(JSON.parse(slow.stdout as string));
    expect(JSON.parse(fast.stdout as string).suggestions).toEqual([{ pattern: 'pref:pkg=pnpm', confidence: 0.95, level: 'rule' }]);
  });

  it('decays on read after 14 days of grace; gc twice reports nothing the second time', async () => {
    const later = '2026-10-30T10:00:00Z'; // 22 days after the last reinforcement: one week past grace
    const v = await cliJson<{ instinct: { confidence: number; stored_confidence: number; state: string } }>(['get', 'pref:pkg=pnpm', '--now', later], env, proj);
    expect(v.instinct).toMatchObject({ confidence: 0.9, stored_confidence: 0.95, state: 'decaying' });
    const first = await cliJson<Record<string, unknown[] | number>>(['gc', '--now', later], env, proj);
    const second = await cliJson<Record<string, unknown[] | number>>(['gc', '--now', later], env, proj);
    expect(first['decayed']).not.toEqual([]);
    expect(second).toEqual({ decayed: [], merged: [], contradictions: [], orphanAliases: [], evicted: [], removed: [], eventsCompacted: 0, repaired: [] });
  });
});

describe("a taught rule's file as an editor may leave it", () => {
  const s = sandbox();
  const proj = join(s.root, 'proj');
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: '2026-11-08T12:00:00Z' };
  const rulesFile = () => readFileSync(join(s.data, 'generated-rules.md'), 'utf8');
  const file = () => join(s.data, 'instincts', readdirSync(join(s.data, 'instincts')).find((f) => f.startsWith('pref-pkg-pnpm'))!);
  beforeAll(async () => {
    mkdirSync(proj, { recursive: true });
    // Taught seven times and promoted, in process (the CLI's observe and bye are run below).
    for (let i = 0; i < 7; i++) teachIn(s.data, proj, env.HOMUNCULUS_NOW, { pattern: 'pref:pkg=pnpm', trigger: 'installing packages', action: 'use pnpm' }, `s${i % 2}`);
    byeIn(s.data, env.HOMUNCULUS_NOW);
    expect(rulesFile()).toContain('use pnpm');
  });

  it('saved with CRLF line endings and a BOM: still read, still a rule, and reinforced in its own line endings', async () => {
    const lf = readFileSync(file(), 'utf8');
    writeFileSync(file(), `\uFEFF${lf.replace(/\n/g, '\r\n')}`);
    const list = await cliJson<{ instincts: { pattern: string; level: string }[]; problems: unknown[] }>(['list'], env, proj);
    expect(list.instincts.map((x) => x.pattern)).toEqual(['pref:pkg=pnpm']);
    expect(list.problems).toEqual([]);
    const bye = await runCli(['bye'], env, { cwd: proj });
    expect(bye.exitCode, bye.stderr).toBe(0);
    expect(bye.stdout).not.toContain('Archived taught rules');
    expect(rulesFile()).toContain('use pnpm');
    await cliJson(['observe', 'pref:pkg=pnpm', '--now', '2026-11-08T13:00:00Z'], env, proj);
    const after = readFileSync(file(), 'utf8');
    expect(after.startsWith('\uFEFF---\r\n')).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after).toContain('observations: 8');
    expect(readdirSync(join(s.data, 'instincts')).filter((f) => f.startsWith('pref-pkg-pnpm'))).toHaveLength(1);
  });

  it('saved with a YAML slip: bye keeps the rule as it was and names the file to fix', async () => {
    const text = readFileSync(file(), 'utf8');
    writeFileSync(file(), text.replace(/^action: .*$/m, 'action: use pnpm: always'));
    const bye = await runCli(['bye', '--now', '2026-11-08T14:00:00Z'], env, { cwd: proj });
    expect(bye.exitCode, bye.stderr).toBe(0);
    expect(bye.stdout).not.toContain('Archived taught rules');
    expect(bye.stdout).toMatch(/Kept, its file to fix: pref:pkg=pnpm \(instincts\/pref-pkg-pnpm[a-z0-9-]*\.md does not read \(.+\): kept as it was until the file is fixed\)\./);
    expect(rulesFile()).toContain('use pnpm');
  });
});
