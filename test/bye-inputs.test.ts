// bye against a rules file or a rules.json it cannot use: a folder or a file in the way stops it
// in one line before anything is committed; unusable entries of rules.json are left out, named,
// and the file as it was is kept in archive/.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers.js';
import { PAST, runRouter, sessionLines } from './history-helpers.js';
import { oneLine } from './one-line.js';

function seeded() {
  const box = sandbox();
  mkdirSync(join(box.data, 'observations'), { recursive: true });
  writeFileSync(join(box.data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
  return { ...box, rulesFile: join(box.root, 'rules.md'), env: { HOMUNCULUS_HOME: box.data, HOMUNCULUS_RULES_FILE: join(box.root, 'rules.md') } };
}

describe('the rules file', () => {
  it('a folder there stops bye before anything is committed; once fixed, the promotion is reported', async () => {
    const s = seeded();
    mkdirSync(s.rulesFile);
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toBe(`homunculus: the rules file ${s.rulesFile} is a folder; expected a file (set rulesFile in config.json, or HOMUNCULUS_RULES_FILE, to a file path)`);
    expect(existsSync(join(s.data, 'rules.json'))).toBe(false);
    const z = await runCli(['bye', '--now', PAST, '--exit-zero'], s.env);
    expect(z.exitCode).toBe(0);
    expect(z.stdout).toContain('is a folder');
    rmSync(s.rulesFile, { recursive: true });
    const ok = await runCli(['bye', '--now', PAST], s.env);
    expect(ok.exitCode, ok.stderr as string).toBe(0);
    expect(ok.stdout).toContain('Promoted to rules: Grep->Read->Edit');
  });

  it('a file where its folder should be stops bye the same way', async () => {
    const s = seeded();
    writeFileSync(join(s.root, 'plain'), 'x');
    const r = await runCli(['bye', '--now', PAST], { ...s.env, HOMUNCULUS_RULES_FILE: join(s.root, 'plain', 'rules.md') });
    expect(r.exitCode).toBe(2);
    expect(oneLine(r.stderr)).toContain(`${join(s.root, 'plain')} is a file, not a folder`);
    expect(existsSync(join(s.data, 'rules.json'))).toBe(false);
  });
});

describe('rules.json', () => {
  it.each([
    ['null', 'null'],
    ['rules: null', '{"rules": null}'],
    ['a folder', undefined],
  ])('%s: bye exits 2 in one line and writes nothing', async (_name, text) => {
    const s = seeded();
    if (text === undefined) mkdirSync(join(s.data, 'rules.json'));
    else writeFileSync(join(s.data, 'rules.json'), text);
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode).toBe(2);
    oneLine(r.stderr);
    expect(existsSync(s.rulesFile)).toBe(false);
    expect(existsSync(join(s.data, 'instincts'))).toBe(false);
  });

  it('null and incomplete rules are left out and reported, never NaN%; the file as it was is kept in archive/', async () => {
    const s = seeded();
    const good = { id: 'chain-bash-read-edit', kind: 'chain', pattern: 'Bash->Read->Edit', promoted_at: '2026-11-07T10:00:00.000Z', confidence_at_promotion: 0.9, last_confidence: 0.9, last_seen: '2026-11-07T10:00:00.000Z', observations: 12, sessions: 3, confidence_now: 0.9, hits: 12, opportunities: 13, rate: 0.82, lift: 7 };
    const original = JSON.stringify({ rules: [null, { pattern: 'Grep->Read->Edit' }, good, { ...good, id: '../../escape', pattern: 'Read->Edit->Bash' }, { ...good, pattern: 'Read->Edit->Write', last_seen: '2026-02-30T00:00:00Z' }] });
    writeFileSync(join(s.data, 'rules.json'), original);
    const r = await runCli(['bye', '--now', PAST], s.env);
    expect(r.exitCode, r.stderr as string).toBe(0);
    expect(r.stdout).toContain('Left out 4 unusable entries of rules.json');
    expect(r.stdout).toContain('rule 1: expected a rule object, found null');
    expect(r.stdout).toContain('rule 2: "id" must be a slug');
    expect(r.stdout).toContain('rule 4: "id" must be a slug like chain-grep-read-edit, found "../../escape"');
    expect(r.stdout).toContain('rule 5: "last_seen" must be an ISO 8601 time, found "2026-02-30T00:00:00Z"');
    const md = readFileSync(s.rulesFile, 'utf8');
    expect(md).not.toMatch(/NaN|undefined|null/);
    expect(md).toContain('Frequent tool chain: Bash->Read->Edit');
    expect(md).toContain('Frequent tool chain: Grep->Read->Edit');
    const kept = readdirSync(join(s.data, 'archive')).filter((f) => f.startsWith('rules.json--'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(s.data, 'archive', kept[0]!), 'utf8')).toBe(original);
    expect(existsSync(join(s.root, 'escape'))).toBe(false);
    // The prompt router skips such entries too: it counts the rules that can be shown.
    writeFileSync(join(s.data, 'rules.json'), original);
    writeFileSync(join(s.data, 'config.json'), '{"forcedEvalEvery": 1}');
    const route = await runRouter({ session_id: 'p1', hook_event_name: 'UserPromptSubmit', prompt: 'x' }, s.env);
    expect(route.exitCode).toBe(0);
    expect(route.stdout).toContain('against the 3 learned items');
    expect(route.stdout).not.toMatch(/NaN/);
  });
});

