import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../lib/config.js';
import { listFiles, readObservations, ROOT, runCli, runHook, sandbox } from './helpers.js';
import { hookErrors, PAST, runStop, sessionLines } from './history-helpers.js';

/** loadConfig's error for a data home holding `text` as config.json (lib/config.ts, in process). */
function configError(data: string, env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    loadConfig(data, env, ROOT);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('loadConfig accepted the configuration');
}

function dataWith(text: string): string {
  const { data } = sandbox();
  mkdirSync(data, { recursive: true });
  writeFileSync(join(data, 'config.json'), text);
  return data;
}

describe('loadConfig (lib/config.ts): invalid values are refused, naming key, value and what is allowed', () => {
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
  ])('%s', (_name, json, message) => {
    const data = dataWith(json);
    const e = configError(data);
    expect(e.message).toContain(message);
    expect(e.message).toContain(join(data, 'config.json'));
    expect(listFiles(data)).toEqual(['config.json']);
  });

  // Issue 38, item 12: a config.json saved with a byte order mark (as Notepad saves it) was refused.
  it.each([
    ['config.json with a BOM', '\ufeff{"minSessions": 3}\n', false],
    ['config.json with a BOM and CRLF', '\ufeff{\r\n  "minSessions": 3\r\n}\r\n', false],
    ['HOMUNCULUS_CONFIG with a BOM', '\ufeff{"minSessions": 3}', true],
  ])('%s is read', (_name, text, viaEnv) => {
    const { root, data } = sandbox();
    mkdirSync(data, { recursive: true });
    const file = viaEnv ? join(root, 'c.json') : join(data, 'config.json');
    writeFileSync(file, text);
    const { config, sources } = loadConfig(data, viaEnv ? { HOMUNCULUS_CONFIG: file } : {}, ROOT);
    expect(config.minSessions).toBe(3);
    expect(sources['minSessions']).toBe(file);
  });

  it('a BOM anywhere but at the start is still not JSON', () => {
    expect(configError(dataWith('{"minSessions": \ufeff3}')).message).toContain('expected JSON');
  });

  it('HOMUNCULUS_CONFIG names the file; a missing one is an error', () => {
    const { root, data } = sandbox();
    expect(configError(data, { HOMUNCULUS_CONFIG: join(root, 'none.json') }).message).toContain(`cannot read ${join(root, 'none.json')}`);
    writeFileSync(join(root, 'c.json'), '{"minSessions": 3}');
    const { config, sources } = loadConfig(data, { HOMUNCULUS_CONFIG: join(root, 'c.json') }, ROOT);
    expect(config.minSessions).toBe(3);
    expect(sources['minSessions']).toBe(join(root, 'c.json'));
    expect(sources['halfLifeDays']).toBe(join(ROOT, 'config', 'decay-config.json'));
    expect(existsSync(data)).toBe(false);
  });
  // Day counts are subtracted from `now`: a value past these bounds would make every date invalid (RangeError).
  it.each([
    ['retentionDays', 1e9, 'a number of days from 0 to 36500'],
    ['archivePruneDays', 1e300, 'a number of days from 0 to 36500'],
    ['halfLifeDays', 5e-324, 'a number of days from 0.001 to 36500'],
    ['halfLifeDays', 1e9, 'a number of days from 0.001 to 36500'],
    ['windowDays', 1e9, 'a whole number of days from 1 to 365'],
  ])('a range that keeps every date valid: %s %s is refused', (key, value, allowed) => {
    expect(configError(dataWith(JSON.stringify({ [key]: value }))).message).toContain(`"${key}" must be ${allowed}, found ${JSON.stringify(value)}`);
  });

  it('the largest allowed values are taken', () => {
    const { config } = loadConfig(dataWith(JSON.stringify({ retentionDays: 36500, archivePruneDays: 36500, halfLifeDays: 36500, windowDays: 365 })), {}, ROOT);
    expect(config).toMatchObject({ retentionDays: 36500, archivePruneDays: 36500, halfLifeDays: 36500, windowDays: 365 });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('%s (a member of Object.prototype) is an unknown key', (key) => {
    expect(configError(dataWith(`{"${key}": 1}`)).message).toContain(`unknown key "${key}" (value 1); known keys: windowDays`);
  });
});

describe('configuration through the faces: the CLI and the observe hook', () => {
  // The wiring: every command that reads the configuration stops on it with exit 2, before any write.
  it.each([
    ['a value out of range', '{"windowDays": 2.5}', '"windowDays" must be a whole number of days from 1 to 365, found 2.5 (number)'],
    ['a cross-check', '{"retentionDays": 3}', '"retentionDays" (3) must be at least "windowDays" (7)'],
    ['not JSON', '{windowDays: 7}', 'expected JSON'],
  ])('analyze, bye and config refuse %s with exit 2, the message and the file, and write nothing', async (_name, json, message) => {
    const data = dataWith(json);
    const runs = await Promise.all([
      runCli(['analyze', '--home', data, '--now', '2026-11-08T00:00:00Z'], {}),
      runCli(['bye', '--home', data, '--now', '2026-11-08T00:00:00Z'], {}),
      runCli(['config', '--home', data], {}),
    ]);
    for (const r of runs) {
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain(join(data, 'config.json'));
    }
    expect(listFiles(data)).toEqual(['config.json']);
  });

  it('config --json reads HOMUNCULUS_CONFIG (a BOM allowed) and says where each value came from; a missing one exits 2', async () => {
    const { root, data } = sandbox();
    writeFileSync(join(root, 'c.json'), '\ufeff{"minSessions": 3}');
    const [missing, ok] = await Promise.all([
      runCli(['config', '--home', data], { HOMUNCULUS_CONFIG: join(root, 'none.json') }),
      runCli(['config', '--home', data, '--json'], { HOMUNCULUS_CONFIG: join(root, 'c.json') }),
    ]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(`cannot read ${join(root, 'none.json')}`);
    expect(ok.exitCode, ok.stderr as string).toBe(0);
    const out = JSON.parse(ok.stdout as string);
    expect(out.config.minSessions).toBe(3);
    expect(out.sources.minSessions).toBe(join(root, 'c.json'));
    expect(out.sources.halfLifeDays).toBe(join(ROOT, 'config', 'decay-config.json'));
    expect(existsSync(data)).toBe(false);
  });

  // The Stop hook, analyze and bye on a range that would make dates invalid: refused, logged, nothing written.
  it.each([
    ['retentionDays', 1e9, 'a number of days from 0 to 36500'],
    ['halfLifeDays', 5e-324, 'a number of days from 0.001 to 36500'],
  ])('%s: %s is refused (exit 2) by the CLI and logged by the Stop hook', async (key, value, allowed) => {
    const { root, data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
    writeFileSync(join(data, 'config.json'), JSON.stringify({ [key]: value }));
    const env = { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md') };
    const [analyze, bye, stop] = await Promise.all([runCli(['analyze', '--now', PAST], env), runCli(['bye', '--now', PAST], env), runStop({ ...env, HOMUNCULUS_NOW: PAST })]);
    for (const r of [analyze, bye]) {
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`"${key}" must be ${allowed}, found ${JSON.stringify(value)}`);
      expect(r.stderr).not.toContain('RangeError');
    }
    expect(stop.exitCode).toBe(0);
    expect(hookErrors(data)).toContain(`"${key}" must be ${allowed}`);
    expect(listFiles(data)).toEqual(['config.json', 'hook-errors.log', 'observations/2026-11-08.jsonl']);
  });

  it('bye runs with the largest allowed values', async () => {
    const { root, data } = sandbox();
    mkdirSync(join(data, 'observations'), { recursive: true });
    writeFileSync(join(data, 'observations', '2026-11-08.jsonl'), `${sessionLines('2026-11-08T09:00:00Z', ['s1', 's2', 's3'], 8).join('\n')}\n`);
    writeFileSync(join(data, 'config.json'), JSON.stringify({ retentionDays: 36500, archivePruneDays: 36500, halfLifeDays: 36500, windowDays: 365 }));
    const r = await runCli(['bye', '--now', PAST], { HOMUNCULUS_HOME: data, HOMUNCULUS_RULES_FILE: join(root, 'rules.md') });
    expect(r.exitCode, r.stderr as string).toBe(0);
  });

  it('the observe hook reads commandWords from a config.json with a BOM', async () => {
    const { data, project } = sandbox();
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'config.json'), '\ufeff{"commandWords": "deploy-staging"}');
    const payload = { session_id: 's1', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm run deploy-staging' }, tool_response: {}, tool_use_id: 'toolu_1', cwd: project };
    expect((await runHook(JSON.stringify(payload), { HOMUNCULUS_HOME: data, HOMUNCULUS_NOW: '2026-11-08T10:00:00Z' })).exitCode).toBe(0);
    expect(readObservations(data).map((o) => o['detail'])).toEqual(['npm run deploy-staging']);
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
