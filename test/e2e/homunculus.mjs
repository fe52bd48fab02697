// Helpers to install and inspect homunculus (the built dist/) inside an e2e sandbox.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './harness.mjs';

export const CLI = join(ROOT, 'dist', 'cli', 'homunculus.js');

/**
 * A sandbox: a temporary HOME, a project folder and a data home (HOMUNCULUS_HOME) whose
 * config.json points the rules file into the sandbox (so the checkout's generated-rules.md is
 * never touched).
 */
export function sandbox() {
  const root = tempDir('homunculus-e2e-sandbox-');
  const s = { root, home: join(root, 'home'), project: join(root, 'project'), data: join(root, 'data') };
  for (const d of [s.home, s.project, s.data]) mkdirSync(d, { recursive: true });
  s.rulesFile = join(s.data, 'generated-rules.md');
  writeFileSync(join(s.data, 'config.json'), JSON.stringify({ rulesFile: s.rulesFile }, null, 2) + '\n');
  return s;
}

/** Runs the homunculus CLI in the sandbox (HOME and HOMUNCULUS_HOME set), returns stdout. */
export function homunculus(s, args, { cwd = s.project, env = {} } = {}) {
  return execFileSync('node', [CLI, ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: s.home, HOMUNCULUS_HOME: s.data, TZ: 'UTC', LANG: 'C.UTF-8', ...env },
    encoding: 'utf8',
  });
}

/** Every observation record in the data home. */
export function observations(data) {
  const dir = join(data, 'observations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
}

/** Rewrites a settings file so the named events' hooks run synchronously (no `async`). */
export function makeSynchronous(settingsPath, events = ['PostToolUse', 'PostToolUseFailure', 'Stop']) {
  const s = JSON.parse(readFileSync(settingsPath, 'utf8'));
  for (const e of events) for (const m of s.hooks?.[e] ?? []) for (const h of m.hooks) delete h.async;
  writeFileSync(settingsPath, JSON.stringify(s, null, 2) + '\n');
}
