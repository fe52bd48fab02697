// The UserPromptSubmit hook (dist/hooks/prompt-router.js) on a store of 500 instincts (100
// observed, 400 taught; a quarter in the testing domain) and 50 facts, against bare `node -e 0`:
// target <= 1.3x. It is synchronous: Claude waits for it on every prompt.
// - "inject": forcedEvalEvery 1, so every run reads the index, picks the instincts and facts
//   relevant to a prompt about tests (many candidates: the worst case) and appends to injections.jsonl;
// - "counting only": forcedEvalEvery so large that no run reaches it: what 4 prompts of 5 cost
//   (count the prompt, print nothing).
// Usage: node bench/prompt-router.mjs [ROUNDS=20]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, interleave, runOnce } from './lib.mjs';

const rounds = Number(process.argv[2] ?? 20);
const root = join(import.meta.dirname, '..');
const ROUTER = join(root, 'dist', 'hooks', 'prompt-router.js');
const { renderInstinct, renderFact } = await import(join(root, 'dist', 'store', 'model', 'file-format.js'));
const { writeIndex } = await import(join(root, 'dist', 'store', 'files', 'index-file.js'));
const { projectId } = await import(join(root, 'dist', 'observer', 'project-id.js'));

function makeHome(name, config) {
  const dir = mkdtempSync(join(tmpdir(), `homunculus-bench-router-${name}-`));
  const data = join(dir, 'data');
  const proj = join(dir, 'shop');
  mkdirSync(proj, { recursive: true });
  mkdirSync(join(data, 'instincts'), { recursive: true, mode: 0o700 });
  mkdirSync(join(data, 'facts'), { recursive: true, mode: 0o700 });
  writeFileSync(join(data, 'store.json'), '{"version":2}\n');
  writeFileSync(join(data, 'config.json'), JSON.stringify(config));
  const P = projectId(proj);
  const OTHER = 'abcdefabcdef';
  const zero = { confirmed: 0, contradicted: 0, corrected: 0, suggested: 0, inactive: 0 };
  for (let i = 0; i < 500; i++) {
    const observed = i < 100;
    const scope = i % 3 === 0 ? 'global' : 'project';
    const project = i % 3 === 1 ? P : OTHER;
    const confidence = Math.round((0.3 + ((i * 37) % 65) / 100) * 1e4) / 1e4;
    const pattern = observed ? `seq:Tool${i}->Read->Edit` : `pref:setting${i}=value${i % 7}`;
    const domain = ['workflow', 'testing', 'tool-preference', 'code-style'][i % 4];
    const x = {
      id: observed ? `chain-tool${i}-read-edit` : `pref-setting${i}-value${i % 7}-${String(i).padStart(8, '0')}`,
      pattern, category: observed ? 'sequence' : 'preference', domain,
      trigger: observed ? `after Tool${i}, then Read` : `when ${domain === 'testing' ? 'running the tests' : 'configuring'} setting ${i} of the module`,
      action: observed ? 'Edit next' : `use value ${i % 7} and check the output before going on`,
      explain: observed ? 'seen in many sessions' : '',
      scope, ...(scope === 'project' ? { project } : {}), projects: scope === 'project' ? [project] : [P, OTHER],
      source: observed ? 'observed' : 'taught', confidence, observations: 3 + (i % 9), level: 'seedling', state: 'active',
      sessions: 2, session_ids: [], first_seen: '2026-11-01T10:00:00.000Z', last_seen: '2026-11-07T10:00:00.000Z', created: '2026-11-01T10:00:00.000Z',
      ...zero, aliases: [], ...(observed ? { score: confidence } : {}), extra: {}, evidence: ['2026-11-01T10:00Z: taught'], body: `# ${pattern}\n`,
    };
    writeFileSync(join(data, 'instincts', `${x.id}.md`), renderInstinct(x), { mode: 0o600 });
  }
  const now = '2026-11-08T12:00:00.000Z';
  for (let i = 0; i < 50; i++) {
    const f = { id: `fact-${i}`, text: `fact number ${i}: the ${i % 2 ? 'test database' : 'staging host'} listens on port ${3000 + i}`, domain: 'architecture', scope: 'global', projects: [], source: 'taught', confidence: 0.6, observations: 1, sessions: 1, session_ids: [], first_seen: now, last_seen: now, created: now, state: 'active', ...zero, extra: {}, evidence: [], body: '' };
    writeFileSync(join(data, 'facts', `fact-${i}.md`), renderFact(f), { mode: 0o600 });
  }
  writeIndex(data);
  return { data, proj };
}

const inject = makeHome('inject', { forcedEvalEvery: 1 });
const quiet = makeHome('quiet', { forcedEvalEvery: 1_000_000 });
const NOW = '2026-11-08T12:00:00.000Z';
const payload = (proj, session) => JSON.stringify({ session_id: session, hook_event_name: 'UserPromptSubmit', cwd: proj, prompt: 'the tests in the checkout module fail again, fix them and check the output' });
const env = (h) => ({ HOMUNCULUS_HOME: h.data, HOMUNCULUS_NOW: NOW, CLAUDE_PROJECT_DIR: h.proj });

const sample = runOnce(process.execPath, [ROUTER], { input: payload(inject.proj, 'sample'), env: env(inject) });
const ctx = JSON.parse(sample.stdout).hookSpecificOutput.additionalContext;
const cases = [
  { name: 'node -e 0', run: () => runOnce(process.execPath, ['-e', '0']) },
  { name: 'prompt-router, injecting', run: (i) => runOnce(process.execPath, [ROUTER], { input: payload(inject.proj, `s${i}`), env: env(inject) }) },
  { name: 'prompt-router, counting only', run: (i) => runOnce(process.execPath, [ROUTER], { input: payload(quiet.proj, `s${i}`), env: env(quiet) }) },
];
const r = interleave(cases, rounds);
const base = r['node -e 0'].ms;
console.log(`UserPromptSubmit hook, store of 500 instincts and 50 facts; ${rounds} rounds, interleaved, medians. Injected: ${ctx.split('\n').filter((l) => l.startsWith('- [')).length} items, ${ctx.length} characters.\n`);
console.log('| command | wall ms | vs node -e 0 | peak RSS MiB |');
console.log('|---|---|---|---|');
for (const c of cases) console.log(`| \`${c.name}\` | ${fmt(r[c.name].ms)} | ${fmt(r[c.name].ms / base, 2)}x | ${fmt(r[c.name].rssMiB)} |`);
