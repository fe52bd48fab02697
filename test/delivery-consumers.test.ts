import { execa } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, DIST, runCli, sandbox } from './helpers.js';
import { contextOf, indexStore, runRouter, writeInstinct } from './inloop-helpers.js';
import { cliJson } from './store-helpers.js';

// One delivery test for every consumer: a chain of one key repeated, or one whose claim held
// under minRate, reaches no context, export, suggestion, status, skill or guideline, however
// confident; a specific, reliable one does. Each consumer runs as the user runs it.

const NOW = '2026-11-22T12:00:00.000Z';
const OLD = '2026-10-20T10:00:00.000Z';
const GOOD = 'Grep->Read->Edit';
const BAD = ['Read->Read->Read', 'Bash->Read->Edit'];

describe('every consumer asks the one delivery test', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  const claim = (rate: number, lift: number) => ({ sessions: 4, hits: 30, opportunities: 36, rate, lift, promoted_at: OLD });
  const chains: [string, number, number][] = [[GOOD, 0.84, 9], ['Read->Read->Read', 0.9, 40], ['Bash->Read->Edit', 0.3, 9]];

  beforeAll(async () => {
    mkdirSync(s.project, { recursive: true });
    for (const [i, [key, rate, lift]] of chains.entries()) {
      writeInstinct(s.data, { id: `chain-${i}`, pattern: `seq:${key}`, source: 'observed', trigger: 'changing code', action: `${key} next`, confidence: 0.95, observations: 30, confirmed: 4, domain: 'workflow', extra: claim(rate, lift) }, OLD);
    }
    // A confident observed chain that is not a rule: what the prompt router might add, were it not for the test.
    writeInstinct(s.data, { id: 'chain-repeat-edit', pattern: 'seq:Edit->Edit->Edit', source: 'observed', trigger: 'editing code', action: 'edit edit edit', confidence: 0.9, observations: 20, domain: 'workflow', extra: { sessions: 3, hits: 20, opportunities: 22, rate: 0.8, lift: 30 } }, OLD);
    const rule = (key: string, rate: number, lift: number) => ({
      id: `chain-${key.toLowerCase().replace(/[^a-z]+/g, '-')}`, kind: 'chain', pattern: key, promoted_at: OLD, confidence_at_promotion: 0.95, last_confidence: 0.95, last_seen: NOW,
      observations: 30, sessions: 4, confidence_now: 0.95, key: `seq:${key}`, claim: 'x', hits: 30, opportunities: 36, rate, lift,
    });
    writeFileSync(join(s.data, 'rules.json'), JSON.stringify({ rules: chains.map(([k, r, l]) => rule(k, r, l)) }));
    await indexStore(s.data, NOW);
  });

  const expectOnlyGood = (text: string) => {
    expect(text).toContain(GOOD);
    for (const bad of BAD) expect(text).not.toContain(bad);
  };

  it('the SessionStart context', async () => {
    const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: 's1', hook_event_name: 'SessionStart', source: 'startup', cwd: s.project, transcript_path: join(s.root, 's1.jsonl') }), env: cleanEnv(env), extendEnv: false, reject: false });
    expectOnlyGood(contextOf(r.stdout as string));
  });

  it('every export format, inject, and export json --all', async () => {
    for (const format of ['claude-md', 'agents-md', 'cursorrules', 'cursor-mdc', 'windsurfrules', 'json']) {
      const r = await runCli(['export', format, '--scope', 'all'], env, { cwd: s.project });
      expect(r.exitCode, r.stderr as string).toBe(0);
      expectOnlyGood(r.stdout as string);
    }
    const all = await runCli(['export', 'json', '--all', '--scope', 'all'], env, { cwd: s.project });
    expectOnlyGood(all.stdout as string);
    expect(all.stdout).not.toContain('Edit->Edit->Edit');
    const r = await runCli(['inject', join(s.project, 'CLAUDE.md'), '--scope', 'all'], env, { cwd: s.project });
    expect(r.exitCode, r.stderr as string).toBe(0);
    expectOnlyGood(readFileSync(join(s.project, 'CLAUDE.md'), 'utf8'));
  });

  it('suggest, status, evolve and graduate', async () => {
    const suggest = JSON.stringify(await cliJson(['suggest', '--full'], env, s.project));
    expect(suggest).toContain(GOOD);
    for (const bad of [...BAD, 'Edit->Edit->Edit']) expect(suggest).not.toContain(bad);
    const status = JSON.stringify(await cliJson(['status'], env, s.project));
    for (const bad of [...BAD, 'Edit->Edit->Edit']) expect(status).not.toContain(bad);
    const evolve = JSON.stringify(await cliJson(['evolve'], env, s.project));
    for (const bad of [...BAD, 'Edit->Edit->Edit']) expect(evolve).not.toContain(bad);
    const graduate = await cliJson<{ guidelines?: { keys: string[] } }>(['graduate', '--dry-run'], env, s.project);
    expect(graduate.guidelines?.keys).toEqual([`seq:${GOOD}`]);
  });

  it('the prompt router adds no observed instinct the test rejects', async () => {
    let out = '';
    // From a folder whose CLAUDE.md does not hold the rule (the inject above wrote the project's).
    for (let i = 1; i <= 5; i++) out = (await runRouter({ session_id: 'p1', hook_event_name: 'UserPromptSubmit', prompt: 'keep editing the code', cwd: s.root }, env)).stdout as string;
    const ctx = contextOf(out);
    expect(ctx).toContain('re-check your approach against the 1 learned item');
    expect(ctx).not.toContain('Edit->Edit->Edit');
  });
});
