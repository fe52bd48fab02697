import type { CliSpec } from './command-spec.js';

// The command table's CLIs of development (observer/command-table.ts): version control, the
// languages' package managers, task runners and build tools.

export function devClis(): Record<string, CliSpec> {
  const NPM_VALUES =
    '--prefix -C -w --workspace --registry --otp --userconfig --globalconfig --cache --loglevel --tag --access --scope --auth-type --include --omit ' +
    '--before --node-options --script-shell --location --proxy --https-proxy --cafile --cert --key --fetch-retries --fetch-timeout --install-strategy --lockfile-version';
  const NPM_FLAGS =
    '-g --global -s --silent -q --quiet -d -dd -ddd --verbose -y --yes --force -f --json --ws --workspaces --include-workspace-root --dry-run --offline ' +
    '--prefer-offline --prefer-online --legacy-peer-deps --strict-peer-deps -h --help -v --version --ignore-scripts --foreground-scripts --if-present ' +
    '-D --save-dev -S --save -E --save-exact -O --save-optional -P --save-prod -l --long -p --parseable --production --usage';
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

  // CLIs whose first operand names what they do (`git commit`, `npm test`).
  return {
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
    npm: { values: NPM_VALUES, flags: NPM_FLAGS, negations: true, scripts: 'run run-script rum urn', runs: { exec: { values: '-p --package -w --workspace', flags: '-y --yes --no --ws --workspaces', packages: true, specs: '-p --package' }, x: { values: '-p --package', flags: '-y --yes --no', packages: true, specs: '-p --package' } } },
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
      runs: { exec: { flags: '-r --recursive --parallel --no-bail --report-summary' }, dlx: { values: '--package --allow-build', flags: '-s --silent', packages: true, specs: '--package' } },
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
      runs: { dlx: { values: '-p --package', flags: '-q --quiet', packages: true, specs: '-p --package' }, exec: {} },
    },
    bun: {
      values: '--cwd -c --config --env-file -r --preload --tsconfig-override --main-fields --extension-order',
      flags: '--watch --hot --silent --bun -b --smol -v --version -h --help --revision --no-install -i --prefer-offline --prefer-latest',
      runs: { x: { values: '-p --package', flags: '--bun -b', packages: true, specs: '-p --package' } },
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
      runs: { run: { values: '--spec --python --pip-args --index-url', flags: '--no-cache --verbose -q --quiet --system-site-packages', packages: true, specs: '--spec' } },
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
  };
}
