import type { RunnerSpec, ViaSpec } from './command-spec.js';

// The command table's shell words (observer/command-table.ts): what does no work of its own, the
// reserved words that introduce a command, the programs that run another (wrappers), and the
// interpreters that run a module or a command line.

export function shellTables(): { NO_OPS: ReadonlySet<string>; PREFIX_WORDS: ReadonlySet<string>; WRAPPERS: Readonly<Record<string, RunnerSpec>>; VIA: Readonly<Record<string, ViaSpec>> } {
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
    // A spec that is not a registry's name (a `github:` or git repository, a URL, a tarball, a
    // path) names the user's or a stranger's code: the runner alone is recorded (bash-detail.ts).
    npx: { values: '-p --package', flags: '-y --yes --no -q --quiet --ignore-existing', packages: true, specs: '-p --package' },
    pnpx: { values: '-p --package', flags: '-y --yes --no -q --quiet', packages: true, specs: '-p --package' },
    bunx: { values: '-p --package', flags: '--bun -b', packages: true, specs: '-p --package' },
    uvx: {
      values: '--from --with --with-editable --with-requirements -p --python --index --default-index --index-url',
      flags: '--isolated -q -v --quiet --verbose --offline -n --no-cache',
      packages: true,
      specs: '--from',
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

  return { NO_OPS, PREFIX_WORDS, WRAPPERS, VIA };
}
