// What the Bash `detail` knows about programs, as data (observer/bash-detail.ts reads it).
//
// The privacy rule: a detail is a program and, for CLIs with subcommands, the subcommand, which
// is the first word after the program that is not an option and does not follow an option that
// takes a value. So for each CLI the options that may come before the subcommand are listed: the
// ones that take a value (`kubectl --token T get`) and the ones that do not (`git --no-pager log`).
// An option that is not listed makes the subcommand unknown and only the program is recorded:
// `--opt=value` is the one form that is always safe to step over. Lists are space-separated
// strings, compiled on first use, so the hook pays for nothing it does not look up.

export interface OptionTable {
  /** Options that take a value: the next word, or attached (`-n5`, `-nX`, `--opt=value`). */
  values?: string;
  /** Options that take no value. */
  flags?: string;
  /** Options whose value is optional: attached (`-j4`, `--jobs=4`) or a number as the next word. */
  optional?: string;
  /** `--no-<x>` switches are flags (npm-style CLIs). */
  negations?: boolean;
  /** `NAME=value` words before the subcommand are settings, not the subcommand (make, env). */
  assignments?: boolean;
  /** Words of this form before the subcommand are neither options nor the subcommand (cargo +nightly). */
  skip?: RegExp;
  /** Options that take two values (just --set NAME VALUE). */
  pairs?: string;
}

export interface CliSpec extends OptionTable {
  /** Subcommands that run another program: `uv run pytest` is learned as `pytest`. */
  runs?: Record<string, RunnerSpec>;
  /** Only these subcommands are recorded (the first operand may otherwise be a file name). */
  only?: string;
  /**
   * Subcommands followed by the name of a project's script or task (`npm run build`,
   * `mise run lint`, `deno task dev`): the name is recorded only when it is one of SCRIPT_WORDS
   * (or the user's `commandWords`), never an arbitrary one.
   */
  scripts?: string;
  /**
   * The subcommand position itself may name a script or target (`make test`, `just build`, `yarn
   * build`, `pnpm lint`): a word that is not one of `builtins` is recorded only when it is one of
   * SCRIPT_WORDS (or `commandWords`); otherwise the program alone.
   */
  targets?: { builtins?: string };
}

/** Common tools a package manager runs from the project's packages (`pnpm vitest`, `yarn eslint`). */
export const PACKAGE_BINS: ReadonlySet<string> = new Set(
  (
    'vitest jest mocha ava eslint tsc vue-tsc prettier biome playwright cypress next vite webpack rollup esbuild tsx ts-node nodemon turbo nx ' +
    'astro nuxt remix expo react-scripts tailwindcss drizzle-kit prisma knip lerna changeset semantic-release storybook svelte-kit svelte-check'
  ).split(' '),
);

/**
 * The names of scripts, tasks and targets common enough to say what a command is for (a build,
 * the tests, a dev server) without saying anything of the user's project: `npm run build` is
 * recorded whole, `npm run deploy-acme` as `npm run`. A user adds names with `commandWords`.
 */
export const SCRIPT_WORDS: ReadonlySet<string> = new Set(
  (
    'build test tests lint dev start serve preview watch typecheck type-check types tsc check format fmt e2e unit integration coverage cov ' +
    'ci release clean install setup bootstrap generate gen codegen docs doc compile bundle verify validate bench all default run migrate seed ' +
    'storybook prettier eslint vet tidy deploy'
  ).split(' '),
);

export interface RunnerSpec extends OptionTable {
  /** Words the runner takes before the program (timeout DURATION). */
  operands?: number;
  /** The program is a package spec (`@scope/name@1.2`, `name==1.2`): keep the bare name. */
  packages?: boolean;
}

export interface ViaSpec extends OptionTable {
  /** The option whose value names what runs: `python -m pytest`. */
  module?: string;
  /** The option whose value is a command line to read again: `bash -c "npm test"`. */
  command?: string;
}

export interface CommandTable {
  NO_OPS: ReadonlySet<string>;
  PREFIX_WORDS: ReadonlySet<string>;
  WRAPPERS: Readonly<Record<string, RunnerSpec>>;
  VIA: Readonly<Record<string, ViaSpec>>;
  CLIS: Readonly<Record<string, CliSpec>>;
}

let table: CommandTable | undefined;

/**
 * The table, built on first use. It is a function so that a hook handling anything but a Bash
 * call only skims this text (V8 pre-parses function bodies) instead of compiling and building
 * it: measured, that is most of the start-up cost the table would otherwise add to every call.
 */
export function commandTable(): CommandTable {
  return (table ??= build());
}

function build(): CommandTable {
  // Navigation, output, shell state and conditions: they do no work of their own, so in a compound
  // command the detail names the next command instead (`cd app && npm test` -> `npm test`). A
  // command made only of these is recorded as the first of them (`sleep 5` -> `sleep`).
  const NO_OPS: ReadonlySet<string> = new Set(
    (
      'cd pushd popd dirs pwd sleep echo printf export unset source . true false : set shopt alias unalias ' +
      'wait clear trap umask ulimit local declare typeset readonly exit return hash history read let shift ' +
      'break continue which type test [ [[ ]] ] fi done esac } then else elif do'
    ).split(' '),
  );

  /** Reserved words that only introduce the command that follows them. */
  const PREFIX_WORDS: ReadonlySet<string> = new Set(['!', '{', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']);

  /** Programs that run the rest of their arguments as a command: `timeout 60 pytest` -> `pytest`. */
  const WRAPPERS: Readonly<Record<string, RunnerSpec>> = {
    sudo: {
      values: '-u -g -h -p -C -D -R -r -t -T -U --user --group --host --prompt --close-from --chdir --chroot --role --type --command-timeout --other-user',
      flags: '-E -H -n -k -K -b -P -S -A -B -i -s --preserve-env --login --shell --non-interactive --stdin --askpass --background --set-home --reset-timestamp --remove-timestamp --preserve-groups',
    },
    doas: { values: '-u -C', flags: '-n -s -L' },
    env: { values: '-u --unset -C --chdir', flags: '-i --ignore-environment -0 --null -v --debug -', assignments: true },
    nice: { values: '-n --adjustment', skip: /^-[0-9]+$/ },
    nohup: {},
    time: { values: '-f -o --format --output', flags: '-p -v -a -q --portability --verbose --append --quiet' },
    timeout: { values: '-s --signal -k --kill-after', flags: '-v -f --verbose --foreground --preserve-status', operands: 1 },
    stdbuf: { values: '-i -o -e --input --output --error' },
    xargs: {
      values: '-I -n -L -P -s -d -E -a --arg-file --max-args --max-lines --max-procs --max-chars --delimiter --process-slot-var',
      flags: '-0 -r -t -p -x -o --null --no-run-if-empty --verbose --interactive --exit --open-tty',
      optional: '-i -l -e --replace --eof',
    },
    command: { flags: '-p' },
    exec: { values: '-a', flags: '-c -l' },
    ionice: { values: '-c -n -p -P -u --class --classdata', flags: '-t --ignore' },
    watch: { values: '-n --interval', flags: '-t -b -e -g -c -x -p --no-title --beep --errexit --chgexit --color --exec --precise', optional: '-d --differences' },
    // Package runners: what they run is the command.
    npx: { values: '-p --package', flags: '-y --yes --no -q --quiet --ignore-existing', packages: true },
    pnpx: { values: '-p --package', flags: '-y --yes --no -q --quiet', packages: true },
    bunx: { values: '-p --package', flags: '--bun -b', packages: true },
    uvx: {
      values: '--from --with --with-editable --with-requirements -p --python --index --default-index --index-url',
      flags: '--isolated -q -v --quiet --verbose --offline -n --no-cache',
      packages: true,
    },
  };

  /** Programs that run a module or a command line given by an option. */
  const PYTHON: ViaSpec = { values: '-X -W', flags: '-u -B -O -OO -E -s -S -I -q -v -b -bb -d -P -R -i -x', module: '-m' };
  const BASH: ViaSpec = { values: '-o -O --rcfile --init-file', flags: '-e -x -u -l -i -v -n -f -h -E -T -p -s --login --norc --noprofile --posix --noediting', command: '-c' };
  const SH: ViaSpec = { values: '-o', flags: '-e -x -u -l -i -v -n -f -h -a -b -s', command: '-c' };
  const VIA: Readonly<Record<string, ViaSpec>> = {
    python: PYTHON,
    python3: PYTHON,
    bash: BASH,
    zsh: BASH,
    sh: SH,
    dash: SH,
  };

  const NPM_VALUES =
    '--prefix -C -w --workspace --registry --otp --userconfig --globalconfig --cache --loglevel --tag --access --scope --auth-type --include --omit ' +
    '--before --node-options --script-shell --location --proxy --https-proxy --cafile --cert --key --fetch-retries --fetch-timeout --install-strategy --lockfile-version';
  const NPM_FLAGS =
    '-g --global -s --silent -q --quiet -d -dd -ddd --verbose -y --yes --force -f --json --ws --workspaces --include-workspace-root --dry-run --offline ' +
    '--prefer-offline --prefer-online --legacy-peer-deps --strict-peer-deps -h --help -v --version --ignore-scripts --foreground-scripts --if-present ' +
    '-D --save-dev -S --save -E --save-exact -O --save-optional -P --save-prod -l --long -p --parseable --production --usage';
  const KUBE_VALUES =
    '-n --namespace --context --kubeconfig -s --server --cluster --user --token --as --as-group --as-uid --certificate-authority --client-certificate ' +
    '--client-key --tls-server-name --request-timeout --cache-dir --password --username -v --log-file --log-dir --profile --profile-output --vmodule';
  const KUBE_FLAGS = '--insecure-skip-tls-verify --match-server-version --warnings-as-errors --disable-compression -h --help --logtostderr --alsologtostderr';
  const MAKE: CliSpec = {
    values: '-C --directory -f --file --makefile -I --include-dir -o --old-file --assume-old -W --what-if --new-file --assume-new --eval',
    optional: '-j --jobs -l --load-average --max-load -O --output-sync --debug',
    flags:
      '-B --always-make -d -e --environment-overrides -i --ignore-errors -k --keep-going -L --check-symlink-times -n --just-print --dry-run --recon ' +
      '-p --print-data-base -q --question -r --no-builtin-rules -R --no-builtin-variables -s --silent --quiet -S --no-keep-going --stop -t --touch ' +
      '--trace -v --version -w --print-directory --no-print-directory --warn-undefined-variables -h --help',
    assignments: true,
    // A make target is the project's own name: recorded only when it is a common one.
    targets: {},
  };
  const MVN: CliSpec = {
    values: '-f --file -s --settings -gs --global-settings -t --toolchains -l --log-file -pl --projects -rf --resume-from -P --activate-profiles -T --threads -D --define -b --builder',
    flags:
      '-e --errors -X --debug -q --quiet -B --batch-mode -o --offline -U --update-snapshots -N --non-recursive -am --also-make -amd --also-make-dependents ' +
      '-fae --fail-at-end -ff --fail-fast -fn --fail-never -C --strict-checksums -c --lax-checksums -ntp --no-transfer-progress -nsu --no-snapshot-updates ' +
      '-V --show-version -v --version -h --help',
  };
  const GRADLE: CliSpec = {
    values:
      '-b --build-file -c --settings-file -p --project-dir -g --gradle-user-home -I --init-script -D --system-prop -P --project-prop -x --exclude-task ' +
      '--console --warning-mode --max-workers --priority --include-build',
    flags:
      '-q --quiet -i --info -d --debug -s --stacktrace -S --full-stacktrace --scan --no-scan --offline --daemon --no-daemon --parallel --no-parallel ' +
      '--build-cache --no-build-cache --continue --refresh-dependencies -v --version -h --help -m --dry-run -a --no-rebuild -w --warn ' +
      '--configuration-cache --no-configuration-cache --rerun-tasks -t --continuous',
  };
  const DNF: CliSpec = {
    values: '-c --config --releasever --installroot --setopt --enablerepo --disablerepo --repo -x --exclude -d --debuglevel -e --errorlevel --rpmverbosity',
    flags: '-y --assumeyes -q --quiet -v --verbose -C --cacheonly --refresh --nogpgcheck -h --help --version --best --nobest --allowerasing --skip-broken',
  };
  const APT: CliSpec = {
    values: '-o --option -c --config-file -t --target-release -a --host-architecture',
    flags:
      '-y --yes --assume-yes -q -qq --quiet -s --simulate --dry-run -d --download-only -f --fix-broken --no-install-recommends --install-recommends ' +
      '-V --allow-unauthenticated --reinstall -h --help -v --version --purge --auto-remove -m',
  };
  const CONDA: CliSpec = {
    flags: '-h --help -V --version -v --verbose -q --quiet --json --no-plugins',
    runs: { run: { values: '-n --name -p --prefix --cwd', flags: '--no-capture-output --live-stream -v' } },
  };
  const PIP: CliSpec = {
    values:
      '--python --log --proxy --retries --timeout --exists-action --trusted-host --cert --client-cert --cache-dir --src --use-feature --use-deprecated --resume-retries',
    flags:
      '-v -vv -vvv --verbose -q -qq --quiet -V --version -h --help --isolated --require-virtualenv --no-input --no-cache-dir ' +
      '--disable-pip-version-check --no-color',
  };
  const TERRAFORM: CliSpec = { values: '-chdir', flags: '-help -version -v -h --help --version' };

  /** CLIs whose first operand names what they do (`git commit`, `kubectl get`). */
  const CLIS: Readonly<Record<string, CliSpec>> = {
    git: {
      values: '-C -c --git-dir --work-tree --namespace --super-prefix --config-env --list-cmds',
      flags:
        '--version --help -h -p --paginate -P --no-pager --no-replace-objects --bare --literal-pathspecs --glob-pathspecs --noglob-pathspecs ' +
        '--icase-pathspecs --no-optional-locks --no-advice --exec-path --html-path --man-path --info-path',
    },
    hg: {
      values: '-R --repository --cwd --config --color --pager --encoding --encodingmode',
      flags: '-y --noninteractive -q --quiet -v --verbose --debug --debugger --traceback --time --profile --version -h --help --hidden',
    },
    svn: {
      values: '--username --password --config-dir --config-option',
      flags: '--non-interactive --no-auth-cache --trust-server-cert --force-interactive --password-from-stdin -q --quiet -h --help --version',
    },
    npm: { values: NPM_VALUES, flags: NPM_FLAGS, negations: true, scripts: 'run run-script rum urn', runs: { exec: { values: '-p --package -w --workspace', flags: '-y --yes --no --ws --workspaces', packages: true }, x: { values: '-p --package', flags: '-y --yes --no', packages: true } } },
    pnpm: {
      values:
        '-C --dir --filter -F --filter-prod --reporter --loglevel --store-dir --registry --virtual-store-dir --modules-dir --test-pattern ' +
        '--changed-files-ignore-pattern --workspace-concurrency',
      flags:
        '-r --recursive -w --workspace-root -g --global -s --silent --stream --parallel --aggregate-output -h --help -v --version --frozen-lockfile ' +
        '--prefer-frozen-lockfile --prod -P -D --dev --offline --prefer-offline --color --use-stderr --shamefully-hoist --ignore-scripts ' +
        '--fail-if-no-match --include-workspace-root --sort --reverse',
      negations: true,
      scripts: 'run run-script',
      // `pnpm build` runs the script build: a name pnpm does not know is a script.
      targets: {
        builtins:
          'add install i update up upgrade remove rm uninstall un link ln unlink import rebuild rb prune fetch install-test it dedupe patch patch-commit patch-remove ' +
          'audit list ls outdated why licenses exec dlx create init publish pack root bin store server env setup config get set test t start restart doctor',
      },
      runs: { exec: { flags: '-r --recursive --parallel --no-bail --report-summary' }, dlx: { values: '--package --allow-build', flags: '-s --silent', packages: true } },
    },
    yarn: {
      values:
        '--cwd --modules-folder --cache-folder --mutex --network-timeout --registry --global-folder --link-folder --use-yarnrc --https-proxy --proxy',
      flags:
        '-s --silent --verbose --offline --prefer-offline --frozen-lockfile --pure-lockfile --immutable --ignore-engines --ignore-scripts ' +
        '--ignore-optional --non-interactive --no-progress --no-lockfile --production --prod -W --ignore-workspace-root-check -v --version ' +
        '-h --help --json --check-files --flat --force --skip-integrity-check --no-default-rc --no-bin-links',
      negations: true,
      scripts: 'run',
      // `yarn build` runs the script build: a name yarn does not know is a script.
      targets: {
        builtins:
          'add audit autoclean bin cache check config create dlx exec generate-lock-entry global help import info init install licenses link list login logout ' +
          'node outdated owner pack policies publish remove tag team test unlink unplug upgrade upgrade-interactive version versions why workspace workspaces set plugin constraints dedupe npm up explain rebuild patch start',
      },
      runs: { dlx: { values: '-p --package', flags: '-q --quiet', packages: true }, exec: {} },
    },
    bun: {
      values: '--cwd -c --config --env-file -r --preload --tsconfig-override --main-fields --extension-order',
      flags: '--watch --hot --silent --bun -b --smol -v --version -h --help --revision --no-install -i --prefer-offline --prefer-latest',
      runs: { x: { values: '-p --package', flags: '--bun -b', packages: true } },
      scripts: 'run',
      // `bun acme-export.ts` runs a file: its name is not a subcommand.
      only: 'run test x add a remove rm install i update upgrade outdated link unlink pm build init create c publish patch patch-commit audit info exec repl why',
    },
    deno: {
      values: '--log-level -L',
      flags: '-q --quiet --unstable -h --help -V --version',
      only: 'run serve task repl eval test bench check compile coverage doc fmt info init install jupyter lint lsp publish types uninstall upgrade vendor add remove outdated clean bundle cache',
      scripts: 'task',
    },
    corepack: {},
    nx: { flags: '--help --version' },
    turbo: {
      values: '--cwd --heap --api --token --team --login --cpuprofile --trace --profile --remote-cache-timeout',
      flags:
        '-v -vv -vvv --no-color --color --skip-infer --no-update-notifier --dangerously-disable-package-manager-check --preflight --remote-only ' +
        '-h --help -V --version',
    },
    ng: {},
    prisma: {},
    playwright: {},
    vitest: { only: 'run watch dev related bench init list typecheck' },
    pm2: { flags: '-s --silent --no-color -h --help -V --version' },
    cargo: {
      values: '-Z --config --color -C --explain',
      flags: '-v -vv --verbose -q --quiet --frozen --locked --offline -V --version --list -h --help',
      skip: /^\+[A-Za-z0-9._-]+$/,
    },
    rustup: { flags: '-v --verbose -q --quiet -h --help -V --version' },
    go: {},
    dotnet: {
      flags: '-d --diagnostics -h --help --info --version --list-sdks --list-runtimes',
      // `dotnet acme.dll` runs an assembly: its name is not a subcommand.
      only: 'build build-server clean format help msbuild new nuget pack publish remove restore run sdk sln solution store test tool vstest workload add list watch dev-certs user-secrets ef fsi',
    },
    swift: { flags: '--version -h --help', only: 'build run test package repl sdk' },
    mvn: MVN,
    mvnw: MVN,
    gradle: GRADLE,
    gradlew: GRADLE,
    make: MAKE,
    gmake: MAKE,
    just: {
      values:
        '-f --justfile -d --working-directory --shell --shell-arg --dotenv-filename --dotenv-path -E --color --dump-format --list-heading ' +
        '--list-prefix --chooser --command-color',
      pairs: '--set',
      flags:
        '-q --quiet -v --verbose -n --dry-run -l --list --summary --evaluate --yes -h --help -V --version --unstable --highlight --no-highlight ' +
        '--no-deps --unsorted -u --check --fmt --dump --init --choose --changelog --clear-shell-args --no-dotenv',
      assignments: true,
      targets: {},
    },
    rake: {
      values: '-f --rakefile -C --directory -I --libdir -r --require -R --rakelibdir',
      flags: '-v --verbose -q --quiet -s --silent -n --dry-run -N -P --prereqs -T --tasks -A --all -B -G -g --trace',
      assignments: true,
    },
    pip: PIP,
    pip3: PIP,
    poetry: {
      values: '-C --directory -P --project',
      flags: '-q --quiet -v -vv -vvv --verbose -n --no-interaction --ansi --no-ansi --no-plugins --no-cache -h --help -V --version',
      runs: { run: {} },
    },
    uv: {
      values: '--directory --project --cache-dir --config-file --color --python-preference --allow-insecure-host',
      flags:
        '-q --quiet -v --verbose --offline --no-cache -n --native-tls --no-progress --no-config --preview --no-preview --isolated -h --help ' +
        '-V --version --no-python-downloads --managed-python --no-managed-python',
      runs: {
        run: {
          values:
            '--with --with-editable --with-requirements -p --python --package --env-file --extra --group --only-group --no-group --index ' +
            '--default-index --index-url --directory --project --python-preference',
          flags:
            '--no-project --frozen --locked --isolated --no-sync --all-extras --all-packages --dev --no-dev -q --quiet -v --verbose --offline ' +
            '--no-cache --active --no-env-file --exact',
        },
      },
    },
    pdm: { values: '-c --config -p --project', flags: '-v --verbose -q --quiet -I --ignore-python -h --help -V --version', runs: { run: {} } },
    rye: { flags: '-h --help --version', runs: { run: {} } },
    hatch: {
      values: '-e --env -p --project --data-dir --cache-dir --config',
      flags: '-v --verbose -q --quiet --color --no-color --interactive --no-interactive -h --help --version',
    },
    pipx: {
      flags: '-h --help --version -v --verbose -q --quiet',
      runs: { run: { values: '--spec --python --pip-args --index-url', flags: '--no-cache --verbose -q --quiet --system-site-packages', packages: true } },
    },
    tox: {
      values: '-e -c --conf --root --workdir -x --override',
      flags: '-q -qq -v -vv -r --recreate -h --help --version --notest',
    },
    conda: CONDA,
    mamba: CONDA,
    micromamba: CONDA,
    composer: {
      values: '-d --working-dir',
      flags: '-q --quiet -v -vv -vvv --verbose -V --version -n --no-interaction --no-plugins --no-scripts --no-cache --ansi --no-ansi -h --help --profile',
    },
    bundle: {
      values: '-r --retry',
      flags: '--no-color -V --verbose -h --help -v --version',
      runs: { exec: { values: '--gemfile', flags: '--keep-file-descriptors' } },
    },
    rails: { flags: '-h --help -v --version' },
    mix: { flags: '-h --help -v --version' },
    docker: {
      values: '--config -c --context -H --host -l --log-level --tlscacert --tlscert --tlskey',
      flags: '-D --debug --tls --tlsverify -v --version -h --help',
    },
    'docker-compose': {
      values: '-f --file -p --project-name --project-directory --env-file --profile -H --host -c --context --log-level --ansi --parallel --progress',
      flags: '--verbose --no-ansi --compatibility --dry-run --all-resources -v --version -h --help',
    },
    podman: {
      values:
        '-c --connection --url --identity --root --runroot --storage-driver --log-level --cgroup-manager --events-backend --runtime --tmpdir ' +
        '--module --network-cmd-path --ssh',
      flags: '-r --remote --syslog -h --help -v --version',
    },
    kubectl: { values: KUBE_VALUES, flags: KUBE_FLAGS },
    oc: { values: KUBE_VALUES, flags: KUBE_FLAGS },
    helm: {
      values:
        '-n --namespace --kube-context --kubeconfig --kube-token --kube-apiserver --kube-as-user --kube-as-group --kube-ca-file --registry-config ' +
        '--repository-cache --repository-config --burst-limit --qps --kube-tls-server-name',
      flags: '--debug --kube-insecure-skip-tls-verify -h --help',
    },
    minikube: { values: '-p --profile --log_dir -v', flags: '--alsologtostderr --logtostderr -h --help' },
    kind: { values: '-v --verbosity', flags: '-q --quiet -h --help' },
    terraform: TERRAFORM,
    tofu: TERRAFORM,
    pulumi: {
      values: '-C --cwd --color --tracing --profiling -v --verbose --memprofilerate',
      flags: '--disable-integrity-checking --emoji -e --logflow --logtostderr --non-interactive -h --help',
    },
    aws: {
      values: '--profile --region --output --endpoint-url --query --ca-bundle --cli-read-timeout --cli-connect-timeout --color --cli-binary-format',
      flags: '--debug --no-verify-ssl --no-paginate --no-sign-request --no-cli-pager --cli-auto-prompt --no-cli-auto-prompt --version',
    },
    gcloud: {
      values:
        '--account --project --configuration --billing-project --impersonate-service-account --verbosity --format --flags-file ' +
        '--access-token-file --trace-token --universe-domain',
      flags: '-q --quiet --log-http --user-output-enabled --no-user-output-enabled -h --help',
    },
    az: { values: '--subscription -o --output --query', flags: '--debug --verbose --only-show-errors -h --help' },
    doctl: {
      values: '-t --access-token -u --api-url -c --config --context -o --output --http-retry-max --http-retry-wait-max --http-retry-wait-min',
      flags: '--trace -v --verbose --interactive -h --help',
    },
    fly: { values: '-t --access-token', flags: '--debug --verbose -h --help' },
    flyctl: { values: '-t --access-token', flags: '--debug --verbose -h --help' },
    vercel: {
      values: '-t --token -S --scope -T --team --cwd -A --local-config -Q --global-config',
      flags: '-d --debug --no-color -y --yes -h --help -v --version',
    },
    netlify: { values: '--auth', flags: '--debug -h --help' },
    firebase: {
      values: '-P --project --account --token -c --config',
      flags: '-j --json --debug --non-interactive -i --interactive -h --help -V --version',
    },
    wrangler: { values: '-c --config -e --env --cwd --env-file', flags: '-h --help -v --version' },
    supabase: {
      values: '--workdir --profile --network-id -o --output --dns-resolver',
      flags: '--debug --experimental --yes --create-ticket -h --help -v --version',
    },
    heroku: {},
    gh: { flags: '--help --version' },
    glab: { flags: '--help -v --version' },
    brew: { flags: '-v --verbose -d --debug -q --quiet -h --help' },
    apt: APT,
    'apt-get': APT,
    dnf: DNF,
    yum: DNF,
    systemctl: {
      values: '-H --host -M --machine -t --type -p --property -s --signal --state --root -n --lines -o --output --kill-whom --job-mode',
      flags:
        '--user --system --global -a --all -l --full -q --quiet --no-block --no-pager --no-legend --now -f --force -r --recursive --failed ' +
        '--runtime --dry-run -h --help --version',
    },
    tmux: { values: '-L -S -f -c -T', flags: '-2 -C -CC -D -l -N -u -v -V' },
    openssl: {},
    ollama: {},
    vault: {},
    nvm: {},
    mise: { scripts: 'run r' },
    asdf: {},
  };

  return { NO_OPS, PREFIX_WORDS, WRAPPERS, VIA, CLIS };
}
