import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { runConsolidation } from '../runs/consolidate-run.js';
import { loadConfig } from '../lib/config.js';
import { packageRoot } from '../lib/data-home.js';
import { printJson } from './context.js';
import { installHint, invocation } from '../lib/invocation.js';
import { EXAMPLE_TIMES, sessionCalls, WORKED_EXAMPLE } from '../lib/worked-example.js';
import { plural } from '../lib/plural.js';

// The README's main job: the worked example through the whole loop, in a temporary folder.

const pct = (x: number) => `${Math.round(x * 100)}%`;

async function play(ids: string[], env: Record<string, string>): Promise<number> {
  const { execa } = await import('execa'); // loaded only for the demo: it is heavy for a CLI start
  const hook = join(packageRoot(), 'dist', 'hooks', 'observe.js');
  let n = 0;
  await Promise.all(
    WORKED_EXAMPLE.filter((s) => ids.includes(s.id)).map(async (s) => {
      for (const call of sessionCalls(s)) {
        // The real hook process, as Claude Code runs it, with the scenario's clock.
        await execa(process.execPath, [hook], { input: JSON.stringify(call.payload), env: { ...env, HOMUNCULUS_NOW: call.now } });
        n++;
      }
    }),
  );
  return n;
}

interface Step {
  at: string;
  recordsInWindow: number;
  sessionsInWindow: number;
  instincts: { pattern: string; confidence: number; observations: number }[];
  archived: string[];
  promoted: string[];
  rules: string[];
}

function consolidateAt(home: string, nowIso: string, env: Record<string, string>, say: (s: string) => void): Step {
  const { config } = loadConfig(home, env);
  const r = runConsolidation({ home, now: new Date(nowIso), config, env });
  const tracked = r.analysis.tracked;
  say(`  analysed ${plural(r.analysis.recordsInWindow, 'tool call')} in ${plural(r.analysis.sessionsInWindow, 'session')} (window ${r.analysis.windowStart} .. ${r.analysis.now})`);
  say(`  instincts (${tracked.length}):`);
  for (const p of tracked) say(`    ${p.key.padEnd(24)} rate ${pct(p.rate).padStart(4)}, score ${pct(p.confidence).padStart(4)}  ${plural(p.observations, 'observation')}, ${p.sessions}/${plural(p.sessionsInWindow, 'session')}`);
  for (const a of r.analysis.archived) say(`  archived instinct: ${a.pattern} (${a.reason})`);
  for (const p of r.changes.promoted) say(`  promoted to a rule: ${p.pattern} (${typeof p.rate === 'number' ? pct(p.rate) : `score ${pct(p.confidence_now)}`}, ${p.observations}x seen)`);
  const lines = readFileSync(r.rulesFile, 'utf8').split('\n').filter((l) => l.startsWith('- '));
  say(`  generated-rules.md:${lines.length ? '' : ' no rule yet'}`);
  for (const l of lines) say(`    ${l}`);
  return {
    at: nowIso,
    recordsInWindow: r.analysis.recordsInWindow,
    sessionsInWindow: r.analysis.sessionsInWindow,
    instincts: tracked.map((p) => ({ pattern: p.key, confidence: p.confidence, observations: p.observations })),
    archived: r.analysis.archived.map((a) => a.pattern),
    promoted: r.changes.promoted.map((p) => p.pattern),
    rules: lines.map((l) => l.slice(2)),
  };
}

/** What to do after the demo, with the command as this installation runs it. */
export function nextStep(): string {
  if (invocation().kind === 'plugin') return 'Next: work with Claude (the plugin\'s hooks are on), then /homunculus:bye.';
  return `Next: ${installHint()}, work with Claude, then /bye.`;
}

export const demoCommand: CommandModule<object, { json: boolean }> = {
  command: 'demo',
  describe: 'play the bundled worked example through the whole loop in a temporary folder',
  builder: (y) => y.options({ json: { type: 'boolean', default: false, describe: 'print JSON for machines: each step, the rules and the files' } }),
  handler: async (argv) => {
    const dir = mkdtempSync(join(tmpdir(), 'homunculus-demo-'));
    const home = join(dir, 'data');
    // The rules file in the demo's data home (as by default): one outside it holds the global rules only, and the example's rule is its project's.
    const rulesFile = join(home, 'generated-rules.md');
    const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: dir, HOMUNCULUS_HOME: home };
    const say = argv.json ? () => {} : (s: string) => process.stdout.write(`${s}\n`);
    say('homunculus demo: a user whose workflow changes from Bash(grep)->Read->Edit (grep through Bash) to Grep->Read->Edit.');
    say(`Everything happens in ${dir}; nothing else is touched.\n`);
    const first = await play(['s1', 's2', 's3', 's4'], env);
    say(`1. Sessions s1-s4 (Nov 1 and Nov 7) go through the observer hook: ${plural(first, 'tool call')} recorded.`);
    say(`2. Analysis and /bye at ${EXAMPLE_TIMES.afterS4}:`);
    const step1 = consolidateAt(home, EXAMPLE_TIMES.afterS4, env, say);
    const second = await play(['s5', 's6', 's7'], env);
    say(`\n3. Sessions s5-s7 (Nov 8): ${second} more tool calls.`);
    say(`4. Analysis and /bye at ${EXAMPLE_TIMES.afterS7} (s1-s3 have left the 7-day window):`);
    const step2 = consolidateAt(home, EXAMPLE_TIMES.afterS7, env, say);
    say('\nFiles:');
    say(`  ${rulesFile}`);
    const instincts = readdirSync(join(home, 'instincts')).filter((f) => f.endsWith('.md'));
    if (argv.json) {
      printJson({ dir, dataHome: home, rulesFile, recorded: [first, second], steps: [step1, step2], instinctFiles: instincts.map((f) => f.slice(0, -3)) });
      return;
    }
    say(`  ${join(home, 'instincts')}/ (${plural(instincts.length, 'file')}: ${instincts.map((f) => f.slice(0, -3)).join(', ')})`);
    say(`  ${join(home, 'archive')}/`);
    say(`  ${join(home, 'daily-summary.md')}`);
    say(`  ${join(home, 'observations')}/`);
    say(`\n${nextStep()}`);
  },
};
