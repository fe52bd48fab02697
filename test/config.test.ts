import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, readObservations, ROOT, runCli, runHook, sandbox } from './helpers.js';

describe('configuration: invalid values are refused, naming key, value and what is allowed', () => {
  it.each([
    ['an unknown key', '{"windowDayz": 7}', 'unknown key "windowDayz" (value 7); known keys: windowDays'],
    ['a wrong type', '{"windowDays": "7"}', '"windowDays" must be a whole number of days from 1 to 365, found "7" (string)'],
    ['a fraction of a day window', '{"windowDays": 2.5}', '"windowDays" must be a whole number of days from 1 to 365, found 2.5 (number)'],
    ['promoteAt at or below minConfidence', '{"promoteAt": 0.4}', '"promoteAt" (0.4) must be above "minConfidence" (0.5)'],
    ['a negative number of days', '{"retentionDays": -1}', '"retentionDays" must be a number of days from 0 to 36500, found -1'],
    ['retention shorter than the window', '{"retentionDays": 3}', '"retentionDays" (3) must be at least "windowDays" (7)'],
    ['a half-life of 0', '{"halfLifeDays": 0}', '"halfLifeDays" must be a number of days from 0.001 to 36500, found 0'],
    ['a confidence above 1', '{"maxConfidence": 1.5}', '"maxConfidence" must be a number above 0, at most 1, found 1.5'],
    ['demoteBelow above promoteAt', '{"demoteBelow": 0.95}', '"demoteBelow" (0.95) must be below "promoteAt" (0.9)'],
    ['a string for a boolean', '{"chainDetail": "yes"}', '"chainDetail" must be true or false, found "yes" (string)'],
    ['a saturation point of 0', '{"saturateAt": 0}', '"saturateAt" must be a number above 0, at most 1, found 0'],
    ['a negative lift', '{"minLift": -1}', '"minLift" must be a number, 0 or more, found -1'],
    ['a retry lift as text', '{"minRetryLift": "3"}', '"minRetryLift" must be a number, 0 or more, found "3" (string)'],
    ['a session share above 1', '{"keepRuleSessionShare": 1.5}', '"keepRuleSessionShare" must be a number above 0, at most 1, found 1.5'],
    ['no opportunities', '{"effectMinOpportunities": 0}', '"effectMinOpportunities" must be a whole number, at least 1, found 0'],
    ['a change above 1', '{"effectMinChange": 2}', '"effectMinChange" must be a number from 0 to 1, found 2'],
    ['an array', '[]', 'expected a JSON object of settings, found []'],
    ['not JSON', '{windowDays: 7}', 'expected JSON'],
  ])('%s', async (_name, json, message) => {
    const { data } = sandbox();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'config.json'), json);
    for (const cmd of ['analyze', 'bye', 'config']) {
      const r = await runCli([cmd, '--home', data, '--now', '2026-11-08T00:00:00Z'].slice(0, cmd === 'config' ? 3 : 5), {});
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain(join(data, 'config.json'));
    }
    expect(listFiles(data)).toEqual(['config.json']);
  });

  // Issue 38, item 12: a config.json saved with a byte order mark (as Notepad saves it) was refused.
  it.each([
    ['config.json with a BOM', '\ufeff{"minSessions": 3}\n', false],
    ['config.json with a BOM and CRLF', '\ufeff{\r\n  "minSessions": 3\r\n}\r\n', false],
    ['HOMUNCULUS_CONFIG with a BOM', '\ufeff{"minSessions": 3}', true],
  ])('%s is read', async (_name, text, viaEnv) => {
    const { root, data } = sandbox();
    mkdirSync(data, { recursive: true });
    const file = viaEnv ? join(root, 'c.json') : join(data, 'config.json');
    writeFileSync(file, text);
    const r = await runCli(['config', '--home', data, '--json'], viaEnv ? { HOMUNCULUS_CONFIG: file } : {});
    expect(r.exitCode, r.stderr as string).toBe(0);
    const out = JSON.parse(r.stdout as string);
    expect(out.config.minSessions).toBe(3);
    expect(out.sources.minSessions).toBe(file);
  });

  it('the observe hook reads commandWords from a config.json with a BOM', async () => {
    const { data, project } = sandbox();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'config.json'), '\ufeff{"commandWords": "deploy-staging"}');
    const payload = { session_id: 's1', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm run deploy-staging' }, tool_response: {}, tool_use_id: 'toolu_1', cwd: project };
    expect((await runHook(JSON.stringify(payload), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T10:00:00Z' })).exitCode).toBe(0);
    expect(readObservations(data).map((o) => o['detail'])).toEqual(['npm run deploy-staging']);
  });

  it('a BOM anywhere but at the start is still not JSON', async () => {
    const { data } = sandbox();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'config.json'), '{"minSessions": \ufeff3}');
    const r = await runCli(['config', '--home', data], {});
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('expected JSON');
  });

  it('HOMUNCULUS_CONFIG names the file; a missing one is an error', async () => {
    const { root, data } = sandbox();
    const r = await runCli(['config', '--home', data], { HOMUNCULUS_CONFIG: join(root, 'none.json') });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`cannot read ${join(root, 'none.json')}`);
    writeFileSync(join(root, 'c.json'), '{"minSessions": 3}');
    const ok = await runCli(['config', '--home', data, '--json'], { HOMUNCULUS_CONFIG: join(root, 'c.json') });
    const out = JSON.parse(ok.stdout as string);
    expect(out.config.minSessions).toBe(3);
    expect(out.sources.minSessions).toBe(join(root, 'c.json'));
    expect(out.sources.halfLifeDays).toBe(join(ROOT, 'config', 'decay-config.json'));
    expect(existsSync(data)).toBe(false);
  });
});

describe('README', () => {
  it('states the scoring formula and the two quickstart commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    // The formula is in docs/how-it-learns.md, which the README links.
    expect(readFileSync(join(ROOT, 'docs', 'how-it-learns.md'), 'utf8')).toContain('confidence = min(maxConfidence, frequency × consistency × recency)');
    expect(readme).toContain('(docs/how-it-learns.md)');
    expect(readme).toContain('npm install && npx homunculus demo');
    expect(readme).toMatch(/^npm test /m);
  });
});

describe('docs/configuration.md table', () => {
  it('lists every parameter with the default config/ holds', () => {
    const defaults = {
      ...JSON.parse(readFileSync(join(ROOT, 'config', 'defaults.json'), 'utf8')),
      ...JSON.parse(readFileSync(join(ROOT, 'config', 'decay-config.json'), 'utf8')),
    };
    const doc = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([A-Za-z]+)` \| `([^`]+)` \|/gm)].map((m) => [m[1], JSON.parse(m[2]!)]);
    expect(Object.fromEntries(rows)).toEqual(defaults);
  });
});
