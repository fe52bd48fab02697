import { describe, expect, it } from 'vitest';
import { bashDetail } from '../observer/bash-detail.js';
import { shellTokens } from '../observer/shell-words.js';

describe('bashDetail: program and subcommand', () => {
  it.each([
    ['npm test -- --run src/cart.test.ts', 'npm test'],
    ['npm run build', 'npm run build'],
    ['git commit -m "fix: cart"', 'git commit'],
    ['git -C /some/dir status', 'git status'],
    ['pytest -x tests/', 'pytest'],
    ['/usr/local/bin/pytest -q', 'pytest'],
    ['FOO=1 BAR=2 npm test', 'npm test'],
    ['sudo -u postgres psql -c "select 1"', 'psql'],
    ['env -i PATH=/bin make test', 'make test'],
    ['time cargo build --release', 'cargo build'],
    ['nice -n 10 go test ./...', 'go test'],
    ['ls -la | head', 'ls'],
    ['docker --context prod ps', 'docker ps'],
    ['kubectl -n kube-system get pods', 'kubectl get'],
    ['grep -rn qty src', 'grep'],
    ['yarn', 'yarn'],
    ['gh pr create --fill', 'gh pr'],
    ['docker compose up -d', 'docker compose'],
    ['rails db:migrate', 'rails db:migrate'],
    ['./gradlew --no-daemon build', 'gradlew build'],
    // Runtimes whose first operand may be a file: only their subcommands are recorded.
    ['bun customer-acme-export.ts', 'bun'],
    ['bun src/customer-acme.ts', 'bun'],
    ['bun run dev', 'bun run dev'],
    ['bun test', 'bun test'],
    ['deno customer-acme.ts', 'deno'],
    ['deno run -A server.ts', 'deno run'],
    ['dotnet acme.dll', 'dotnet'],
    ['dotnet test', 'dotnet test'],
    ['swift acme.swift', 'swift'],
    ['swift build', 'swift build'],
  ])('%s -> %s', (command, expected) => {
    expect(bashDetail(command)).toBe(expected);
  });
});

// The privacy rule: the subcommand is the first word after the program that is not an option and
// does not follow an option that takes a value; when that is not certain, the program alone.
describe('bashDetail: option values are never taken for the subcommand', () => {
  it.each([
    // --opt value
    ['kubectl --token s3cretTok get pods', 'kubectl get'],
    ['npm --otp 604931 publish', 'npm publish'],
    ['gcloud --account dev@example.com compute instances list', 'gcloud compute'],
    ['helm --kube-token s3cretTok list', 'helm list'],
    ['aws --profile prod-admin s3 ls', 'aws s3'],
    ['svn --username bob --password s3cretPw checkout https://svn.example.com/x', 'svn checkout'],
    ['turbo --token s3cretTok run build', 'turbo run'],
    ['git --git-dir /srv/repo.git log', 'git log'],
    // --opt=value (always safe to step over, known or not)
    ['kubectl --token=s3cretTok get pods', 'kubectl get'],
    ['gcloud --project=secret-proj builds submit', 'gcloud builds'],
    ['docker --tlscacert=/k/ca.pem ps', 'docker ps'],
    ['npm --some-future-option=x publish', 'npm publish'],
    // -o value
    ['kubectl -n secret-ns get pods', 'kubectl get'],
    ['docker -H tcp://10.0.0.1:2376 ps', 'docker ps'],
    ['doctl -t s3cretTok compute droplet list', 'doctl compute'],
    ['make -f Secret.mk build', 'make build'],
    ['git -c user.password=s3cret push', 'git push'],
    // attached short values: -n5, -nVALUE, -v=6, -Dkey=value
    ['kubectl -nsecret-ns get pods', 'kubectl get'],
    ['kubectl -v=6 get pods', 'kubectl get'],
    ['kubectl -v6 get pods', 'kubectl get'],
    ['make -j4 -C build install', 'make install'],
    ['mvn -Dpassword=s3cret -pl core deploy', 'mvn deploy'],
    ['gradle -Ppassword=s3cret publish', 'gradle publish'],
    ['terraform -chdir=infra/prod apply', 'terraform apply'],
    // combined short flags
    ['tar -xvf secret.tar', 'tar'],
    ['git -pC /x status', 'git status'],
    ['cargo -vq build', 'cargo build'],
    ['make -kj 8 all', 'make all'],
    ['make -j test', 'make test'],
    // flags that take no value, toolchains, settings
    ['git --no-pager log', 'git log'],
    ['npm --no-audit --no-fund ci', 'npm ci'],
    ['cargo +nightly build', 'cargo build'],
    ['make CC=clang V=1 all', 'make all'],
    ['just --set TOKEN s3cret deploy', 'just deploy'],
    // unsure: an option the table does not know could take the next word as its value
    ['kubectl --mystery s3cretTok get pods', 'kubectl'],
    ['npm --mystery s3cretTok publish', 'npm'],
    ['docker -Zq s3cretTok ps', 'docker'],
    ['git --unknown s3cretTok push', 'git'],
    ['gcloud -x s3cretTok compute', 'gcloud'],
    // a value option at the end, `--`, and `-`
    ['kubectl --token', 'kubectl'],
    ['git -- status', 'git'],
    ['vitest cart', 'vitest'],
    ['vitest run cart', 'vitest run'],
  ])('%s -> %s', (command, expected) => {
    expect(bashDetail(command)).toBe(expected);
  });
});

describe('bashDetail: compound commands name the command that does the work', () => {
  it.each([
    ['cd app && npm test', 'npm test'],
    ['cd "my app" && npm test', 'npm test'],
    ['sleep 2; go test ./...', 'go test'],
    ['timeout 60 pytest -x', 'pytest'],
    ['timeout -s KILL 5m go test', 'go test'],
    ['timeout --kill-after=5 30s make check', 'make check'],
    ['git add . && git commit -m x', 'git add'],
    ['pushd web >/dev/null && pnpm build; popd', 'pnpm build'],
    ['export NODE_ENV=test; source .env && npm run test:unit', 'npm run'],
    ['. venv/bin/activate && python -m pytest -q', 'pytest'],
    ['echo "building; please wait" && make', 'make'],
    ["echo 'a && b' ; cargo test", 'cargo test'],
    ['echo a\\;b && cargo test', 'cargo test'],
    ['true && false || npm ci', 'npm ci'],
    ['set -euo pipefail\nnpm ci\nnpm test', 'npm ci'],
    ['# run the tests\nnpm test', 'npm test'],
    ['echo start # ; secret-word\nnpm test', 'npm test'],
    ['nohup npm run dev > dev.log 2>&1 &', 'npm run dev'],
    ['npm test 2>&1 | tee test.log', 'npm test'],
    ['cat package.json | jq .scripts', 'cat'],
    ['echo \'{"a":1}\' | jq .a', 'jq'],
    ['find . -name "*.ts" | xargs grep -l TODO', 'find'],
    ['echo a b | xargs -n1 -I{} npm view {}', 'npm view'],
    ['(cd packages/core && cargo build)', 'cargo build'],
    ['{ cd x; make; }', 'make'],
    ['if [ -f package.json ]; then npm install; fi', 'npm install'],
    ['if [[ -n "$CI" && -f x ]]; then yarn test; fi', 'yarn test'],
    ['test -d node_modules || npm ci', 'npm ci'],
    ['for f in a b; do eslint "$f"; done', 'eslint'],
    ['while true; do curl -s localhost:3000 && break; sleep 1; done', 'curl'],
    ['! grep -q x file', 'grep'],
    ['which python3 && python3 -m pip install -e .', 'pip install'],
    ['FOO=1 sudo -u bob env BAR=2 nice -n 5 timeout 10 npx -y jest --ci', 'jest'],
    ['stdbuf -oL -e0 python3 train.py', 'python3'],
    ['time -p make', 'make'],
    ['npx vitest run', 'vitest run'],
    ['npx -y create-next-app@latest my-app', 'create-next-app'],
    ['npx --package=@angular/cli ng new app', 'ng new'],
    ['bunx --bun vite build', 'vite'],
    ['pnpm dlx @biomejs/biome@1.9 check .', 'biome'],
    ['pnpm exec tsc --noEmit', 'tsc'],
    ['uv run pytest -x', 'pytest'],
    ['uv run --with rich python -m http.server', 'http.server'],
    ['uvx ruff==0.6.0 check', 'ruff'],
    ['poetry run python manage.py test', 'python'],
    ['bundle exec rspec spec/models', 'rspec'],
    ['npm exec -- eslint .', 'eslint'],
    ['bash -c "cd web && npm test"', 'npm test'],
    ["sh -ec 'kubectl --token s3cretTok apply -f x.yaml'", 'kubectl apply'],
    ['bash scripts/deploy.sh', 'bash'],
    ['git commit -m "$(cat <<\'EOF\'\nfix: it\'s ) done\nEOF\n)"', 'git commit'],
    ['cat > notes.txt <<EOF\nsecret-line && rm -rf x\nEOF\nnpm test', 'cat'],
    ['echo <<EOF\n) secret ; more\nEOF\nnpm test', 'npm test'],
    ['echo "$(date; whoami)" && make', 'make'],
    ['echo `date` && make', 'make'],
    ['echo ${HOME} && make', 'make'],
    ['diff <(sort a) <(sort b)', 'diff'],
    ['cd /tmp', 'cd'],
    ['sleep 5', 'sleep'],
    ['echo hello', 'echo'],
    ['FOO=1', undefined],
    ['IP=$(kubectl get svc x) && echo "$IP"', 'echo'],
    ['uv run', 'uv run'],
    ['uv run --mystery x pytest', 'uv run'],
    ['timeout --mystery 5 pytest', 'timeout'],
    ['sudo -e /etc/hosts', 'sudo'],
    ['command -v npm', 'command'],
    ['case $x in a) npm test;; esac', undefined],
  ])('%j -> %s', (command, expected) => {
    expect(bashDetail(command)).toBe(expected);
  });
});

describe('bashDetail: nothing that is not a plain, safe token', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['sk-proj-abcdefghijklmnopqrstuvwxyz0123456789', 'an API key as the program'],
    ['ghp_16C7e42F292c6912E7710c838347Ae178B4a --help', 'a GitHub token as the program'],
    ['git https://user:pw@github.com/x.git', 'a URL where the subcommand goes'],
    ['"quoted program" arg', 'quotes'],
    ['npm $(echo test)', 'a substitution'],
    ['npm "$SUB"', 'a variable'],
    ['$(which python) -m pytest', 'a substituted program'],
    ['a-very-long-program-name-that-exceeds-the-forty-char-limit', 'too long'],
    ['AKIAIOSFODNN7EXAMPLE', 'an AWS key id'],
    ['npm user:secret@host', 'user:password@host'],
    ['cd x && ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'a token after a no-op'],
  ])('%j -> nothing (%s)', (command) => {
    expect(bashDetail(command)).toBeUndefined();
  });

  it('reads a command line given to a shell twice at most', () => {
    expect(bashDetail(`bash -c "bash -c 'sh -c npm'"`)).toBe('sh');
  });

  it('ignores values that are not strings', () => {
    expect(bashDetail(undefined)).toBeUndefined();
    expect(bashDetail(42)).toBeUndefined();
  });

  it('survives nesting no one writes by hand', () => {
    expect(bashDetail(`${'$('.repeat(3000)}x`)).toBeUndefined();
    expect(bashDetail(`echo ${'"$('.repeat(3000)} && npm test`)).toBe('echo');
    expect(bashDetail(`${'a=('.repeat(3000)}`)).toBeUndefined();
    expect(bashDetail(`${'<('.repeat(3000)}`)).toBeUndefined();
    expect(bashDetail(`echo "$(echo "$(date)")" && npm test`)).toBe('npm test');
  });

  it('never returns anything but one or two safe words, on hostile input', () => {
    const parts = ['"', "'", '\\', '$(', ')', '`', '&&', '|', ';', '\n', '<<EOF', 'EOF', '{', '}', '[[', ']]', '-x', '--t', 's3cr3tWord', 'npm', 'cd', 'git', '=', '#', ' '];
    let seed = 7;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    for (let n = 0; n < 3000; n++) {
      const len = 1 + Math.floor(rand() * 12);
      const command = Array.from({ length: len }, () => parts[Math.floor(rand() * parts.length)]).join(rand() < 0.5 ? ' ' : '');
      const d = bashDetail(command);
      if (d === undefined) continue;
      expect(d, command).toMatch(/^[A-Za-z0-9._:+@-]{1,40}( [A-Za-z0-9._:+@-]{1,40})?$/);
    }
  });
});

describe('shellTokens', () => {
  it('keeps quoted separators inside words and drops redirections and here-documents', () => {
    const tokens = shellTokens('a "b;c" 2>&1 >out <<X && d\nbody; e\nX\nf');
    expect(tokens).toEqual([
      { kind: 'word', text: 'a', plain: true, assignment: false },
      { kind: 'word', text: 'b;c', plain: false, assignment: false },
      { kind: 'op', op: '&&' },
      { kind: 'word', text: 'd', plain: true, assignment: false },
      { kind: 'op', op: '\n' },
      { kind: 'word', text: 'f', plain: true, assignment: false },
    ]);
  });
});

describe('script, task and target names: a common one says what a command is for, never an arbitrary one', () => {
  it.each([
    ['npm run build', 'npm run build'],
    ['npm run --silent lint', 'npm run lint'],
    ['npm run deploy-acme-customer', 'npm run'],
    ['npm run test:unit', 'npm run'],
    ['pnpm run typecheck', 'pnpm run typecheck'],
    ['pnpm build', 'pnpm build'],
    ['pnpm acme-export', 'pnpm'],
    ['pnpm add lodash', 'pnpm add'],
    ['yarn build', 'yarn build'],
    ['yarn acme-export', 'yarn'],
    ['bun run acme.ts', 'bun run'],
    ['make', 'make'],
    ['make -j4 test', 'make test'],
    ['make release-acme', 'make'],
    ['just fmt', 'just fmt'],
    ['just acme', 'just'],
    ['mise run lint', 'mise run lint'],
    ['deno task dev', 'deno task dev'],
    ['npm run ghp_0123456789abcdefghij0123456789abcd', 'npm run'],
  ])('%s -> %s', (command, detail) => {
    expect(bashDetail(command)).toBe(detail);
  });

  it('a user\'s own names (commandWords) are recorded too, and only those', () => {
    const mine = new Set(['deploy-staging']);
    expect(bashDetail('npm run deploy-staging', mine)).toBe('npm run deploy-staging');
    expect(bashDetail('npm run deploy-prod', mine)).toBe('npm run');
    expect(bashDetail('make deploy-staging', mine)).toBe('make deploy-staging');
  });
});

describe('bashDetail: a file run by its path is the user\'s, and its name stays out', () => {
  it.each([
    ['./deploy-acme-prod.sh --force', 'local-script'],
    ['scripts/rotate-keys-customerx.py', 'local-script'],
    ['~/bin/backup-to-nas', 'local-script'],
    ['cd infra && ./provision-client42.sh', 'local-script'],
    // Programs the table knows, and programs installed where programs live, keep their names.
    ['./gradlew build', 'gradlew build'],
    ['./node_modules/.bin/vitest run', 'vitest run'],
    ['/usr/local/bin/pytest -q', 'pytest'],
    ['/opt/homebrew/bin/git status', 'git status'],
  ])('%j -> %j', (command, want) => {
    expect(bashDetail(command)).toBe(want);
  });
});

describe('bashDetail: a package runner of a repository, a URL, a path or a tarball is the runner alone', () => {
  it.each([
    ['npx github:acme/deploy-secrets', 'npx'],
    ['npx acme/deploy-secrets --prod', 'npx'],
    ['npx git+https://github.com/acme/internal-tool.git', 'npx'],
    ['npx git+ssh://git@github.com/acme/internal-tool.git', 'npx'],
    ['npx git@github.com:acme/internal-tool.git', 'npx'],
    ['npx https://example.com/acme-internal-1.0.tgz', 'npx'],
    ['npx ./vendor/acme-cli-2.1.0.tgz', 'npx'],
    ['npx acme-cli-2.1.0.tgz', 'npx'],
    ['npx file:../acme-cli', 'npx'],
    ['npx gitlab:acme/ops-cli', 'npx'],
    ['npx -y github:acme/ops-cli#main deploy', 'npx'],
    ['npx -p github:acme/ops-cli ops deploy', 'npx'],
    ['npx --package=git+https://x.example/acme/ops.git ops', 'npx'],
    ['npx tool@github:acme/ops-cli', 'npx'],
    ['pnpx bitbucket:acme/ops-cli', 'pnpx'],
    ['pnpm dlx github:acme/ops-cli', 'pnpm dlx'],
    ['pnpm dlx --package=github:acme/ops-cli ops', 'pnpm dlx'],
    ['yarn dlx https://x.example/acme-ops.tgz', 'yarn dlx'],
    ['bunx github:acme/ops-cli#v2', 'bunx'],
    ['bun x github:acme/ops-cli', 'bun x'],
    ['npm exec github:acme/ops-cli', 'npm exec'],
    ['npm x -- git+https://x.example/acme/ops.git', 'npm x'],
    ['uvx git+https://github.com/acme/ops-tool', 'uvx'],
    ['uvx --from git+https://github.com/acme/ops-tool ops', 'uvx'],
    ['uvx https://x.example/acme_ops-1.0-py3-none-any.whl', 'uvx'],
    ['pipx run --spec git+https://github.com/acme/ops-tool ops', 'pipx run'],
    ['pipx run ./acme_ops-1.0.tar.gz', 'pipx run'],
    ['cd app && npx github:acme/ops-cli && npm test', 'npx'],
    // A registry's package is looked through as before.
    ['npx jest --ci', 'jest'],
    ['npx -y create-vite@latest app', 'create-vite'],
    ['npx -p @angular/cli ng build', 'ng build'],
    ['pnpm dlx @biomejs/biome@1.9 check .', 'biome'],
    ['bunx --bun vite build', 'vite'],
    ['uvx ruff==0.6.0 check', 'ruff'],
    ['uvx --from ruff ruff check', 'ruff'],
    ['pipx run black', 'black'],
  ])('%j -> %j', (command, want) => {
    expect(bashDetail(command)).toBe(want);
  });
});

// Issue 38, item 9: a word of the command named like an Object.prototype member was looked up in
// the command table's objects and found there (`constructor foo` recorded nothing, `isPrototypeOf
// x` was taken for a wrapper running `x`).
describe('bashDetail: words named like Object.prototype members are plain words', () => {
  it.each([
    ['constructor foo', 'constructor'],
    ['isPrototypeOf x', 'isPrototypeOf'],
    ['hasOwnProperty --help', 'hasOwnProperty'],
    ['npm constructor', 'npm constructor'],
    ['npx constructor', 'constructor'],
    ['uv toString', 'uv toString'],
    ['git __proto__', 'git __proto__'],
    ['npm run constructor', 'npm run'],
    ['timeout 5 valueOf', 'valueOf'],
  ])('%j -> %j', (command, want) => {
    expect(bashDetail(command)).toBe(want);
  });
});
