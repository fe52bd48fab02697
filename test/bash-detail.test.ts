import { describe, expect, it } from 'vitest';
import { bashDetail } from '../observer/bash-detail.js';

describe('bashDetail', () => {
  it.each([
    ['npm test -- --run src/cart.test.ts', 'npm test'],
    ['npm run build', 'npm run'],
    ['git commit -m "fix: cart"', 'git commit'],
    ['git -C /some/dir status', 'git status'],
    ['pytest -x tests/', 'pytest'],
    ['/usr/local/bin/pytest -q', 'pytest'],
    ['FOO=1 BAR=2 npm test', 'npm test'],
    ['sudo -u postgres psql -c "select 1"', 'psql'],
    ['env -i PATH=/bin make test', 'make test'],
    ['time cargo build --release', 'cargo build'],
    ['nice -n 10 go test ./...', 'go test'],
    ['npx vitest run', 'npx vitest'],
    ['cd src && npm test', 'cd'],
    ['ls -la | head', 'ls'],
    ['docker --context prod ps', 'docker ps'],
    ['kubectl -n kube-system get pods', 'kubectl get'],
    ['grep -rn qty src', 'grep'],
    ['yarn', 'yarn'],
    ['gh pr create --fill', 'gh pr'],
    ['uv run pytest', 'uv run'],
  ])('%s -> %s', (command, expected) => {
    expect(bashDetail(command)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['FOO=1', 'only an assignment'],
    ['sk-proj-abcdefghijklmnopqrstuvwxyz0123456789', 'an API key as the program'],
    ['ghp_16C7e42F292c6912E7710c838347Ae178B4a --help', 'a GitHub token as the program'],
    ['git https://user:pw@github.com/x.git', 'a URL where the subcommand goes'],
    ['"quoted program" arg', 'quotes'],
    ['npm $(echo test)', 'a substitution'],
    ['a-very-long-program-name-that-exceeds-the-forty-char-limit', 'too long'],
    ['AKIAIOSFODNN7EXAMPLE', 'an AWS key id'],
    ['npm user:secret@host', 'user:password@host'],
  ])('%s -> nothing (%s)', (command) => {
    expect(bashDetail(command)).toBeUndefined();
  });

  it('ignores values that are not strings', () => {
    expect(bashDetail(undefined)).toBeUndefined();
    expect(bashDetail(42)).toBeUndefined();
  });
});
