// A year of varied history for the report's size: what bench/generate.mjs's seven workflows are
// not. 58 tools (core ones and MCP servers' long names), ~80 Bash commands, 24 projects with
// folder names in projects.json (two share one, as happens), sessions on every day of `days`
// ending at `endMs`, canonical lines as the hook writes them, one file per UTC day.
// Usage: node bench/generate-year.mjs DIR [RECORDS] [DAYS]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CORE = ['Read', 'Edit', 'Write', 'Bash', 'Grep', 'Glob', 'TodoWrite', 'Task', 'WebFetch', 'WebSearch', 'NotebookEdit', 'MultiEdit', 'BashOutput', 'KillShell', 'ExitPlanMode', 'Skill', 'SlashCommand', 'AskUserQuestion', 'Agent', 'TaskOutput', 'TaskStop', 'ListMcpResourcesTool', 'ReadMcpResourceTool', 'EnterPlanMode'];
const MCP = {
  'clear-thought-server': ['sequentialthinking', 'mentalmodel', 'debuggingapproach', 'collaborativereasoning', 'decisionframework', 'metacognitivemonitoring', 'scientificmethod', 'structuredargumentation', 'visualreasoning'],
  github: ['search_issues', 'get_issue', 'create_issue', 'list_pull_requests', 'get_pull_request', 'create_pull_request', 'get_file_contents', 'search_code'],
  'playwright-browser': ['browser_navigate', 'browser_click', 'browser_snapshot', 'browser_type', 'browser_take_screenshot', 'browser_wait_for'],
  postgres: ['query', 'list_tables', 'describe_table'],
  'memory-bank': ['read_memory_bank_file', 'write_memory_bank_file', 'list_projects', 'list_project_files'],
  context7: ['resolve-library-id', 'get-library-docs'],
  sentry: ['search_issues', 'get_issue_details'],
};
export const YEAR_TOOLS = [...CORE, ...Object.entries(MCP).flatMap(([server, names]) => names.map((n) => `mcp__${server}__${n}`))];
const COMMANDS = ['npm test', 'npm run', 'npm install', 'npx', 'pnpm test', 'pnpm install', 'yarn', 'node', 'tsc', 'eslint', 'prettier', 'vitest', 'jest', 'git status', 'git diff', 'git log', 'git add', 'git commit', 'git push', 'git pull', 'git checkout', 'git branch', 'git stash', 'git rebase', 'git show', 'gh pr', 'gh issue', 'ls', 'cat', 'head', 'tail', 'find', 'grep', 'rg', 'sed', 'awk', 'wc', 'mkdir', 'rm', 'cp', 'mv', 'chmod', 'curl', 'wget', 'docker', 'docker compose', 'kubectl', 'make', 'cmake', 'cargo build', 'cargo test', 'cargo clippy', 'cargo fmt', 'go test', 'go build', 'go vet', 'python', 'python3', 'pip install', 'pytest', 'ruff', 'mypy', 'black', 'uv', 'poetry', 'bundle', 'rake', 'rspec', 'mvn', 'gradle', 'dotnet', 'terraform', 'psql', 'sqlite3', 'redis-cli', 'jq', 'echo', 'which', 'ps', 'kill'];
const NAMES = ['shop', 'api', 'billing', 'web', 'mobile', 'infra', 'docs', 'auth', 'search', 'analytics', 'admin', 'worker', 'cli', 'sdk', 'design-system', 'payments', 'notifications', 'reports', 'gateway', 'scheduler', 'importer', 'exporter', 'api', 'homepage'];

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

const hex12 = (i) => (0x3f2a9c000000 + i * 0x1010101).toString(16).padStart(12, '0').slice(-12);
export const YEAR_PROJECTS = NAMES.map((name, i) => ({ id: hex12(i), name }));

/**
 * Writes `records` records over `days` days into DIR/observations and the project registry into
 * DIR/projects.json. Each project has habits of its own (a few workflows of 3-6 tools drawn
 * from the 58) used most of the time, the rest random, so that patterns recur and vary.
 */
export function generateYear(home, { records = 300_000, days = 365, endMs = Date.parse('2026-11-08T19:00:00Z'), seed = 7, callsPerSession = 120 } = {}) {
  const dir = join(home, 'observations');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const rand = rng(seed);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const habits = YEAR_PROJECTS.map(() => Array.from({ length: 4 }, () => Array.from({ length: 3 + Math.floor(rand() * 4) }, () => (rand() < 0.5 ? pick(CORE.slice(0, 8)) : pick(YEAR_TOOLS)))));
  const startMs = endMs - days * 86_400_000 + 60_000;
  const sessions = Math.max(1, Math.ceil(records / callsPerSession));
  const lines = new Map();
  let written = 0;
  for (let s = 0; s < sessions && written < records; s++) {
    const p = Math.floor(rand() * rand() * YEAR_PROJECTS.length); // a few projects most of the time
    const project = YEAR_PROJECTS[p].id;
    const session = `year-${seed}-${s.toString(36)}`;
    let t = startMs + Math.floor((s / sessions) * (endMs - startMs - callsPerSession * 6_000));
    let prev = [null, null];
    let wf = pick(habits[p]);
    let step = 0;
    const n = Math.min(callsPerSession, records - written);
    for (let i = 0; i < n; i++) {
      if (step >= wf.length) {
        step = 0;
        wf = rand() < 0.8 ? pick(habits[p]) : Array.from({ length: 3 }, () => pick(YEAR_TOOLS));
      }
      const tool = wf[step++];
      const ok = rand() > (tool === 'Bash' ? 0.15 : 0.03);
      t += 1_000 + Math.floor(rand() * 5_000);
      const iso = new Date(t).toISOString();
      let line = `{"v":1,"ts":"${iso}","tool":"${tool}","ok":${ok},"ms":${Math.floor(rand() * 3000)},"prev":${prev[0] ? `"${prev[0]}"` : 'null'},"prev2":${prev[1] ? `"${prev[1]}"` : 'null'},"session":"${session}","project":"${project}","event":"${ok ? 'PostToolUse' : 'PostToolUseFailure'}","id":"toolu_y${seed}_${s}_${i}"`;
      if (tool === 'Bash') line += `,"detail":"${COMMANDS[Math.floor(rand() * rand() * COMMANDS.length)]}"`;
      line += '}';
      prev = [tool, prev[0]];
      const day = iso.slice(0, 10);
      let arr = lines.get(day);
      if (!arr) lines.set(day, (arr = []));
      arr.push(line);
      written++;
    }
  }
  let bytes = 0;
  for (const [day, arr] of lines) {
    const text = `${arr.join('\n')}\n`;
    bytes += text.length;
    writeFileSync(join(dir, `${day}.jsonl`), text, { mode: 0o600 });
  }
  const last = new Date(endMs).toISOString();
  writeFileSync(join(home, 'projects.json'), `${JSON.stringify({ projects: YEAR_PROJECTS.map((p) => ({ ...p, last_seen: last })).sort((a, b) => (a.id < b.id ? -1 : 1)) }, null, 2)}\n`, { mode: 0o600 });
  return { records: written, files: lines.size, bytes, tools: YEAR_TOOLS.length, projects: YEAR_PROJECTS.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, n, days] = process.argv.slice(2);
  console.log(generateYear(dir, { records: Number(n ?? 300_000), days: Number(days ?? 365) }));
}
