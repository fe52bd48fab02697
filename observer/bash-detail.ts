import { detailPartToken } from '../lib/tokens.js';

// CLIs whose first argument names what they do (`git commit`, `npm test`).
const MULTI_COMMAND = new Set([
  'git', 'npm', 'pnpm', 'yarn', 'bun', 'bunx', 'npx', 'cargo', 'go', 'docker', 'podman', 'kubectl',
  'helm', 'make', 'pip', 'pip3', 'poetry', 'uv', 'gh', 'glab', 'deno', 'dotnet', 'mvn', 'gradle',
  'terraform', 'brew', 'apt', 'apt-get', 'conda', 'rustup', 'composer', 'bundle', 'rails', 'mix', 'swift',
  'aws', 'gcloud', 'az', 'systemctl', 'just', 'nx', 'turbo', 'tox', 'nox', 'hatch', 'pdm', 'rye',
]);

const WRAPPERS = new Set(['sudo', 'env', 'time', 'nice', 'nohup', 'command', 'exec', 'doas']);
// Wrapper options that consume the following word.
const WRAPPER_OPTIONS_WITH_ARG = new Set(['-n', '-u', '-g', '-C', '-S', '-p', '--user', '--group', '--adjustment']);
// Options of multi-command CLIs that come before the subcommand and take an argument.
const GLOBAL_OPTIONS_WITH_ARG: Record<string, Set<string>> = {
  git: new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace']),
  docker: new Set(['-H', '--host', '--context', '--config', '-c', '-l', '--log-level']),
  kubectl: new Set(['-n', '--namespace', '--context', '--kubeconfig', '-s', '--server']),
  make: new Set(['-C', '-f', '-j', '-l', '-I', '-o', '-W']),
  cargo: new Set(['-Z', '--config', '--color']),
  npm: new Set(['--prefix', '-w', '--workspace']),
  pnpm: new Set(['-C', '--dir', '--filter', '-F']),
  yarn: new Set(['--cwd']),
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Splits off the first simple command: up to the first `;`, `|`, `&`, newline or parenthesis. */
function firstSimpleCommandWords(command: string): string[] {
  const end = command.search(/[;|&\n()<>`]/);
  const head = end === -1 ? command : command.slice(0, end);
  return head.trim().split(/[ \t]+/).filter((w) => w.length > 0);
}

function basename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}

/**
 * The program (and, for well-known multi-command CLIs, its subcommand) of a Bash command:
 * `npm test -- --run x` -> `npm test`, `FOO=1 sudo /usr/bin/pytest -x` -> `pytest`.
 * Returns undefined whenever any part is not a plain token, so no argument text leaks.
 */
export function bashDetail(command: unknown): string | undefined {
  if (typeof command !== 'string' || command.length === 0) return undefined;
  const words = firstSimpleCommandWords(command.length > 4096 ? command.slice(0, 4096) : command);
  let i = 0;
  for (;;) {
    const w = words[i];
    if (w === undefined) return undefined;
    if (ASSIGNMENT.test(w)) { i++; continue; }
    if (WRAPPERS.has(w)) {
      i++;
      while (i < words.length && words[i]!.startsWith('-')) {
        i += WRAPPER_OPTIONS_WITH_ARG.has(words[i]!) ? 2 : 1;
      }
      continue;
    }
    break;
  }
  const program = detailPartToken(basename(words[i]!));
  if (program === undefined) return undefined;
  if (!MULTI_COMMAND.has(program)) return program;
  const withArg = GLOBAL_OPTIONS_WITH_ARG[program];
  let j = i + 1;
  while (j < words.length && words[j]!.startsWith('-')) {
    j += withArg?.has(words[j]!) ? 2 : 1;
  }
  const sub = words[j];
  if (sub === undefined) return program;
  const subToken = detailPartToken(program === 'npx' || program === 'bunx' ? basename(sub) : sub);
  return subToken === undefined ? undefined : `${program} ${subToken}`;
}
