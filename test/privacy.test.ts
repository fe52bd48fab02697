import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, listFiles, readObservations, runCli, runHook, sandbox } from './helpers.js';

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
    for (const [i, p] of payloads.entries()) {
      // Each its own call (one tool-use id again would be the same call, recorded once).
      const r = await runHook(JSON.stringify({ ...(p as object), tool_use_id: `toolu_privacy_${i}` }), { HOME: box.home, HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: '2026-03-04T10:00:00Z' });
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

// Option values of real CLIs, planted where a naive reader takes the first non-option word for the
// subcommand. Each `plantedNN` (and each OTP) is a plain word that would pass every token check:
// only the command table keeps it out. The expected detail is the program and subcommand, or the
// program alone where an option is unknown (its value could be the next word).
const OTP1 = '604931';
const OTP2 = '271828';
const CLI_TABLE: [string, string][] = [
  ['kubectl --token planted01 get pods', 'kubectl get'],
  ['kubectl --token=planted02 get pods', 'kubectl get'],
  ['kubectl -n planted03 get pods', 'kubectl get'],
  ['kubectl -nplanted04 get pods', 'kubectl get'],
  ['oc --token planted05 whoami', 'oc whoami'],
  [`npm --otp ${OTP1} publish`, 'npm publish'],
  ['npm --registry https://planted07.example.com publish', 'npm publish'],
  ['gcloud --account planted08@example.com compute instances list', 'gcloud compute'],
  ['gcloud --project=planted09 builds submit', 'gcloud builds'],
  ['docker -H tcp://planted10:2376 ps', 'docker ps'],
  ['docker --config /home/planted11/.docker login', 'docker login'],
  ['git -c credential.helper=planted12 push', 'git push'],
  ['git -C /srv/planted13 status', 'git status'],
  ['helm --kube-token planted14 list', 'helm list'],
  ['aws --profile planted15 s3 ls', 'aws s3'],
  ['az --subscription planted16 vm list', 'az vm'],
  ['make -f planted17.mk -j4 build', 'make build'],
  ['cargo --config planted18 build', 'cargo build'],
  ['pnpm --filter planted19 test', 'pnpm test'],
  ['yarn --cwd /srv/planted20 build', 'yarn build'],
  ['svn --username bob --password planted21 checkout https://svn.example.com/repo', 'svn checkout'],
  ['turbo --token planted22 run build', 'turbo run'],
  ['vercel --token planted23 deploy', 'vercel deploy'],
  ['firebase --token planted24 deploy', 'firebase deploy'],
  ['mvn -Dtoken=planted25 -s settings.xml deploy', 'mvn deploy'],
  ['gradle -Ppassword=planted26 publish', 'gradle publish'],
  ['terraform -chdir=planted27 apply', 'terraform apply'],
  ['pip --proxy http://user:planted28@proxy:3128 install requests', 'pip install'],
  ['systemctl -H planted29 restart nginx', 'systemctl restart'],
  ['doctl -t planted30 compute droplet list', 'doctl compute'],
  ['fly -t planted31 deploy', 'fly deploy'],
  ['tar -xzvf planted32.tgz', 'tar'],
  ['head -n5 planted33.txt', 'head'],
  ['kubectl --mystery planted34 get pods', 'kubectl'],
  ['docker -Zx planted35 ps', 'docker'],
  ['env -u planted36 FOO=planted37 npm publish', 'npm publish'],
  ['sudo -u planted38 psql', 'psql'],
  ['timeout -s KILL 5m kubectl --token planted39 apply -f x.yaml', 'kubectl apply'],
  [`cd /srv/planted40 && npm --otp ${OTP2} publish`, 'npm publish'],
  ['bash -c "kubectl --as planted41 get nodes"', 'kubectl get'],
  ['mysql -u root -pplanted42 shop', 'mysql'],
  ['curl -u admin:planted43 https://api.example.com', 'curl'],
  ['hg --config auth.x.password=planted44 pull', 'hg pull'],
  ['uv --directory /srv/planted45 run pytest', 'pytest'],
  ['docker-compose -p planted47 up', 'docker-compose up'],
  ['pulumi --cwd planted48 up', 'pulumi up'],
  ['gh --planted49 pr list', 'gh'],
  // A package runner of a repository, a URL or a tarball: the runner alone (issue 38, 7).
  ['npx github:planted50/planted51-cli deploy', 'npx'],
  ['pnpm dlx git+https://git.example.com/planted52.git', 'pnpm dlx'],
  ['bunx https://x.example.com/planted53-1.0.tgz', 'bunx'],
];
const PLANTED = [OTP1, OTP2, ...CLI_TABLE.flatMap(([c]) => [...c.matchAll(/planted[0-9]{2}/g)].map((m) => m[0]))];

function assertNoPlantedValue(dirs: string[]) {
  const all = dirs.flatMap((d) => listFiles(d).map((f) => readFileSync(`${d}/${f}`, 'utf8'))).join('\n');
  expect(all.length).toBeGreaterThan(0);
  for (const secret of PLANTED) expect(all, `found ${secret}`).not.toContain(secret);
}

describe('privacy: option values of real CLIs never become the detail', () => {
  it(`the hook records the table of ${CLI_TABLE.length} commands as program and subcommand only`, async () => {
    expect(new Set(CLI_TABLE.map(([c]) => c.split(' ')[0])).size).toBeGreaterThanOrEqual(20);
    const box = sandbox();
    const base = fixture('post-tool-use-bash.json');
    for (const [i, [command]] of CLI_TABLE.entries()) {
      const r = await runHook(JSON.stringify({ ...base, tool_use_id: `toolu_cli${i}`, tool_input: { command } }), { HOMUNCULUS_HOME: box.data, HOMUNCULUS_NOW: '2026-05-04T10:00:00Z' });
      expect(r.exitCode, `${command}: exit ${String(r.exitCode)}, signal ${String(r.signal)}, stderr ${String(r.stderr)}`).toBe(0);
    }
    expect(readObservations(box.data).map((r) => r['detail'])).toEqual(CLI_TABLE.map(([, d]) => d));
    assertNoPlantedValue([box.data]);
  }, 120_000);

  it('import-transcripts records the same, and analysis and promotion with chainDetail spread nothing', async () => {
    const box = sandbox();
    mkdirSync(join(box.root, 't'), { recursive: true });
    mkdirSync(box.data, { recursive: true });
    writeFileSync(join(box.data, 'config.json'), JSON.stringify({ chainDetail: true }));
    // Three sessions on three days, each running the whole table (some calls failing), so chains
    // of Bash(<detail>) recur often enough to become instincts and rules.
    const expected = new Map<string, string>();
    for (let s = 0; s < 3; s++) {
      const session = `privacy-session-${s}`;
      const lines: string[] = [];
      let t = Date.UTC(2026, 4, 1 + s, 9, 0, 0);
      const stamp = () => new Date((t += 1000)).toISOString();
      for (const [i, [command, detail]] of CLI_TABLE.entries()) {
        const id = `toolu_s${s}c${i}`;
        expected.set(id, detail);
        lines.push(JSON.stringify({ type: 'assistant', sessionId: session, cwd: '/srv/app', version: '2.1.90', timestamp: stamp(), uuid: `a${s}-${i}`, message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'run it' } }] } }));
        lines.push(JSON.stringify({ type: 'user', sessionId: session, cwd: '/srv/app', version: '2.1.90', timestamp: stamp(), uuid: `u${s}-${i}`, message: { content: [{ type: 'tool_result', tool_use_id: id, content: i % 5 === 0 ? 'Exit code 1' : 'ok', is_error: i % 5 === 0 }] } }));
      }
      writeFileSync(join(box.root, 't', `${session}.jsonl`), `${lines.join('\n')}\n`);
    }
    const imported = await runCli(['import-transcripts', join(box.root, 't'), '--home', box.data, '--since', '2020-01-01', '--now', '2026-05-04T00:00:00Z', '--json'], {});
    expect(imported.exitCode, imported.stderr as string).toBe(0);
    const records = readObservations(box.data);
    expect(records).toHaveLength(expected.size);
    for (const r of records) expect(r['detail']).toBe(expected.get(r['id'] as string));
    const rules = join(box.root, 'rules.md');
    const env = { HOMUNCULUS_RULES_FILE: rules };
    expect((await runCli(['analyze', '--home', box.data, '--now', '2026-05-04T00:00:00Z'], env)).exitCode).toBe(0);
    expect((await runCli(['bye', '--home', box.data, '--now', '2026-05-04T00:00:00Z'], env)).exitCode).toBe(0);
    // The analysis did learn detailed chains: the guarantee is tested where it could have failed.
    expect(listFiles(join(box.data, 'instincts')).some((f) => /bash-|^cmd-/i.test(f))).toBe(true);
    expect(existsSync(rules)).toBe(true);
    assertNoPlantedValue([box.data]);
    const ruleText = readFileSync(rules, 'utf8');
    for (const secret of PLANTED) expect(ruleText, `found ${secret}`).not.toContain(secret);
  }, 120_000);
});
