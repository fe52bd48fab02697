// (c) The real observer (homunculus install, user scope) in `claude -p` sessions of three Bash
// calls: how many calls get recorded when its hooks are async (as installed) vs synchronous, what
// the debug log says about cancellation, and how long a synchronous observer run takes per call.
// Usage: node observer-async-vs-sync.mjs [runs=5]
import { join } from 'node:path';
import { startMockApi } from '../mock-api.mjs';
import { runClaude } from '../harness.mjs';
import { sandbox, homunculus, observations, makeSynchronous } from '../homunculus.mjs';

const runs = Number(process.argv[2] ?? 5);
const script = [
  { tool: 'Bash', input: { command: 'true' } },
  { tool: 'Bash', input: { command: 'false' } },
  { tool: 'Bash', input: { command: 'echo three' } },
  { text: 'done' },
];
for (const mode of ['async', 'sync']) {
  const s = sandbox();
  homunculus(s, ['install']);
  if (mode === 'sync') makeSynchronous(join(s.home, '.claude', 'settings.json'), ['PostToolUse', 'PostToolUseFailure']);
  const perRun = [];
  const hookMs = [];
  const walls = [];
  for (let i = 0; i < runs; i++) {
    const before = observations(s.data).length;
    const mock = await startMockApi({ script });
    const r = await runClaude('three commands', { mock, home: s.home, cwd: s.project });
    await mock.close();
    walls.push(r.wallMs);
    const cancelled = r.debugLog.split('\n').filter((l) => /Hook (PostToolUse|PostToolUseFailure|Stop)\S* \(\w+\) cancelled/.test(l)).map((l) => l.replace(/^.*Hook (\S+) .*$/, '$1'));
    for (const m of r.debugLog.matchAll(/Hooks: PostToolUse(?:Failure)?:Bash \[.*observe\.js.*\] finished with status 0 \((\d+)ms\)/g)) hookMs.push(Number(m[1]));
    perRun.push({ recorded: observations(s.data).length - before, cancelled: cancelled.join(',') });
  }
  hookMs.sort((a, b) => a - b);
  console.log(JSON.stringify({ mode, runs, callsPerRun: 3, perRun, wallMs: walls, syncObserverMs: hookMs.length ? { min: hookMs[0], median: hookMs[hookMs.length >> 1], max: hookMs.at(-1) } : undefined }));
}
