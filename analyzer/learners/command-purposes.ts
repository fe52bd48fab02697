// What a command is for, from its detail as the observer records it (`npm test`, `go build`,
// `npm run lint`): one table of data, read by the commands learner (learners/commands.ts).
// A detail has a purpose when it is an entry or starts with an entry and a space. Commands that
// only look at things (INSPECTION) are never learned as the project's commands.

export const PURPOSES = ['test', 'build', 'lint', 'format', 'typecheck', 'run', 'install'] as const;
export type Purpose = (typeof PURPOSES)[number] | 'other';

const pm = (script: string) => ['npm', 'pnpm', 'yarn', 'bun'].flatMap((m) => [`${m} run ${script}`, ...(m === 'npm' ? [] : [`${m} ${script}`])]);
const task = (t: string) => [`make ${t}`, `just ${t}`, `mise run ${t}`, `deno task ${t}`, `task ${t}`];

export const PURPOSE_TABLE: Record<(typeof PURPOSES)[number], readonly string[]> = {
  test: [
    'npm test', ...pm('test'), 'bun test', 'go test', 'cargo test', 'cargo nextest', 'pytest', 'python -m pytest', 'python3 -m pytest', 'python -m unittest', 'python3 -m unittest',
    'tox', 'nox', ...task('test'), 'make check', 'jest', 'vitest', 'mocha', 'ava', 'playwright test', 'rspec', 'phpunit', 'mvn test', 'mvn verify', 'gradle test', 'gradlew test',
    'dotnet test', 'mix test', 'deno test', 'swift test', 'ctest', 'zig build test',
  ],
  build: [...pm('build'), 'go build', 'cargo build', 'make', ...task('build'), 'make all', 'mvn package', 'mvn compile', 'gradle build', 'gradlew build', 'dotnet build', 'swift build', 'docker build', 'vite build', 'next build', 'webpack', 'cmake', 'ninja', 'zig build', 'mix compile'],
  lint: [...pm('lint'), 'eslint', 'ruff', 'flake8', 'pylint', 'golangci-lint', 'go vet', 'cargo clippy', ...task('lint'), 'biome', 'rubocop', 'shellcheck', 'stylelint', 'markdownlint'],
  format: [...pm('format'), ...pm('fmt'), 'prettier', 'black', 'gofmt', 'go fmt', 'cargo fmt', 'rustfmt', 'isort', ...task('fmt'), ...task('format'), 'dotnet format', 'mix format'],
  typecheck: ['tsc', 'vue-tsc', ...pm('typecheck'), ...pm('type-check'), ...pm('types'), 'mypy', 'pyright', 'python -m mypy', 'python3 -m mypy'],
  run: ['npm start', ...pm('start'), ...pm('dev'), ...pm('serve'), 'go run', 'cargo run', ...task('run'), ...task('dev'), 'flask run', 'uvicorn', 'docker compose up', 'docker-compose up', 'mix phx.server'],
  install: ['npm install', 'npm ci', 'npm i', 'pnpm install', 'pnpm i', 'yarn install', 'bun install', 'pip install', 'pip3 install', 'python -m pip', 'python3 -m pip', 'uv sync', 'uv pip', 'poetry install', 'go mod', 'cargo fetch', 'bundle install', 'composer install', 'mvn install', ...task('install'), 'mix deps.get'],
};

/** Read-only commands: the program alone (`ls`) or the program and subcommand (`git status`). */
export const INSPECTION: readonly string[] = [
  'ls', 'cat', 'head', 'tail', 'pwd', 'echo', 'printf', 'cd', 'find', 'fd', 'grep', 'egrep', 'rg', 'ag', 'wc', 'which', 'where', 'whereis', 'type', 'tree', 'file', 'stat', 'du',
  'df', 'less', 'more', 'sort', 'uniq', 'diff', 'whoami', 'hostname', 'date', 'env', 'printenv', 'ps', 'dir', 'realpath', 'readlink', 'basename', 'dirname', 'jq', 'uname', 'id', 'sleep',
  'true', 'false', 'test', 'sed', 'awk', 'cut', 'tr', 'xargs', 'tee', 'open', 'clear', 'history', 'man', 'help', 'git status', 'git diff', 'git log', 'git show', 'git branch',
  'git remote', 'git rev-parse', 'git blame', 'git ls-files', 'git describe', 'git reflog', 'git shortlog', 'git config', 'git fetch',
];

/**
 * Details that name no command Claude could be told to run: the observer's placeholder for a file
 * run by its path, and an interpreter or a package runner alone (its script or package is not
 * recorded, so the detail says nothing of what ran). Whole details only: `python3 -m pytest` is
 * recorded as `pytest`, `deno task test` keeps its task. Never the project's commands.
 */
export const NOT_A_COMMAND: ReadonlySet<string> = new Set([
  'local-script',
  // interpreters and shells
  'python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'nodejs', 'bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'ruby', 'perl', 'php', 'lua', 'Rscript',
  'java', 'deno', 'deno run', 'bun', 'tsx', 'ts-node', 'pwsh', 'powershell', 'osascript',
  // package runners
  'npx', 'pnpx', 'bunx', 'uvx', 'pnpm dlx', 'yarn dlx', 'bun x', 'npm exec', 'npm x', 'pnpm exec', 'yarn exec', 'pipx run', 'uv run', 'poetry run',
  'pdm run', 'rye run', 'hatch run', 'bundle exec',
]);

/** A detail that names no command to run (NOT_A_COMMAND). */
export const namesNoCommand = (detail: string): boolean => NOT_A_COMMAND.has(detail);

const startsWithEntry = (detail: string, entry: string) => detail === entry || detail.startsWith(`${entry} `);

/**
 * The longest entry that names the detail wins (`npm run build` before `npm run`); a tool run by
 * a package manager (`pnpm vitest`, `yarn eslint`) has the tool's purpose.
 */
export function purposeOf(detail: string): (typeof PURPOSES)[number] | undefined {
  let best: [(typeof PURPOSES)[number], number] | undefined;
  for (const p of PURPOSES) {
    for (const e of PURPOSE_TABLE[p]) if (startsWithEntry(detail, e) && (best === undefined || e.length > best[1])) best = [p, e.length];
  }
  if (best === undefined && /^(?:pnpm|yarn|bun) \S/.test(detail)) return purposeOf(detail.slice(detail.indexOf(' ') + 1));
  return best?.[0];
}

export function isInspection(detail: string): boolean {
  return INSPECTION.some((e) => startsWithEntry(detail, e));
}
