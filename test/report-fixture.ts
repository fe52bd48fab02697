import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { rng } from './helpers.js';

// A generated week of observations for the report's tests, written as the hook writes them
// (canonical lines, one file per UTC day), together with what the report must find in it,
// counted here independently of the analyzer: calls and failures per day and per tool, the
// tool-to-tool transitions within each session, the error-retries per tool and Bash command.

const WORKFLOWS: string[][] = [
  ['Grep', 'Read', 'Edit'],
  ['Glob', 'Read', 'Edit', 'Bash'],
  ['Read', 'Edit', 'Bash', 'Bash'],
  ['mcp__github__search_issues', 'Read', 'Write'],
];
const COMMANDS = ['npm test', 'git status', 'pytest'];
export const FIXTURE_PROJECT = 'a1b2c3d4e5f6';

export interface Expected {
  days: string[];
  perDay: Map<string, { calls: number; failures: number }>;
  perTool: Map<string, { calls: number; failures: number }>;
  pairs: Map<string, number>;
  retryTool: Map<string, [number, number]>;
  retryCmd: Map<string, [number, number]>;
  records: number;
  sessions: number;
}

/** `days` days ending with the day of `endIso`, `sessionsPerDay` sessions a day of `calls` calls each. */
export function writeWeek(obsDir: string, opts: { endIso: string; days: number; sessionsPerDay: number; calls: number; seed?: number; project?: string }): Expected {
  mkdirSync(obsDir, { recursive: true, mode: 0o700 });
  const rand = rng(opts.seed ?? 7);
  const endDay = Date.parse(`${opts.endIso.slice(0, 10)}T00:00:00Z`);
  const exp: Expected = { days: [], perDay: new Map(), perTool: new Map(), pairs: new Map(), retryTool: new Map(), retryCmd: new Map(), records: 0, sessions: 0 };
  for (let d = opts.days - 1; d >= 0; d--) {
    const dayMs = endDay - d * 86_400_000;
    const day = new Date(dayMs).toISOString().slice(0, 10);
    exp.days.push(day);
    const lines: string[] = [];
    const dayRow = { calls: 0, failures: 0 };
    exp.perDay.set(day, dayRow);
    for (let s = 0; s < opts.sessionsPerDay; s++) {
      const project = opts.project ?? FIXTURE_PROJECT;
      const session = `s-${project}-${day}-${s}`;
      exp.sessions++;
      // Sessions in the morning: the whole day is before `endIso` on its last day too.
      let t = dayMs + 6 * 3_600_000 + s * 20 * 60_000;
      let wf = WORKFLOWS[Math.floor(rand() * WORKFLOWS.length)]!;
      let step = 0;
      let prev: { tool: string; ok: boolean; cmd?: string } | undefined;
      let retryOf: { tool: string; cmd?: string } | undefined;
      const history: string[] = [];
      for (let i = 0; i < opts.calls; i++) {
        let tool: string;
        let cmd: string | undefined;
        if (retryOf) {
          // A failure retried at once, the same call again.
          tool = retryOf.tool;
          cmd = retryOf.cmd;
          retryOf = undefined;
        } else {
          if (step >= wf.length) {
            step = 0;
            if (rand() < 0.3) wf = WORKFLOWS[Math.floor(rand() * WORKFLOWS.length)]!;
          }
          tool = wf[step++]!;
          cmd = tool === 'Bash' ? COMMANDS[Math.floor(rand() * COMMANDS.length)]! : undefined;
        }
        const ok = rand() > (tool === 'Bash' ? 0.25 : 0.05);
        if (!ok && rand() < 0.5) retryOf = { tool, ...(cmd ? { cmd } : {}) };
        t += 20_000 + Math.floor(rand() * 20_000);
        const ts = new Date(t).toISOString();
        let line = `{"v":1,"ts":"${ts}","tool":"${tool}","ok":${ok},"ms":${Math.floor(rand() * 900)},"prev":${history[0] ? `"${history[0]}"` : 'null'},"prev2":${history[1] ? `"${history[1]}"` : 'null'},"session":"${session}","project":"${project}","event":"${ok ? 'PostToolUse' : 'PostToolUseFailure'}","id":"toolu_${project}_${day.replaceAll('-', '')}_${s}_${i}"`;
        if (cmd) line += `,"detail":"${cmd}"`;
        lines.push(`${line}}`);
        history.unshift(tool);
        history.length = Math.min(history.length, 2);
        // What the report must count.
        exp.records++;
        dayRow.calls++;
        const tr = exp.perTool.get(tool) ?? { calls: 0, failures: 0 };
        tr.calls++;
        if (!ok) {
          tr.failures++;
          dayRow.failures++;
        }
        exp.perTool.set(tool, tr);
        if (prev) {
          const key = `${prev.tool}->${tool}`;
          exp.pairs.set(key, (exp.pairs.get(key) ?? 0) + 1);
          if (!prev.ok) {
            const r = exp.retryTool.get(prev.tool) ?? [0, 0];
            r[0]++;
            if (prev.tool === tool) r[1]++;
            exp.retryTool.set(prev.tool, r);
            if (prev.cmd) {
              const c = exp.retryCmd.get(prev.cmd) ?? [0, 0];
              c[0]++;
              if (prev.tool === tool && prev.cmd === cmd) c[1]++;
              exp.retryCmd.set(prev.cmd, c);
            }
          }
        }
        prev = { tool, ok, ...(cmd ? { cmd } : {}) };
      }
    }
    // Appended: a second call adds another project's sessions to the same days.
    appendFileSync(join(obsDir, `${day}.jsonl`), `${lines.join('\n')}\n`, { mode: 0o600 });
  }
  return exp;
}
