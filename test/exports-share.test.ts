// export json / import json: the documented, versioned sharing format. Its output passes the
// committed JSON Schema; a round trip into an empty store gives the same rules; importing raises
// confidence (never lowers it), marks source: imported, and is idempotent; another major
// version is refused.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseInstinct } from '../store/model/file-format.js';
import { ROOT, runCli, sandbox } from './helpers.js';
import { cliJson } from './store-helpers.js';
import { instinct, NOW, seedStore, SEEDED } from './exports-helpers.js';

const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true });
ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas', 'export-v1.schema.json'), 'utf8')));

type Doc = { version: string; instincts: Record<string, unknown>[]; facts: Record<string, unknown>[] };
type Imported = { created: string[]; raised: string[]; unchanged: string[]; skipped: { item: string; why: string }[]; facts: { created: string[] } };

const PROJECT = 'a1b2c3d4e5f6';
const RULES = [...SEEDED, instinct({ pattern: 'pref:test-db=sqlite', scope: 'project', project: PROJECT, projects: [PROJECT], domain: 'testing', trigger: 'testing', action: 'use sqlite in memory', confidence: 0.81234, observations: 6 })];

function ruleRows(d: Doc) {
  return d.instincts.map((x) => ({ key: x['key'], category: x['category'], domain: x['domain'], scope: x['scope'], project: x['project'], explain: x['explain'], confidence: Number((x['confidence'] as number).toFixed(4)) })).sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

describe('export json', () => {
  const s = sandbox();
  const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW };
  let doc: Doc;
  beforeAll(async () => {
    seedStore(s.data, RULES);
    await cliJson(['facts', 'add', '--global', 'the', 'test', 'database', 'listens', 'on', '3306'], env, s.root);
    doc = await cliJson<Doc>(['export', 'json', '--scope', 'all'], env, s.root);
  });

  it('passes the committed JSON Schema, and holds no session ids and no project names or paths', () => {
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.version).toBe('1.1');
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/session_ids|"s1"|"path"|"projects"|"name"/);
    expect(doc.instincts.map((x) => x['key'])).toEqual(['pref:pkg=pnpm', 'seq:Grep->Read->Edit', 'pref:test-db=sqlite', 'fix:lint-before-commit']);
    expect(doc.facts).toEqual([{ text: 'the test database listens on 3306', domain: 'architecture', scope: 'global', confidence: 0.3, observations: 1 }]);
  });

  it('matches its golden file for the default (current) scope', async () => {
    const r = await runCli(['export', 'json'], env, { cwd: s.root });
    expect(`${r.stdout}\n`).toBe(readFileSync(join(ROOT, 'test', 'golden', 'exports', 'cli-export.json'), 'utf8').replace('"facts": []', `"facts": [\n    {\n      "text": "the test database listens on 3306",\n      "domain": "architecture",\n      "scope": "global",\n      "confidence": 0.3,\n      "observations": 1\n    }\n  ]`));
  });

  it('the schema takes the learners\' instincts: a project command and a call the user stopped (1.1)', () => {
    const row = doc.instincts[0]!;
    const learned = [{ ...row, key: 'cmd:test=npm test', category: 'command' }, { ...row, key: 'ask:Bash(git push)', category: 'correction', source: 'user_correction' }];
    expect(validate({ ...doc, instincts: learned }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...doc, instincts: [{ ...row, key: 'opener:Bash(make)', category: 'opener' }] })).toBe(false);
  });

  it('the schema refuses what the format does not allow', () => {
    expect(validate({ ...doc, version: '2.0' })).toBe(false);
    expect(validate({ ...doc, instincts: [{ ...doc.instincts[0], session_ids: ['s1'] }] })).toBe(false);
    expect(validate({ ...doc, instincts: [{ ...doc.instincts[0], scope: 'project' }] })).toBe(false); // a project row names its project
  });

  it('round trip: export, import into an empty store, export again gives the same rules', async () => {
    const file = join(s.root, 'team.json');
    writeFileSync(file, JSON.stringify(doc));
    const t = sandbox();
    const tenv = { HOME: t.home, HOMUNCULUS_HOME: t.data, HOMUNCULUS_NOW: NOW };
    const r = await cliJson<Imported>(['import', 'json', file], tenv, t.root);
    expect(r.created).toHaveLength(4);
    expect(r.facts.created).toHaveLength(1);
    expect(r.skipped).toEqual([]);
    const again = await cliJson<Doc>(['export', 'json', '--scope', 'all'], tenv, t.root);
    expect(ruleRows(again)).toEqual(ruleRows(doc));
    for (const f of readdirSync(join(t.data, 'instincts'))) {
      const x = parseInstinct(readFileSync(join(t.data, 'instincts', f), 'utf8'));
      expect(x).toMatchObject({ source: 'imported', imported_from: 'team.json', session_ids: [] });
    }
    // Idempotent: the same file again changes nothing, not a byte.
    const before = readdirSync(join(t.data, 'instincts')).map((f) => readFileSync(join(t.data, 'instincts', f), 'utf8'));
    const events = readFileSync(join(t.data, 'events.jsonl'), 'utf8');
    const r2 = await cliJson<Imported>(['import', 'json', file], tenv, t.root);
    expect(r2).toMatchObject({ created: [], raised: [], facts: { created: [] } });
    expect(r2.unchanged).toHaveLength(4);
    expect(readdirSync(join(t.data, 'instincts')).map((f) => readFileSync(join(t.data, 'instincts', f), 'utf8'))).toEqual(before);
    expect(readFileSync(join(t.data, 'events.jsonl'), 'utf8')).toBe(events);
  });

  it('import raises confidence to the imported value and never lowers it; observed instincts stay the analyzer\'s', async () => {
    const t = sandbox();
    const tenv = { HOME: t.home, HOMUNCULUS_HOME: t.data, HOMUNCULUS_NOW: NOW };
    seedStore(t.data, [instinct({ pattern: 'pref:pkg=pnpm', confidence: 0.5 }), instinct({ pattern: 'fix:lint-before-commit', confidence: 0.9 }), instinct({ pattern: 'seq:Grep->Read->Edit', source: 'observed', confidence: 0.6 })]);
    const file = join(t.root, 'in.json');
    writeFileSync(file, JSON.stringify(doc));
    const r = await cliJson<Imported>(['import', 'json', file], tenv, t.root);
    expect(r.raised).toEqual([instinct({ pattern: 'pref:pkg=pnpm' }).id]);
    expect(r.unchanged).toEqual([instinct({ pattern: 'fix:lint-before-commit' }).id]);
    expect(r.skipped).toEqual([{ item: 'instincts[1] seq:Grep->Read->Edit', why: 'observed on this machine: its own evidence decides its confidence' }]);
    const list = await cliJson<{ instincts: { pattern: string; confidence: number; source: string; imported_from?: string }[] }>(['list', '--scope', 'all'], tenv, t.root);
    const by = new Map(list.instincts.map((v) => [v.pattern, v]));
    expect(by.get('pref:pkg=pnpm')).toMatchObject({ confidence: 0.9, source: 'taught', imported_from: 'in.json' });
    expect(by.get('fix:lint-before-commit')!.confidence).toBe(0.9);
    expect(by.get('seq:Grep->Read->Edit')!.confidence).toBe(0.6);
  });

  it('refuses another major version, and a file that is not an export, with what it expected', async () => {
    const file = join(s.root, 'v2.json');
    writeFileSync(file, JSON.stringify({ ...doc, version: '2.0' }));
    const r = await runCli(['import', 'json', file], env, { cwd: s.root });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('unsupported version "2.0": this homunculus reads version 1.x');
    writeFileSync(file, '[1,2]');
    const r2 = await runCli(['import', 'json', file], env, { cwd: s.root });
    expect(r2.exitCode).toBe(2);
    expect(r2.stderr).toContain('expected a JSON object written by `homunculus export json`, found an array');
  });

  it('a bad row is skipped with why; the others are imported', async () => {
    const t = sandbox();
    const tenv = { HOME: t.home, HOMUNCULUS_HOME: t.data, HOMUNCULUS_NOW: NOW };
    const file = join(t.root, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...doc, instincts: [{ ...doc.instincts[0], key: 'nokey' }, { ...doc.instincts[1], confidence: 7 }, doc.instincts[2]], facts: [] }));
    const r = await cliJson<Imported>(['import', 'json', file], tenv, t.root);
    expect(r.created).toHaveLength(1);
    expect(r.skipped.map((x) => x.item)).toEqual(['instincts[0]', 'instincts[1]']);
    expect(r.skipped[1]!.why).toBe('confidence must be a number from 0 to 1, found 7');
  });
});

describe('export json --with-projects', () => {
  it('names the projects its rows belong to only when asked, and their paths only when the data home records them', async () => {
    const s = sandbox();
    mkdirSync(join(s.project, '.git'), { recursive: true });
    const env = { HOME: s.home, HOMUNCULUS_HOME: s.data, HOMUNCULUS_NOW: NOW, CLAUDE_PROJECT_DIR: s.project };
    await cliJson(['observe', 'pref:db=sqlite', '--trigger', 'testing', '--action', 'use sqlite'], env, s.project);
    await cliJson(['observe', 'pref:db=sqlite'], env, s.project); // the data home exists now: the project is registered by name
    const plain = await cliJson<Doc & { projects?: unknown }>(['export', 'json', '--all'], env, s.project);
    expect(plain.instincts[0]).toMatchObject({ key: 'pref:db=sqlite', scope: 'project', project: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(plain.projects).toBeUndefined();
    const named = await cliJson<Doc & { projects: { id: string; name: string; path?: string }[] }>(['export', 'json', '--all', '--with-projects'], env, s.project);
    expect(named.projects).toEqual([{ id: plain.instincts[0]!['project'], name: 'project' }]);
    expect(validate(named), JSON.stringify(validate.errors)).toBe(true);
    writeFileSync(join(s.data, 'config.json'), '{"recordProjectPaths": true}\n');
    await cliJson(['observe', 'pref:db=sqlite'], env, s.project);
    const withPath = await cliJson<{ projects: { path?: string }[] }>(['export', 'json', '--all', '--with-projects'], env, s.project);
    expect(withPath.projects[0]!.path).toBe(s.project);
  });
});
