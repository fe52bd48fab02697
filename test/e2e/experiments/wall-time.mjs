// (i) Wall time of one `claude -p` run with three Bash calls: no hooks, and with homunculus
// installed (user scope, async observer as installed). Usage: node wall-time.mjs [runs=5]
import { startMockApi } from '../mock-api.mjs';
import { runClaude, tempDir } from '../harness.mjs';
import { sandbox, homunculus } from '../homunculus.mjs';

const runs = Number(process.argv[2] ?? 5);
const script = [{ tool: 'Bash', input: { command: 'true' } }, { tool: 'Bash', input: { command: 'false' } }, { tool: 'Bash', input: { command: 'echo 3' } }, { text: 'done' }];
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[s.length >> 1], max: s.at(-1) };
};
for (const variant of ['no hooks', 'homunculus installed']) {
  const walls = [];
  for (let i = 0; i < runs; i++) {
    let home;
    let cwd;
    if (variant === 'no hooks') home = cwd = tempDir();
    else {
      const s = sandbox();
      homunculus(s, ['install']);
      home = s.home;
      cwd = s.project;
    }
    const mock = await startMockApi({ script });
    const r = await runClaude('three commands', { mock, home, cwd });
    await mock.close();
    if (r.code !== 0) throw new Error(`run failed: exit ${r.code}`);
    walls.push(r.wallMs);
  }
  console.log(JSON.stringify({ variant, runs, wallMs: stats(walls), all: walls }));
}
