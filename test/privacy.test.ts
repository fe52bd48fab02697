import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, listFiles, readObservations, runHook, sandbox } from './helpers.js';

// Secrets planted in every part of a payload that homunculus must never write down.
const SECRETS = {
  envToken: 'ghp_EnvAssignSecret0123456789abcdefABCD',
  gitUrl: 'gitPassw0rdSecret',
  postgres: 'pgS3cretPassword',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.bearerSecretPayload.sig',
  mysql: 'MysqlSecretPw99',
  openai: 'sk-proj-AbCdEf0123456789SecretKeyXyZ',
  aws: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYSECRETKEY',
  jsonPassword: 'hunter2-json-password',
  response: 'response-leak-SECRET-value',
  error: 'error-leak-SECRET-value',
  filePath: '/home/dev/clients/acme-secret-project/keys.txt',
};

const base = fixture('post-tool-use-bash.json');
const failure = fixture('post-tool-use-failure-bash.json');
const payloads: unknown[] = [
  { ...base, tool_input: { command: `GITHUB_TOKEN=${SECRETS.envToken} npm publish` } },
  { ...base, tool_input: { command: `git clone https://deploy:${SECRETS.gitUrl}@github.com/acme/shop.git` } },
  { ...base, tool_input: { command: `psql postgres://admin:${SECRETS.postgres}@db.internal:5432/app -c 'select 1'` } },
  { ...base, tool_input: { command: `curl -H "Authorization: Bearer ${SECRETS.bearer}" https://api.acme.dev` } },
  { ...base, tool_input: { command: `mysql -uroot -p${SECRETS.mysql} shop` } },
  { ...base, tool_input: { command: `${SECRETS.openai}` } },
  { ...base, tool_input: { command: `npm ${SECRETS.openai}` } },
  { ...base, tool_input: { command: `AWS_SECRET_ACCESS_KEY=${SECRETS.aws} aws s3 ls` } },
  { ...base, tool_name: 'Write', tool_input: { file_path: SECRETS.filePath, content: JSON.stringify({ password: SECRETS.jsonPassword }) } },
  { ...base, tool_response: { stdout: `token=${SECRETS.response}`, stderr: '', interrupted: false, isImage: false } },
  { ...failure, error: `Exit code 1\nfatal: Authentication failed for ${SECRETS.error}` },
  { ...base, tool_name: `Bash ${SECRETS.openai}` },
];

describe('privacy', () => {
  it('no secret from any payload reaches any file in the data home', async () => {
    const box = sandbox();
    mkdirSync(box.home, { recursive: true });
    for (const p of payloads) {
      const r = await runHook(JSON.stringify(p), { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: '2026-03-04T10:00:00Z' });
      expect(r.exitCode).toBe(0);
    }
    // The hook did record the calls it could (and only tokens).
    const records = readObservations(box.data);
    expect(records.length).toBeGreaterThanOrEqual(payloads.length - 2);
    expect(records.map((r) => r['detail'] ?? null)).toContain('npm publish');
    const all = listFiles(box.data).map((f) => readFileSync(join(box.data, f), 'utf8')).join('\n');
    const fragments = Object.values(SECRETS).flatMap((s) => [s, ...s.split(/[/:.@]/).filter((p) => p.length >= 8)]);
    for (const fragment of fragments) expect(all, `found ${fragment}`).not.toContain(fragment);
    expect(all).not.toMatch(/password|Bearer|Authorization|postgres:|https?:/i);
  }, 60_000);
});
