// A rule that reaches the model through a block homunculus wrote into a CLAUDE.md that Claude
// Code loads is not given again by the SessionStart hook; elsewhere it still is.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, DIST, FIXTURES, sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';

describe('no rule twice in one session', () => {
  const s = sandbox();
  // The release's records are of one project (/home/dev/work/shop): its rule is that project's, and
  // reaches that project's sessions (Claude Code names the project; the folder is the session's cwd).
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z', CLAUDE_PROJECT_DIR: '/home/dev/work/shop' };
  const nested = join(s.project, 'packages', 'app');
  beforeAll(async () => {
    cpSync(join(FIXTURES, 'release-0.1.0-home'), s.data, { recursive: true });
    mkdirSync(nested, { recursive: true });
    // bye measures the earlier release's rule's claim: a rule never measured is not delivered.
    await cliJson(['bye'], env, s.project);
  });
  const start = async (cwd: string, sid: string): Promise<string> => {
    const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', source: 'startup', cwd, transcript_path: join(s.root, `${sid}.jsonl`) }), env: cleanEnv(env), extendEnv: false, reject: false });
    expect(r.exitCode).toBe(0);
    return r.stdout as string;
  };

  it('before any inject, the session-start rules hold the promoted rule', async () => {
    expect(await start(s.project, 's0')).toContain('Grep->Read->Edit');
  });

  it("after inject into the project's CLAUDE.md, sessions in it and below it do not get the rule again; other folders still do", async () => {
    // The first release's rule is global; its instinct, analysed again, is the project's of its records (/home/dev/work/shop): --scope all.
    const r = await cliJson<{ rules: number; file: string }>(['inject', join(s.project, 'CLAUDE.md'), '--scope', 'all'], env, s.project);
    expect(r.rules).toBe(1); // the promoted rule; its two rotations are folded into it, and no export carries them
    expect(readFileSync(join(s.project, 'CLAUDE.md'), 'utf8')).toContain('`seq:Grep->Read->Edit`');
    const recorded = JSON.parse(readFileSync(join(s.data, 'state', 'injected.json'), 'utf8'));
    expect(recorded.files[r.file].keys).toContain('seq:Grep->Read->Edit');
    expect(await start(s.project, 's1')).toBe(''); // its only rule is in CLAUDE.md already
    expect(await start(nested, 's2')).toBe('');
    expect(await start(s.root, 's3')).toContain('Grep->Read->Edit');
  });

  it('a CLAUDE.md deleted, or its block taken out, since the inject holds nothing back any more', async () => {
    const file = join(s.project, 'CLAUDE.md');
    expect(await start(s.project, 's4')).toBe('');
    const text = readFileSync(file, 'utf8');
    rmSync(file);
    expect(await start(s.project, 's5')).toContain('Grep->Read->Edit');
    // The user keeps the file but removes the block (its lines between the markers, markers too).
    writeFileSync(file, text.replace(/<!-- homunculus:start -->[\s\S]*<!-- homunculus:end -->\n?/, ''));
    expect(readFileSync(file, 'utf8')).not.toContain('homunculus:start');
    expect(await start(s.project, 's6')).toContain('Grep->Read->Edit');
    writeFileSync(file, text);
    expect(await start(s.project, 's7')).toBe('');
  });

  it('an AGENTS.md block (which Claude Code does not load) does not hold a rule back', async () => {
    const t = sandbox();
    const tenv = { HOME: t.home, HOMUNCULUS_HOME: t.data, HOMUNCULUS_NOW: '2026-11-08T19:00:00Z', CLAUDE_PROJECT_DIR: '/home/dev/work/shop' };
    cpSync(join(FIXTURES, 'release-0.1.0-home'), t.data, { recursive: true });
    mkdirSync(t.project, { recursive: true });
    await cliJson(['bye'], tenv, t.project);
    await cliJson(['inject', join(t.project, 'AGENTS.md'), '--format', 'agents-md', '--scope', 'all'], tenv, t.project);
    const r = await execa('node', [join(DIST, 'hooks', 'session-start.js')], { input: JSON.stringify({ session_id: 'a1', hook_event_name: 'SessionStart', source: 'startup', cwd: t.project, transcript_path: join(t.root, 'a1.jsonl') }), env: cleanEnv(tenv), extendEnv: false, reject: false });
    expect(r.stdout).toContain('Grep->Read->Edit');
  });
});
