#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";

// hooks/observe.ts
var import_node_path5 = require("node:path");

// lib/append-line.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");

// lib/data-files.ts
var import_node_fs = require("node:fs");
var { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = import_node_fs.constants;
var READ_NOFOLLOW = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
var APPEND_NOFOLLOW = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;
var CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
function readDataFile(path2) {
  const fd = (0, import_node_fs.openSync)(path2, READ_NOFOLLOW);
  try {
    return (0, import_node_fs.readFileSync)(fd);
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
}
var fullDisk = process.env["HOMUNCULUS_TEST_FULL_DISK"];
var spaceLeft = fullDisk !== void 0 && /^\d+$/.test(fullDisk) ? Number(fullDisk) : Infinity;
function noSpace(path2, detail = "") {
  const e = new Error(`ENOSPC: no space left on device, write '${path2}'${detail}`);
  e.code = "ENOSPC";
  e.errno = -28;
  e.syscall = "write";
  e.path = path2;
  return e;
}
function writeData(fd, data, path2) {
  if (spaceLeft === Infinity) return (0, import_node_fs.writeSync)(fd, data, 0, data.length);
  if (spaceLeft === 0) throw noSpace(path2);
  const n = (0, import_node_fs.writeSync)(fd, data, 0, Math.min(data.length, spaceLeft));
  spaceLeft -= n;
  return n;
}
function writeAll(fd, data, path2) {
  let done = 0;
  while (done < data.length) {
    const n = writeData(fd, data.subarray(done), path2);
    if (n === 0) throw noSpace(path2);
    done += n;
  }
}
function writeNewFile(path2, data, mode, opts = { replace: true }) {
  let fd;
  try {
    fd = (0, import_node_fs.openSync)(path2, CREATE_NEW, mode);
  } catch (e) {
    if (e.code !== "EEXIST" || !opts.replace) throw e;
    (0, import_node_fs.unlinkSync)(path2);
    fd = (0, import_node_fs.openSync)(path2, CREATE_NEW, mode);
  }
  try {
    for (const chunk of data instanceof Uint8Array ? [data] : data) writeAll(fd, chunk, path2);
  } catch (e) {
    (0, import_node_fs.closeSync)(fd);
    try {
      (0, import_node_fs.unlinkSync)(path2);
    } catch {
    }
    throw e;
  }
  (0, import_node_fs.closeSync)(fd);
}

// lib/data-home.ts
var import_node_fs2 = require("node:fs");
var import_node_os = require("node:os");
var import_node_path = require("node:path");

// lib/fnv.ts
var FNV_OFFSET = 0xcbf29ce484222325n;
var FNV_PRIME = 0x100000001b3n;
var MASK_64 = 0xffffffffffffffffn;
function fnv1a64Hex(text) {
  let h = FNV_OFFSET;
  for (const byte of Buffer.from(text, "utf8")) {
    h = (h ^ BigInt(byte)) * FNV_PRIME & MASK_64;
  }
  return h.toString(16).padStart(16, "0");
}

// lib/data-home.ts
function resolveDataHome(env) {
  const fromEnv = env["HOMUNCULUS_HOME"];
  if (fromEnv) return (0, import_node_path.resolve)(fromEnv);
  const xdg = env["XDG_DATA_HOME"];
  return (0, import_node_path.join)(xdg && xdg.startsWith("/") ? xdg : (0, import_node_path.join)(userHome(env), ".local", "share"), "homunculus");
}
function userHome(env, systemHome = accountHome) {
  const fromEnv = env["HOME"];
  if (fromEnv && (0, import_node_path.isAbsolute)(fromEnv)) return fromEnv;
  const system = systemHome();
  if (system && (0, import_node_path.isAbsolute)(system)) return system;
  throw new DataHomeError(`HOME is ${fromEnv ? `not an absolute path (${JSON.stringify(fromEnv.slice(0, 80))})` : "not set"} and the system names no home folder for this user: set HOME to your home folder (or HOMUNCULUS_HOME to the data home)`);
}
function accountHome() {
  try {
    return (0, import_node_os.userInfo)().homedir;
  } catch {
    return void 0;
  }
}
var layout = {
  observations: (home) => (0, import_node_path.join)(home, "observations"),
  observationFile: (home, day) => (0, import_node_path.join)(home, "observations", `${day}.jsonl`),
  streams: (home) => (0, import_node_path.join)(home, "state", "streams"),
  state: (home) => (0, import_node_path.join)(home, "state"),
  hookErrors: (home) => (0, import_node_path.join)(home, "hook-errors.log"),
  instincts: (home) => (0, import_node_path.join)(home, "instincts"),
  archive: (home) => (0, import_node_path.join)(home, "archive"),
  dailySummary: (home) => (0, import_node_path.join)(home, "daily-summary.md"),
  lock: (home) => (0, import_node_path.join)(home, "analysis.lock"),
  cache: (home) => (0, import_node_path.join)(home, "state", "cache"),
  codeCache: (home) => (0, import_node_path.join)(home, "state", "cache", "v8"),
  lastAnalysis: (home) => (0, import_node_path.join)(home, "state", "last-analysis.json"),
  /** What import-transcripts learned from history (analyzer/history.ts). */
  history: (home) => (0, import_node_path.join)(home, "state", "history.json"),
  rulesJson: (home) => (0, import_node_path.join)(home, "rules.json"),
  rulesFile: (home) => (0, import_node_path.join)(home, "generated-rules.md"),
  config: (home) => (0, import_node_path.join)(home, "config.json"),
  promptCounts: (home) => (0, import_node_path.join)(home, "state", "prompts"),
  sessions: (home) => (0, import_node_path.join)(home, "state", "sessions"),
  // The instinct store (store/).
  facts: (home) => (0, import_node_path.join)(home, "facts"),
  events: (home) => (0, import_node_path.join)(home, "events.jsonl"),
  projects: (home) => (0, import_node_path.join)(home, "projects.json"),
  aliases: (home) => (0, import_node_path.join)(home, "aliases.json"),
  storeMarker: (home) => (0, import_node_path.join)(home, "store.json"),
  storeIndex: (home) => (0, import_node_path.join)(home, "state", "store-index.json"),
  /** A store change being committed (store/files/txn.ts): finished or undone by the next writer. */
  storeJournal: (home) => (0, import_node_path.join)(home, "state", "store-journal.json"),
  suggestions: (home) => (0, import_node_path.join)(home, "state", "suggestions.jsonl"),
  // In-session context and its feedback (store/delivery/inject.ts, store/delivery/turn-feedback.ts), the analysis log.
  // One file per UTC day, so that the Stop hook reads only the days it can still judge and old
  // days are pruned with the observations of their day.
  injectionsDir: (home) => (0, import_node_path.join)(home, "state", "injections"),
  injections: (home, day) => (0, import_node_path.join)(home, "state", "injections", `${day}.jsonl`),
  injectionsJudged: (home, day) => (0, import_node_path.join)(home, "state", "injections", `${day}.judged.jsonl`),
  /** The single logs of earlier versions (read while they are recent, then removed). */
  legacyInjections: (home) => (0, import_node_path.join)(home, "state", "injections.jsonl"),
  legacyInjectionsJudged: (home) => (0, import_node_path.join)(home, "state", "injections-judged.jsonl"),
  analysisLog: (home) => (0, import_node_path.join)(home, "analysis.log"),
  lastDream: (home) => (0, import_node_path.join)(home, "state", "last-dream.json")
};
var PRIVATE_DIR = 448;
var PRIVATE_FILE = 384;
function ensurePrivateDir(path2) {
  try {
    (0, import_node_fs2.mkdirSync)(path2, { recursive: true, mode: PRIVATE_DIR });
  } catch (e) {
    const code = e.code;
    if (code === "EEXIST") throw new DataHomeError(`${path2} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    if (code === "ENOENT") throw new DataHomeError(cannotCreate(path2));
    throw e;
  }
}
function cannotCreate(path2) {
  let below = path2;
  let at = (0, import_node_path.dirname)(path2);
  while (!(0, import_node_fs2.existsSync)(at) && (0, import_node_path.dirname)(at) !== at) {
    below = at;
    at = (0, import_node_path.dirname)(at);
  }
  const hint = "set HOMUNCULUS_HOME to a folder you can write";
  if (isLink(below)) return `cannot create ${path2}: ${below} is a symbolic link to nowhere (${hint}, or make the folder it points to)`;
  try {
    (0, import_node_fs2.accessSync)(at, import_node_fs2.constants.W_OK);
  } catch (e) {
    const code = e.code;
    if (code === "EROFS") return `cannot create ${path2}: ${at} is on a read-only filesystem (${hint})`;
    return `cannot create ${path2}: ${at} is not writable (${code ?? String(e)}; ${hint})`;
  }
  return `cannot create ${path2}: ENOENT below ${at} (${hint})`;
}
var DataHomeError = class extends Error {
};
var DATA_DIRS = ["observations", "state", (0, import_node_path.join)("state", "streams"), (0, import_node_path.join)("state", "prompts"), (0, import_node_path.join)("state", "sessions"), (0, import_node_path.join)("state", "cache"), (0, import_node_path.join)("state", "injections"), "instincts", "archive", "facts"];
function assertDataHome(home, dirs = DATA_DIRS) {
  let realHome;
  for (const d of dirs) {
    const path2 = (0, import_node_path.join)(home, d);
    let real;
    try {
      real = import_node_fs2.realpathSync.native(path2);
    } catch (e) {
      if (e.code === "ENOENT" && isLink(path2)) {
        throw new DataHomeError(`${path2} is a symbolic link to nowhere; homunculus writes only inside its data home ${home}: replace the link with a folder`);
      }
      continue;
    }
    realHome ??= import_node_fs2.realpathSync.native(home);
    if (real === realHome || real.startsWith(realHome + import_node_path.sep)) continue;
    throw new DataHomeError(`${path2} is a symbolic link to ${real}, outside the data home ${home}; homunculus never writes through it: replace the link with a folder`);
  }
}
function isLink(path2) {
  try {
    return (0, import_node_fs2.lstatSync)(path2).isSymbolicLink();
  } catch {
    return false;
  }
}
function idFileStem(key) {
  return key.length <= 100 ? key : `h.${fnv1a64Hex(key)}`;
}

// lib/append-line.ts
var NL = 10;
var NEWLINE = Buffer.from("\n");
function openAppend(path2) {
  try {
    return (0, import_node_fs3.openSync)(path2, APPEND_NOFOLLOW, PRIVATE_FILE);
  } catch (e) {
    if (e.code === "ELOOP") throw new DataHomeError(`${path2} is a symbolic link; homunculus never writes through links in its data home: remove it`);
    throw e;
  }
}
function appendLine(path2, text) {
  let fd;
  try {
    fd = openAppend(path2);
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    ensurePrivateDir((0, import_node_path2.dirname)(path2));
    fd = openAppend(path2);
  }
  try {
    const st = (0, import_node_fs3.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path2}: expected a regular file, found something else (a FIFO or device); move it aside`);
    if (st.nlink > 1) throw new DataHomeError(`${path2} has ${st.nlink} hard links; homunculus never writes to a file that has another name: move it aside (cp it to a file of its own)`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs3.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = typeof text === "string" ? Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`) : Buffer.concat([...torn ? [NEWLINE] : [], text, ...text.length > 0 && text[text.length - 1] === NL ? [] : [NEWLINE]]);
    const written = writeData(fd, data, path2);
    if (written !== data.length) throw noSpace(path2, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs3.closeSync)(fd);
  }
}

// lib/clock.ts
var ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2})))?$/;
var BadTimeError = class extends Error {
};
function isoToMs(text) {
  const m = ISO.exec(text);
  if (m === null) return Number.NaN;
  const y = +m[1];
  const mo = +m[2];
  const d = +m[3];
  const h = m[4] === void 0 ? 0 : +m[4];
  const mi = m[5] === void 0 ? 0 : +m[5];
  const s = m[6] === void 0 ? 0 : +m[6];
  const frac = m[7] === void 0 ? 0 : +m[7].slice(0, 3).padEnd(3, "0");
  const t = /* @__PURE__ */ new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, frac);
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return Number.NaN;
  if (t.getUTCHours() !== h || t.getUTCMinutes() !== mi || t.getUTCSeconds() !== s) return Number.NaN;
  let offsetMin = 0;
  if (m[9] !== void 0) {
    const oh = +m[10];
    const om = +m[11];
    if (oh > 23 || om > 59) return Number.NaN;
    offsetMin = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  return t.getTime() - offsetMin * 6e4;
}
function parseInstant(text, what) {
  const ms = isoToMs(text);
  if (Number.isNaN(ms)) {
    throw new BadTimeError(
      `${what}: expected an ISO 8601 time with a zone, on a real calendar date, like 2026-03-04T14:22:31Z or 2026-03-04, found ${JSON.stringify(text.slice(0, 60))}`
    );
  }
  return new Date(ms);
}
function resolveNow(flag, env) {
  if (flag !== void 0) return parseInstant(flag, "--now");
  const fromEnv = env["HOMUNCULUS_NOW"];
  if (fromEnv) return parseInstant(fromEnv, "HOMUNCULUS_NOW");
  return /* @__PURE__ */ new Date();
}
var FUTURE_TOLERANCE_MS = 5 * 6e4;
var PAST_TOLERANCE_MS = 5 * 6e4;
function utcDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

// lib/hook-errors.ts
var import_node_fs4 = require("node:fs");
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path2 = layout.hookErrors(home);
    try {
      if ((0, import_node_fs4.lstatSync)(path2).size > MAX_BYTES) (0, import_node_fs4.renameSync)(path2, `${path2}.1`);
    } catch {
    }
    const oneLine = message.replace(/[\r\n]+/g, " ").slice(0, 500);
    appendLine(path2, `${now.toISOString()} ${hook}: ${oneLine}`);
  } catch {
  }
}

// lib/hook-shell.ts
function runHook(name, body) {
  const env = process.env;
  const run = async () => {
    if (env["HOMUNCULUS_DISABLE"] === "1") return;
    let home;
    try {
      home = resolveDataHome(env);
      await body(home, env);
    } catch (e) {
      if (home !== void 0) logHookError(home, name, e?.message ?? String(e));
    }
  };
  run().finally(() => process.exit(0));
}

// lib/tokens.ts
var TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
var ID = /^[A-Za-z0-9_-]{1,128}$/;
var AGENT_TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;
var DETAIL_PART = /^[A-Za-z0-9._:+@-]{1,40}$/;
var INVALID_TOOL = "invalid";
function toolToken(name) {
  return typeof name === "string" && TOOL_NAME.test(name) ? name : INVALID_TOOL;
}
function idToken(value) {
  return typeof value === "string" && ID.test(value) ? value : void 0;
}
function agentTypeToken(value) {
  return typeof value === "string" && AGENT_TYPE.test(value) ? value : void 0;
}
var CREDENTIAL_PREFIXES = [
  /^(sk|rk|pk)[-_]/i,
  // OpenAI / Stripe style keys, sk-proj-…
  /^gh[pousr]_/,
  // GitHub tokens
  /^github_pat_/,
  /^glpat-/,
  // GitLab
  /^xox[abprs]-/,
  // Slack
  /^A[KS]IA[0-9A-Z]{8,}/,
  // AWS access key ids
  /^AIza/,
  // Google API keys
  /^eyJ/,
  // JWTs
  /^npm_[A-Za-z0-9]{16,}/
];
function looksLikeCredential(part) {
  if (CREDENTIAL_PREFIXES.some((re) => re.test(part))) return true;
  if (part.includes("@") && part.includes(":")) return true;
  if (/^-p./.test(part)) return true;
  const hasDigit = /[0-9]/.test(part);
  const hasUpper = /[A-Z]/.test(part);
  const hasLower = /[a-z]/.test(part);
  if (part.length >= 20 && hasDigit && (hasUpper || hasLower) && !/^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/.test(part)) return true;
  if (part.length >= 32 && hasDigit) return true;
  return false;
}
function detailPartToken(part) {
  return DETAIL_PART.test(part) && !looksLikeCredential(part) ? part : void 0;
}

// observer/commands-dev.ts
function devClis() {
  const NPM_VALUES = "--prefix -C -w --workspace --registry --otp --userconfig --globalconfig --cache --loglevel --tag --access --scope --auth-type --include --omit --before --node-options --script-shell --location --proxy --https-proxy --cafile --cert --key --fetch-retries --fetch-timeout --install-strategy --lockfile-version";
  const NPM_FLAGS = "-g --global -s --silent -q --quiet -d -dd -ddd --verbose -y --yes --force -f --json --ws --workspaces --include-workspace-root --dry-run --offline --prefer-offline --prefer-online --legacy-peer-deps --strict-peer-deps -h --help -v --version --ignore-scripts --foreground-scripts --if-present -D --save-dev -S --save -E --save-exact -O --save-optional -P --save-prod -l --long -p --parseable --production --usage";
  const MAKE = {
    values: "-C --directory -f --file --makefile -I --include-dir -o --old-file --assume-old -W --what-if --new-file --assume-new --eval",
    optional: "-j --jobs -l --load-average --max-load -O --output-sync --debug",
    flags: "-B --always-make -d -e --environment-overrides -i --ignore-errors -k --keep-going -L --check-symlink-times -n --just-print --dry-run --recon -p --print-data-base -q --question -r --no-builtin-rules -R --no-builtin-variables -s --silent --quiet -S --no-keep-going --stop -t --touch --trace -v --version -w --print-directory --no-print-directory --warn-undefined-variables -h --help",
    assignments: true,
    // A make target is the project's own name: recorded only when it is a common one.
    targets: {}
  };
  const MVN = {
    values: "-f --file -s --settings -gs --global-settings -t --toolchains -l --log-file -pl --projects -rf --resume-from -P --activate-profiles -T --threads -D --define -b --builder",
    flags: "-e --errors -X --debug -q --quiet -B --batch-mode -o --offline -U --update-snapshots -N --non-recursive -am --also-make -amd --also-make-dependents -fae --fail-at-end -ff --fail-fast -fn --fail-never -C --strict-checksums -c --lax-checksums -ntp --no-transfer-progress -nsu --no-snapshot-updates -V --show-version -v --version -h --help"
  };
  const GRADLE = {
    values: "-b --build-file -c --settings-file -p --project-dir -g --gradle-user-home -I --init-script -D --system-prop -P --project-prop -x --exclude-task --console --warning-mode --max-workers --priority --include-build",
    flags: "-q --quiet -i --info -d --debug -s --stacktrace -S --full-stacktrace --scan --no-scan --offline --daemon --no-daemon --parallel --no-parallel --build-cache --no-build-cache --continue --refresh-dependencies -v --version -h --help -m --dry-run -a --no-rebuild -w --warn --configuration-cache --no-configuration-cache --rerun-tasks -t --continuous"
  };
  const CONDA = {
    flags: "-h --help -V --version -v --verbose -q --quiet --json --no-plugins",
    runs: { run: { values: "-n --name -p --prefix --cwd", flags: "--no-capture-output --live-stream -v" } }
  };
  const PIP = {
    values: "--python --log --proxy --retries --timeout --exists-action --trusted-host --cert --client-cert --cache-dir --src --use-feature --use-deprecated --resume-retries",
    flags: "-v -vv -vvv --verbose -q -qq --quiet -V --version -h --help --isolated --require-virtualenv --no-input --no-cache-dir --disable-pip-version-check --no-color"
  };
  return {
    git: {
      values: "-C -c --git-dir --work-tree --namespace --super-prefix --config-env --list-cmds",
      flags: "--version --help -h -p --paginate -P --no-pager --no-replace-objects --bare --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --no-optional-locks --no-advice --exec-path --html-path --man-path --info-path"
    },
    hg: {
      values: "-R --repository --cwd --config --color --pager --encoding --encodingmode",
      flags: "-y --noninteractive -q --quiet -v --verbose --debug --debugger --traceback --time --profile --version -h --help --hidden"
    },
    svn: {
      values: "--username --password --config-dir --config-option",
      flags: "--non-interactive --no-auth-cache --trust-server-cert --force-interactive --password-from-stdin -q --quiet -h --help --version"
    },
    npm: { values: NPM_VALUES, flags: NPM_FLAGS, negations: true, scripts: "run run-script rum urn", runs: { exec: { values: "-p --package -w --workspace", flags: "-y --yes --no --ws --workspaces", packages: true, specs: "-p --package" }, x: { values: "-p --package", flags: "-y --yes --no", packages: true, specs: "-p --package" } } },
    pnpm: {
      values: "-C --dir --filter -F --filter-prod --reporter --loglevel --store-dir --registry --virtual-store-dir --modules-dir --test-pattern --changed-files-ignore-pattern --workspace-concurrency",
      flags: "-r --recursive -w --workspace-root -g --global -s --silent --stream --parallel --aggregate-output -h --help -v --version --frozen-lockfile --prefer-frozen-lockfile --prod -P -D --dev --offline --prefer-offline --color --use-stderr --shamefully-hoist --ignore-scripts --fail-if-no-match --include-workspace-root --sort --reverse",
      negations: true,
      scripts: "run run-script",
      // `pnpm build` runs the script build: a name pnpm does not know is a script.
      targets: {
        builtins: "add install i update up upgrade remove rm uninstall un link ln unlink import rebuild rb prune fetch install-test it dedupe patch patch-commit patch-remove audit list ls outdated why licenses exec dlx create init publish pack root bin store server env setup config get set test t start restart doctor"
      },
      runs: { exec: { flags: "-r --recursive --parallel --no-bail --report-summary" }, dlx: { values: "--package --allow-build", flags: "-s --silent", packages: true, specs: "--package" } }
    },
    yarn: {
      values: "--cwd --modules-folder --cache-folder --mutex --network-timeout --registry --global-folder --link-folder --use-yarnrc --https-proxy --proxy",
      flags: "-s --silent --verbose --offline --prefer-offline --frozen-lockfile --pure-lockfile --immutable --ignore-engines --ignore-scripts --ignore-optional --non-interactive --no-progress --no-lockfile --production --prod -W --ignore-workspace-root-check -v --version -h --help --json --check-files --flat --force --skip-integrity-check --no-default-rc --no-bin-links",
      negations: true,
      scripts: "run",
      // `yarn build` runs the script build: a name yarn does not know is a script.
      targets: {
        builtins: "add audit autoclean bin cache check config create dlx exec generate-lock-entry global help import info init install licenses link list login logout node outdated owner pack policies publish remove tag team test unlink unplug upgrade upgrade-interactive version versions why workspace workspaces set plugin constraints dedupe npm up explain rebuild patch start"
      },
      runs: { dlx: { values: "-p --package", flags: "-q --quiet", packages: true, specs: "-p --package" }, exec: {} }
    },
    bun: {
      values: "--cwd -c --config --env-file -r --preload --tsconfig-override --main-fields --extension-order",
      flags: "--watch --hot --silent --bun -b --smol -v --version -h --help --revision --no-install -i --prefer-offline --prefer-latest",
      runs: { x: { values: "-p --package", flags: "--bun -b", packages: true, specs: "-p --package" } },
      scripts: "run",
      // `bun acme-export.ts` runs a file: its name is not a subcommand.
      only: "run test x add a remove rm install i update upgrade outdated link unlink pm build init create c publish patch patch-commit audit info exec repl why"
    },
    deno: {
      values: "--log-level -L",
      flags: "-q --quiet --unstable -h --help -V --version",
      only: "run serve task repl eval test bench check compile coverage doc fmt info init install jupyter lint lsp publish types uninstall upgrade vendor add remove outdated clean bundle cache",
      scripts: "task"
    },
    corepack: {},
    nx: { flags: "--help --version" },
    turbo: {
      values: "--cwd --heap --api --token --team --login --cpuprofile --trace --profile --remote-cache-timeout",
      flags: "-v -vv -vvv --no-color --color --skip-infer --no-update-notifier --dangerously-disable-package-manager-check --preflight --remote-only -h --help -V --version"
    },
    ng: {},
    prisma: {},
    playwright: {},
    vitest: { only: "run watch dev related bench init list typecheck" },
    pm2: { flags: "-s --silent --no-color -h --help -V --version" },
    cargo: {
      values: "-Z --config --color -C --explain",
      flags: "-v -vv --verbose -q --quiet --frozen --locked --offline -V --version --list -h --help",
      skip: /^\+[A-Za-z0-9._-]+$/
    },
    rustup: { flags: "-v --verbose -q --quiet -h --help -V --version" },
    go: {},
    dotnet: {
      flags: "-d --diagnostics -h --help --info --version --list-sdks --list-runtimes",
      // `dotnet acme.dll` runs an assembly: its name is not a subcommand.
      only: "build build-server clean format help msbuild new nuget pack publish remove restore run sdk sln solution store test tool vstest workload add list watch dev-certs user-secrets ef fsi"
    },
    swift: { flags: "--version -h --help", only: "build run test package repl sdk" },
    mvn: MVN,
    mvnw: MVN,
    gradle: GRADLE,
    gradlew: GRADLE,
    make: MAKE,
    gmake: MAKE,
    just: {
      values: "-f --justfile -d --working-directory --shell --shell-arg --dotenv-filename --dotenv-path -E --color --dump-format --list-heading --list-prefix --chooser --command-color",
      pairs: "--set",
      flags: "-q --quiet -v --verbose -n --dry-run -l --list --summary --evaluate --yes -h --help -V --version --unstable --highlight --no-highlight --no-deps --unsorted -u --check --fmt --dump --init --choose --changelog --clear-shell-args --no-dotenv",
      assignments: true,
      targets: {}
    },
    rake: {
      values: "-f --rakefile -C --directory -I --libdir -r --require -R --rakelibdir",
      flags: "-v --verbose -q --quiet -s --silent -n --dry-run -N -P --prereqs -T --tasks -A --all -B -G -g --trace",
      assignments: true
    },
    pip: PIP,
    pip3: PIP,
    poetry: {
      values: "-C --directory -P --project",
      flags: "-q --quiet -v -vv -vvv --verbose -n --no-interaction --ansi --no-ansi --no-plugins --no-cache -h --help -V --version",
      runs: { run: {} }
    },
    uv: {
      values: "--directory --project --cache-dir --config-file --color --python-preference --allow-insecure-host",
      flags: "-q --quiet -v --verbose --offline --no-cache -n --native-tls --no-progress --no-config --preview --no-preview --isolated -h --help -V --version --no-python-downloads --managed-python --no-managed-python",
      runs: {
        run: {
          values: "--with --with-editable --with-requirements -p --python --package --env-file --extra --group --only-group --no-group --index --default-index --index-url --directory --project --python-preference",
          flags: "--no-project --frozen --locked --isolated --no-sync --all-extras --all-packages --dev --no-dev -q --quiet -v --verbose --offline --no-cache --active --no-env-file --exact"
        }
      }
    },
    pdm: { values: "-c --config -p --project", flags: "-v --verbose -q --quiet -I --ignore-python -h --help -V --version", runs: { run: {} } },
    rye: { flags: "-h --help --version", runs: { run: {} } },
    hatch: {
      values: "-e --env -p --project --data-dir --cache-dir --config",
      flags: "-v --verbose -q --quiet --color --no-color --interactive --no-interactive -h --help --version"
    },
    pipx: {
      flags: "-h --help --version -v --verbose -q --quiet",
      runs: { run: { values: "--spec --python --pip-args --index-url", flags: "--no-cache --verbose -q --quiet --system-site-packages", packages: true, specs: "--spec" } }
    },
    tox: {
      values: "-e -c --conf --root --workdir -x --override",
      flags: "-q -qq -v -vv -r --recreate -h --help --version --notest"
    },
    conda: CONDA,
    mamba: CONDA,
    micromamba: CONDA,
    composer: {
      values: "-d --working-dir",
      flags: "-q --quiet -v -vv -vvv --verbose -V --version -n --no-interaction --no-plugins --no-scripts --no-cache --ansi --no-ansi -h --help --profile"
    },
    bundle: {
      values: "-r --retry",
      flags: "--no-color -V --verbose -h --help -v --version",
      runs: { exec: { values: "--gemfile", flags: "--keep-file-descriptors" } }
    },
    rails: { flags: "-h --help -v --version" },
    mix: { flags: "-h --help -v --version" }
  };
}

// observer/commands-ops.ts
function opsClis() {
  const KUBE_VALUES = "-n --namespace --context --kubeconfig -s --server --cluster --user --token --as --as-group --as-uid --certificate-authority --client-certificate --client-key --tls-server-name --request-timeout --cache-dir --password --username -v --log-file --log-dir --profile --profile-output --vmodule";
  const KUBE_FLAGS = "--insecure-skip-tls-verify --match-server-version --warnings-as-errors --disable-compression -h --help --logtostderr --alsologtostderr";
  const DNF = {
    values: "-c --config --releasever --installroot --setopt --enablerepo --disablerepo --repo -x --exclude -d --debuglevel -e --errorlevel --rpmverbosity",
    flags: "-y --assumeyes -q --quiet -v --verbose -C --cacheonly --refresh --nogpgcheck -h --help --version --best --nobest --allowerasing --skip-broken"
  };
  const APT = {
    values: "-o --option -c --config-file -t --target-release -a --host-architecture",
    flags: "-y --yes --assume-yes -q -qq --quiet -s --simulate --dry-run -d --download-only -f --fix-broken --no-install-recommends --install-recommends -V --allow-unauthenticated --reinstall -h --help -v --version --purge --auto-remove -m"
  };
  const TERRAFORM = { values: "-chdir", flags: "-help -version -v -h --help --version" };
  return {
    docker: {
      values: "--config -c --context -H --host -l --log-level --tlscacert --tlscert --tlskey",
      flags: "-D --debug --tls --tlsverify -v --version -h --help"
    },
    "docker-compose": {
      values: "-f --file -p --project-name --project-directory --env-file --profile -H --host -c --context --log-level --ansi --parallel --progress",
      flags: "--verbose --no-ansi --compatibility --dry-run --all-resources -v --version -h --help"
    },
    podman: {
      values: "-c --connection --url --identity --root --runroot --storage-driver --log-level --cgroup-manager --events-backend --runtime --tmpdir --module --network-cmd-path --ssh",
      flags: "-r --remote --syslog -h --help -v --version"
    },
    kubectl: { values: KUBE_VALUES, flags: KUBE_FLAGS },
    oc: { values: KUBE_VALUES, flags: KUBE_FLAGS },
    helm: {
      values: "-n --namespace --kube-context --kubeconfig --kube-token --kube-apiserver --kube-as-user --kube-as-group --kube-ca-file --registry-config --repository-cache --repository-config --burst-limit --qps --kube-tls-server-name",
      flags: "--debug --kube-insecure-skip-tls-verify -h --help"
    },
    minikube: { values: "-p --profile --log_dir -v", flags: "--alsologtostderr --logtostderr -h --help" },
    kind: { values: "-v --verbosity", flags: "-q --quiet -h --help" },
    terraform: TERRAFORM,
    tofu: TERRAFORM,
    pulumi: {
      values: "-C --cwd --color --tracing --profiling -v --verbose --memprofilerate",
      flags: "--disable-integrity-checking --emoji -e --logflow --logtostderr --non-interactive -h --help"
    },
    aws: {
      values: "--profile --region --output --endpoint-url --query --ca-bundle --cli-read-timeout --cli-connect-timeout --color --cli-binary-format",
      flags: "--debug --no-verify-ssl --no-paginate --no-sign-request --no-cli-pager --cli-auto-prompt --no-cli-auto-prompt --version"
    },
    gcloud: {
      values: "--account --project --configuration --billing-project --impersonate-service-account --verbosity --format --flags-file --access-token-file --trace-token --universe-domain",
      flags: "-q --quiet --log-http --user-output-enabled --no-user-output-enabled -h --help"
    },
    az: { values: "--subscription -o --output --query", flags: "--debug --verbose --only-show-errors -h --help" },
    doctl: {
      values: "-t --access-token -u --api-url -c --config --context -o --output --http-retry-max --http-retry-wait-max --http-retry-wait-min",
      flags: "--trace -v --verbose --interactive -h --help"
    },
    fly: { values: "-t --access-token", flags: "--debug --verbose -h --help" },
    flyctl: { values: "-t --access-token", flags: "--debug --verbose -h --help" },
    vercel: {
      values: "-t --token -S --scope -T --team --cwd -A --local-config -Q --global-config",
      flags: "-d --debug --no-color -y --yes -h --help -v --version"
    },
    netlify: { values: "--auth", flags: "--debug -h --help" },
    firebase: {
      values: "-P --project --account --token -c --config",
      flags: "-j --json --debug --non-interactive -i --interactive -h --help -V --version"
    },
    wrangler: { values: "-c --config -e --env --cwd --env-file", flags: "-h --help -v --version" },
    supabase: {
      values: "--workdir --profile --network-id -o --output --dns-resolver",
      flags: "--debug --experimental --yes --create-ticket -h --help -v --version"
    },
    heroku: {},
    gh: { flags: "--help --version" },
    glab: { flags: "--help -v --version" },
    brew: { flags: "-v --verbose -d --debug -q --quiet -h --help" },
    apt: APT,
    "apt-get": APT,
    dnf: DNF,
    yum: DNF,
    systemctl: {
      values: "-H --host -M --machine -t --type -p --property -s --signal --state --root -n --lines -o --output --kill-whom --job-mode",
      flags: "--user --system --global -a --all -l --full -q --quiet --no-block --no-pager --no-legend --now -f --force -r --recursive --failed --runtime --dry-run -h --help --version"
    },
    tmux: { values: "-L -S -f -c -T", flags: "-2 -C -CC -D -l -N -u -v -V" },
    openssl: {},
    ollama: {},
    vault: {},
    nvm: {},
    mise: { scripts: "run r" },
    asdf: {}
  };
}

// observer/commands-shell.ts
function shellTables() {
  const NO_OPS = new Set(
    "cd pushd popd dirs pwd sleep echo printf export unset source . true false : set shopt alias unalias wait clear trap umask ulimit local declare typeset readonly exit return hash history read let shift break continue which type test [ [[ ]] ] fi done esac } then else elif do".split(" ")
  );
  const PREFIX_WORDS = /* @__PURE__ */ new Set(["!", "{", "if", "then", "else", "elif", "do", "while", "until"]);
  const WRAPPERS = {
    sudo: {
      values: "-u -g -h -p -C -D -R -r -t -T -U --user --group --host --prompt --close-from --chdir --chroot --role --type --command-timeout --other-user",
      flags: "-E -H -n -k -K -b -P -S -A -B -i -s --preserve-env --login --shell --non-interactive --stdin --askpass --background --set-home --reset-timestamp --remove-timestamp --preserve-groups"
    },
    doas: { values: "-u -C", flags: "-n -s -L" },
    env: { values: "-u --unset -C --chdir", flags: "-i --ignore-environment -0 --null -v --debug -", assignments: true },
    nice: { values: "-n --adjustment", skip: /^-[0-9]+$/ },
    nohup: {},
    time: { values: "-f -o --format --output", flags: "-p -v -a -q --portability --verbose --append --quiet" },
    timeout: { values: "-s --signal -k --kill-after", flags: "-v -f --verbose --foreground --preserve-status", operands: 1 },
    stdbuf: { values: "-i -o -e --input --output --error" },
    xargs: {
      values: "-I -n -L -P -s -d -E -a --arg-file --max-args --max-lines --max-procs --max-chars --delimiter --process-slot-var",
      flags: "-0 -r -t -p -x -o --null --no-run-if-empty --verbose --interactive --exit --open-tty",
      optional: "-i -l -e --replace --eof"
    },
    command: { flags: "-p" },
    exec: { values: "-a", flags: "-c -l" },
    ionice: { values: "-c -n -p -P -u --class --classdata", flags: "-t --ignore" },
    watch: { values: "-n --interval", flags: "-t -b -e -g -c -x -p --no-title --beep --errexit --chgexit --color --exec --precise", optional: "-d --differences" },
    // Package runners: what they run is the command.
    // A spec that is not a registry's name (a `github:` or git repository, a URL, a tarball, a
    // path) names the user's or a stranger's code: the runner alone is recorded (bash-detail.ts).
    npx: { values: "-p --package", flags: "-y --yes --no -q --quiet --ignore-existing", packages: true, specs: "-p --package" },
    pnpx: { values: "-p --package", flags: "-y --yes --no -q --quiet", packages: true, specs: "-p --package" },
    bunx: { values: "-p --package", flags: "--bun -b", packages: true, specs: "-p --package" },
    uvx: {
      values: "--from --with --with-editable --with-requirements -p --python --index --default-index --index-url",
      flags: "--isolated -q -v --quiet --verbose --offline -n --no-cache",
      packages: true,
      specs: "--from"
    }
  };
  const PYTHON = { values: "-X -W", flags: "-u -B -O -OO -E -s -S -I -q -v -b -bb -d -P -R -i -x", module: "-m" };
  const BASH = { values: "-o -O --rcfile --init-file", flags: "-e -x -u -l -i -v -n -f -h -E -T -p -s --login --norc --noprofile --posix --noediting", command: "-c" };
  const SH = { values: "-o", flags: "-e -x -u -l -i -v -n -f -h -a -b -s", command: "-c" };
  const VIA = {
    python: PYTHON,
    python3: PYTHON,
    bash: BASH,
    zsh: BASH,
    sh: SH,
    dash: SH
  };
  return { NO_OPS, PREFIX_WORDS, WRAPPERS, VIA };
}

// observer/command-table.ts
var PACKAGE_BINS = new Set(
  "vitest jest mocha ava eslint tsc vue-tsc prettier biome playwright cypress next vite webpack rollup esbuild tsx ts-node nodemon turbo nx astro nuxt remix expo react-scripts tailwindcss drizzle-kit prisma knip lerna changeset semantic-release storybook svelte-kit svelte-check".split(" ")
);
var SCRIPT_WORDS = new Set(
  "build test tests lint dev start serve preview watch typecheck type-check types tsc check format fmt e2e unit integration coverage cov ci release clean install setup bootstrap generate gen codegen docs doc compile bundle verify validate bench all default run migrate seed storybook prettier eslint vet tidy deploy".split(" ")
);
var table;
function commandTable() {
  return table ??= build();
}
function build() {
  return { ...shellTables(), CLIS: { ...devClis(), ...opsClis() } };
}

// observer/shell-words.ts
var MAX_NESTING = 16;
var ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
function skipHeredocBodies(src, i, pending) {
  for (const h of pending) {
    for (; ; ) {
      if (i >= src.length) return i;
      const nl = src.indexOf("\n", i);
      const end = nl === -1 ? src.length : nl;
      let line = src.slice(i, end);
      if (h.stripTabs) line = line.replace(/^\t+/, "");
      i = nl === -1 ? src.length : nl + 1;
      if (line === h.delimiter) break;
    }
  }
  pending.length = 0;
  return i;
}
var Lexer = class _Lexer {
  constructor(src, level = 0) {
    this.src = src;
    this.level = level;
  }
  src;
  level;
  tokens = [];
  word = "";
  inWord = false;
  plain = true;
  rawStart = 0;
  /** The next word is a redirection target (dropped) or a here-document delimiter. */
  target = "none";
  heredocs = [];
  endWord(at) {
    if (!this.inWord) return;
    if (this.target === "heredoc" || this.target === "heredoc-strip") {
      this.heredocs.push({ delimiter: this.word, stripTabs: this.target === "heredoc-strip" });
    } else if (this.target === "none") {
      const raw = this.src.slice(this.rawStart, at);
      this.tokens.push({ kind: "word", text: this.word, plain: this.plain, assignment: ASSIGNMENT.test(raw) });
    }
    this.target = "none";
    this.word = "";
    this.inWord = false;
    this.plain = true;
  }
  startWord(at) {
    if (!this.inWord) {
      this.inWord = true;
      this.rawStart = at;
    }
  }
  op(op, at) {
    this.endWord(at);
    this.target = "none";
    this.tokens.push({ kind: "op", op });
  }
  /**
   * Scans from `i`. Nested (inside `$(`, `<(`, `(` of an array): returns the index just after the
   * closing parenthesis that balances the opening one. Top level: returns the end of input.
   */
  scan(i, nested) {
    const src = this.src;
    const n = src.length;
    let depth = 0;
    while (i < n) {
      const c = src[i];
      switch (c) {
        case " ":
        case "	":
        case "\r":
          this.endWord(i);
          i++;
          continue;
        case "\n":
          this.op("\n", i);
          i = this.heredocs.length > 0 ? skipHeredocBodies(src, i + 1, this.heredocs) : i + 1;
          continue;
        case "#":
          if (!this.inWord) {
            const nl = src.indexOf("\n", i);
            i = nl === -1 ? n : nl;
            continue;
          }
          break;
        case "\\":
          if (src[i + 1] === "\n") {
            i += 2;
            continue;
          }
          this.startWord(i);
          this.word += src[i + 1] ?? "";
          this.plain = false;
          i += 2;
          continue;
        case "'": {
          this.startWord(i);
          const close = src.indexOf("'", i + 1);
          const end = close === -1 ? n : close;
          this.word += src.slice(i + 1, end);
          this.plain = false;
          i = end + 1;
          continue;
        }
        case '"':
          this.startWord(i);
          this.plain = false;
          i = this.doubleQuoted(i + 1);
          continue;
        case "`": {
          this.startWord(i);
          this.plain = false;
          const end = this.backtick(i + 1);
          this.word += src.slice(i, end);
          i = end;
          continue;
        }
        case "$": {
          this.startWord(i);
          this.plain = false;
          const end = this.dollar(i);
          this.word += src.slice(i, end);
          i = end;
          continue;
        }
        case "<":
        case ">": {
          if (src[i + 1] === "(") {
            this.startWord(i);
            this.plain = false;
            i = this.sub(i + 2);
            continue;
          }
          if (this.inWord && this.plain && /^[0-9]+$/.test(this.word)) {
            this.word = "";
            this.inWord = false;
          }
          this.endWord(i);
          if (c === "<" && src.startsWith("<<<", i)) {
            i += 3;
            this.target = "file";
          } else if (c === "<" && src.startsWith("<<-", i)) {
            i += 3;
            this.target = "heredoc-strip";
          } else if (c === "<" && src[i + 1] === "<") {
            i += 2;
            this.target = "heredoc";
          } else {
            i += 1;
            if (src[i] === ">" || src[i] === "&" || src[i] === "|" || c === "<" && src[i] === ">") i++;
            this.target = "file";
          }
          continue;
        }
        case "&":
          if (src[i + 1] === "&") {
            this.op("&&", i);
            i += 2;
          } else if (src[i + 1] === ">") {
            this.endWord(i);
            i += src[i + 2] === ">" ? 3 : 2;
            this.target = "file";
          } else {
            this.op("&", i);
            i += 1;
          }
          continue;
        case "|":
          if (src[i + 1] === "|") {
            this.op("||", i);
            i += 2;
          } else {
            this.op("|", i);
            i += src[i + 1] === "&" ? 2 : 1;
          }
          continue;
        case ";":
          this.op(";", i);
          i += src[i + 1] === ";" ? 2 : src[i + 1] === "&" ? 2 : 1;
          continue;
        case "(":
          if (this.inWord && this.word.endsWith("=")) {
            this.plain = false;
            i = this.sub(i + 1);
            continue;
          }
          this.op("(", i);
          depth++;
          i++;
          continue;
        case ")":
          this.endWord(i);
          if (nested && depth === 0) return i + 1;
          this.op(")", i);
          depth--;
          i++;
          continue;
        default:
          break;
      }
      this.startWord(i);
      this.word += c;
      i++;
    }
    this.endWord(n);
    return n;
  }
  /**
   * A nested scan whose tokens are thrown away (the text inside `$( )` and the like). Nesting
   * deeper than anyone writes by hand makes the rest of the line one opaque word rather than
   * a stack overflow.
   */
  sub(i) {
    if (this.level >= MAX_NESTING) return this.src.length;
    return new _Lexer(this.src, this.level + 1).scan(i, true);
  }
  /** From just after an opening `"`; appends the text and returns the index after the closing quote. */
  doubleQuoted(i) {
    const src = this.src;
    const n = src.length;
    while (i < n) {
      const c = src[i];
      if (c === '"') return i + 1;
      if (c === "\\") {
        const next = src[i + 1];
        if (next === "\n") {
          i += 2;
          continue;
        }
        this.word += next === '"' || next === "\\" || next === "$" || next === "`" ? next : `\\${next ?? ""}`;
        i += 2;
        continue;
      }
      if (c === "`") {
        const end = this.backtick(i + 1);
        this.word += src.slice(i, end);
        i = end;
        continue;
      }
      if (c === "$") {
        const end = this.dollar(i);
        this.word += src.slice(i, end);
        i = end;
        continue;
      }
      this.word += c;
      i++;
    }
    return n;
  }
  /** From just after an opening backtick; returns the index after the closing one. */
  backtick(i) {
    const src = this.src;
    while (i < src.length) {
      if (src[i] === "\\") i += 2;
      else if (src[i] === "`") return i + 1;
      else i++;
    }
    return src.length;
  }
  /** At a `$`: returns the index after the expansion it starts. */
  dollar(i) {
    const src = this.src;
    const next = src[i + 1];
    if (next === "(") return this.sub(i + 2);
    if (next === "{") {
      let depth = 0;
      for (let k = i + 1; k < src.length; k++) {
        const c = src[k];
        if (c === "\\") k++;
        else if (c === "{") depth++;
        else if (c === "}" && --depth === 0) return k + 1;
      }
      return src.length;
    }
    if (next === "'") {
      for (let k = i + 2; k < src.length; k++) {
        if (src[k] === "\\") k++;
        else if (src[k] === "'") return k + 1;
      }
      return src.length;
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(src.slice(i + 1, i + 130));
    return i + 1 + (m ? m[0].length : 0);
  }
};
function shellTokens(command) {
  const lexer = new Lexer(command);
  lexer.scan(0, false);
  return lexer.tokens;
}

// observer/bash-detail.ts
var compiled = /* @__PURE__ */ new WeakMap();
var set = (list) => new Set(list ? list.split(" ") : []);
function options(t) {
  let o = compiled.get(t);
  if (o === void 0) {
    o = {
      values: set(t.values),
      flags: set(t.flags),
      optional: set(t.optional),
      pairs: set(t.pairs),
      negations: t.negations === true,
      assignments: t.assignments === true,
      skip: t.skip
    };
    compiled.set(t, o);
  }
  return o;
}
var NUMBER = /^[0-9]+(?:\.[0-9]+)?$/;
var isNumber = (w) => w !== void 0 && w.plain && NUMBER.test(w.text);
function scanOptions(words, k, table2, via = []) {
  const o = options(table2);
  while (k < words.length) {
    const w = words[k];
    const t = w.text;
    if (!w.plain) return { kind: "operand", at: k };
    if (o.skip?.test(t)) {
      k++;
      continue;
    }
    if (o.assignments && w.assignment) {
      k++;
      continue;
    }
    if (t === "--") return { kind: "after--", at: k + 1 };
    if (t.length < 2 || !t.startsWith("-")) return { kind: "operand", at: k };
    if (via.includes(t)) return { kind: "via", option: t, at: k + 1 };
    if (o.values.has(t)) {
      k += 2;
      continue;
    }
    if (o.pairs.has(t)) {
      k += 3;
      continue;
    }
    if (o.flags.has(t)) {
      k++;
      continue;
    }
    if (o.optional.has(t)) {
      k += isNumber(words[k + 1]) ? 2 : 1;
      continue;
    }
    const eq = t.indexOf("=");
    if (t.startsWith("--")) {
      if (eq !== -1 || o.negations && t.startsWith("--no-")) {
        k++;
        continue;
      }
      return { kind: "unsure" };
    }
    if (eq !== -1 && (o.values.has(t.slice(0, eq)) || o.optional.has(t.slice(0, eq)))) {
      k++;
      continue;
    }
    let step = 1;
    for (let j = 1; j < t.length; j++) {
      const opt = `-${t[j]}`;
      const last = j === t.length - 1;
      if (via.includes(opt)) {
        if (last) return { kind: "via", option: opt, at: k + 1 };
        return { kind: "unsure" };
      }
      if (o.values.has(opt)) {
        if (last) step = 2;
        break;
      }
      if (o.optional.has(opt)) {
        if (last && isNumber(words[k + 1])) step = 2;
        break;
      }
      if (!o.flags.has(opt)) return { kind: "unsure" };
    }
    k += step;
  }
  return { kind: "operand", at: k };
}
function basename(word) {
  const slash = word.lastIndexOf("/");
  return slash === -1 ? word : word.slice(slash + 1);
}
function packageName(spec) {
  const name = basename(spec);
  const end = name.slice(1).search(/[@=<>~![]/);
  return end === -1 ? name : name.slice(0, end + 1);
}
var userWords;
function knownProgram(name) {
  const { CLIS, WRAPPERS, VIA } = commandTable();
  return Object.hasOwn(CLIS, name) || Object.hasOwn(WRAPPERS, name) || Object.hasOwn(VIA, name) || PACKAGE_BINS.has(name);
}
function scriptWord(name) {
  return (SCRIPT_WORDS.has(name) || userWords?.has(name) === true) && detailPartToken(name) !== void 0;
}
function programToken(word) {
  return word.startsWith("-") ? void 0 : detailPartToken(word);
}
function own(table2, word) {
  return Object.hasOwn(table2, word) ? table2[word] : void 0;
}
var LOCAL_SCRIPT = "local-script";
var SYSTEM_BIN = /^\/(?:usr|bin|sbin|opt|nix|snap|Library|System|Applications)\//;
var MAX_DEPTH = 2;
function commandAt(words, k, depth, isPackage = false) {
  const { CLIS, NO_OPS, VIA, WRAPPERS } = commandTable();
  while (!isPackage && k < words.length && words[k].assignment) k++;
  const w = words[k];
  if (w === void 0) return { noop: void 0 };
  if (!w.plain) return { work: void 0 };
  const program = isPackage ? packageName(w.text) : basename(w.text);
  if (!isPackage && w.text.includes("/") && !SYSTEM_BIN.test(w.text) && !knownProgram(program) && !scriptWord(program)) return { work: LOCAL_SCRIPT };
  if (NO_OPS.has(program)) return { noop: programToken(program) };
  const alone = { work: programToken(program) };
  const wrapper = own(WRAPPERS, program);
  if (wrapper !== void 0) return wrapped(words, k, wrapper, depth) ?? alone;
  const via = own(VIA, program);
  if (via !== void 0) {
    const stops = [via.module, via.command].filter((s) => s !== void 0);
    const scan2 = scanOptions(words, k + 1, via, stops);
    if (scan2.kind !== "via" || scan2.at >= words.length) return alone;
    if (scan2.option === via.module) {
      const inner = commandAt(words, scan2.at, depth);
      return "work" in inner && inner.work !== void 0 ? inner : alone;
    }
    const script = words[scan2.at];
    if (depth >= MAX_DEPTH) return alone;
    return { work: detailOf(script.text, depth + 1) ?? alone.work };
  }
  const cli = own(CLIS, program);
  if (cli === void 0) return alone;
  const scan = scanOptions(words, k + 1, cli);
  if (scan.kind !== "operand" || scan.at >= words.length) return alone;
  const subWord = words[scan.at];
  if (!subWord.plain) return { work: void 0 };
  const sub = detailPartToken(subWord.text);
  if (sub === void 0) return cli.only !== void 0 ? alone : { work: void 0 };
  if (cli.only !== void 0 && !cli.only.split(" ").includes(sub)) return alone;
  const both = `${program} ${sub}`;
  if (cli.scripts !== void 0 && cli.scripts.split(" ").includes(sub)) {
    const next = scanOptions(words, scan.at + 1, cli);
    const name = next.kind === "operand" && next.at < words.length && words[next.at].plain ? words[next.at].text : void 0;
    return { work: name !== void 0 && scriptWord(name) ? `${both} ${name}` : both };
  }
  if (cli.targets !== void 0 && !(cli.targets.builtins ?? "").split(" ").includes(sub)) return scriptWord(sub) || program !== "make" && program !== "gmake" && knownProgram(sub) ? { work: both } : alone;
  const runner = cli.runs === void 0 ? void 0 : own(cli.runs, sub);
  if (runner !== void 0) {
    const inner = wrapped(words, scan.at, runner, depth);
    return inner !== void 0 && "work" in inner && inner.work !== void 0 ? inner : { work: both };
  }
  return alone.work === void 0 ? alone : { work: both };
}
var REGISTRY_SPEC = /^(?:@[A-Za-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*(?:[@=<>~![][^/\\:#]*)?$/;
var ARCHIVE = /\.(?:tgz|tar|gz|bz2|xz|zip|whl|egg|gem|jar)$/i;
var registrySpec = (text) => REGISTRY_SPEC.test(text) && !ARCHIVE.test(text);
function registrySpecs(words, from, at, spec) {
  if (!words[at].plain || !registrySpec(words[at].text)) return false;
  if (spec.specs === void 0) return true;
  const specs = spec.specs.split(" ");
  for (let j = from; j < at; j++) {
    const t = words[j].text;
    const eq = t.indexOf("=");
    let value;
    if (specs.includes(t)) value = words[j + 1];
    else if (t.startsWith("--") && eq !== -1 && specs.includes(t.slice(0, eq))) value = t.slice(eq + 1);
    else if (/^-[A-Za-z]./.test(t) && specs.includes(t.slice(0, 2))) value = t.slice(2);
    if (value === void 0) continue;
    if (typeof value === "string" ? !registrySpec(value) : !value.plain || !registrySpec(value.text)) return false;
  }
  return true;
}
function wrapped(words, k, spec, depth) {
  const scan = scanOptions(words, k + 1, spec);
  if (scan.kind === "unsure" || scan.kind === "via") return void 0;
  const at = scan.at + (spec.operands ?? 0);
  if (at >= words.length) return void 0;
  if (spec.packages === true && !registrySpecs(words, k + 1, at, spec)) return void 0;
  return commandAt(words, at, depth, spec.packages === true);
}
function firstWord(words) {
  const { PREFIX_WORDS } = commandTable();
  let k = 0;
  while (k < words.length && words[k].plain && PREFIX_WORDS.has(words[k].text)) k++;
  const w = words[k];
  return { at: k, text: w?.plain ? w.text : void 0 };
}
function detailOf(command, depth) {
  const tokens = shellTokens(command.length > 4096 ? command.slice(0, 4096) : command);
  let firstNoop;
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i].kind === "op") {
      i++;
      continue;
    }
    let j = i;
    while (j < tokens.length && tokens[j].kind === "word") j++;
    const words = tokens.slice(i, j);
    const head = firstWord(words);
    if (head.text === "[[") {
      let end = i + head.at + 1;
      while (end < tokens.length && !(tokens[end].kind === "word" && tokens[end].text === "]]")) end++;
      i = end + 1;
      continue;
    }
    if (head.text === "for" || head.text === "select") {
      let end = i + head.at + 1;
      while (end < tokens.length && !(tokens[end].kind === "word" && tokens[end].text === "do")) end++;
      i = end;
      continue;
    }
    if (head.text === "case" || head.text === "function" || head.text === "coproc") return void 0;
    const outcome = commandAt(words, head.at, depth);
    if ("work" in outcome) return outcome.work;
    firstNoop ??= outcome.noop;
    i = j;
  }
  return firstNoop;
}
function bashDetail(command, words) {
  if (typeof command !== "string" || command.length === 0) return void 0;
  userWords = words;
  try {
    return detailOf(command, 0);
  } catch {
    return void 0;
  } finally {
    userWords = void 0;
  }
}

// observer/tool-names.ts
var LEGACY_TOOL_NAMES = {
  Task: "Agent",
  KillShell: "TaskStop",
  KillBash: "TaskStop",
  ListPeers: "ListAgents",
  Brief: "SendUserMessage",
  ListMcpResources: "ListMcpResourcesTool",
  ReadMcpResource: "ReadMcpResourceTool",
  ReadMcpResourceDir: "ReadMcpResourceDirTool",
  ProposeGoal: "SetGoal",
  AgentOutputTool: "TaskOutput",
  BashOutputTool: "TaskOutput",
  BashOutput: "TaskOutput"
};
function currentToolName(tool) {
  return Object.prototype.hasOwnProperty.call(LEGACY_TOOL_NAMES, tool) ? LEGACY_TOOL_NAMES[tool] : tool;
}

// observer/observation.ts
var REJECTED_MARK = "The user doesn't want to proceed with this tool use";
var INTERRUPTED_MARK = "[Request interrupted by user for tool use]";
var OBSERVED_EVENTS = ["PostToolUse", "PostToolUseFailure"];
var PayloadError = class extends Error {
};
var REJECTED_HEAD = `${REJECTED_MARK}. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). `;
var REJECTED_STOP = "STOP what you are doing and wait for the user to tell you how to proceed.";
var REJECTED_SAID = "To tell you how to proceed, the user said:\n";
var INTERRUPTED_BASH = /^Exit code \d{1,3}\n\[Request interrupted by user for tool use\]$/;
function stopOfResult(result) {
  if (typeof result !== "string") return void 0;
  const r = result.startsWith("Error: ") ? result.slice(7) : result;
  if (r.startsWith(REJECTED_HEAD)) {
    const end = r.slice(REJECTED_HEAD.length);
    return end === REJECTED_STOP || end.startsWith(REJECTED_SAID) ? "reject" : void 0;
  }
  if (r === INTERRUPTED_MARK || r.startsWith(`${INTERRUPTED_MARK}
`) || INTERRUPTED_BASH.test(r)) return "interrupt";
  return void 0;
}
function durationMs(value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}
function toolCallFromPayload(p, commandWords) {
  const event = p.top.get("hook_event_name");
  if (typeof event !== "string" || !OBSERVED_EVENTS.includes(event)) {
    throw new PayloadError(`expected hook_event_name PostToolUse or PostToolUseFailure, found ${event === void 0 ? "none" : typeof event === "string" && /^[A-Za-z]{1,40}$/.test(event) ? event : "an unexpected value"}`);
  }
  const session = idToken(p.top.get("session_id"));
  if (session === void 0) throw new PayloadError("expected session_id of [A-Za-z0-9_-]{1,128}, found a missing or invalid value");
  if (!p.top.has("tool_name")) throw new PayloadError("expected tool_name, found none");
  const rawAgentId = p.top.get("agent_id");
  const agentId = idToken(rawAgentId);
  if (rawAgentId !== void 0 && rawAgentId !== null && agentId === void 0) {
    throw new PayloadError("expected agent_id of [A-Za-z0-9_-]{1,128}, found an invalid value");
  }
  const tool = currentToolName(toolToken(p.top.get("tool_name")));
  const interrupted = p.top.get("is_interrupt") === true || p.nested.get("tool_response.interrupted") === true;
  const failed = event === "PostToolUseFailure" || interrupted;
  const cwd = p.top.get("cwd");
  return {
    event,
    session,
    tool,
    ok: !failed,
    ms: durationMs(p.top.get("duration_ms")),
    id: idToken(p.top.get("tool_use_id")),
    detail: tool === "Bash" ? bashDetail(p.nested.get("tool_input.command"), commandWords) : void 0,
    agent: agentId === void 0 ? void 0 : agentTypeToken(p.top.get("agent_type")),
    agentId,
    cwd: typeof cwd === "string" && cwd.length > 0 ? cwd : void 0,
    stop: interrupted ? "interrupt" : failed ? stopOfResult(p.top.get("error")) : void 0
  };
}
function buildObservation(call, ts, prev, project) {
  const o = {
    v: 1,
    ts,
    tool: call.tool,
    ok: call.ok,
    ms: call.ms,
    prev: prev[0] ?? null,
    prev2: prev[1] ?? null,
    session: call.session,
    project,
    event: call.event
  };
  if (call.id !== void 0) o.id = call.id;
  if (call.detail !== void 0) o.detail = call.detail;
  if (call.agent !== void 0) o.agent = call.agent;
  if (call.agentId !== void 0) o.agentId = call.agentId;
  if (call.stop !== void 0) o.stop = call.stop;
  return o;
}
function streamKey(session, agentId) {
  return agentId === void 0 ? `${session}.main` : `${session}.agent-${agentId}`;
}

// observer/project-id.ts
var import_node_fs5 = require("node:fs");
var import_node_path3 = require("node:path");
function isPresent(path2) {
  try {
    (0, import_node_fs5.statSync)(path2);
    return true;
  } catch {
    return false;
  }
}
var WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/;
function rulesFor(path2) {
  if (process.platform === "win32") return { p: import_node_path3.win32, native: true };
  return WINDOWS_ABSOLUTE.test(path2) ? { p: import_node_path3.win32, native: false } : { p: import_node_path3.posix, native: true };
}
function canonical(p, path2) {
  return p === import_node_path3.win32 && /^[a-z]:/.test(path2) ? path2[0].toUpperCase() + path2.slice(1) : path2;
}
function projectRoot(cwd, env, exists = isPresent, known) {
  const fromEnv = env["CLAUDE_PROJECT_DIR"];
  const given = fromEnv || cwd;
  if (!given) return void 0;
  const { p, native } = rulesFor(given);
  const start = canonical(p, p.resolve(given));
  if (fromEnv || !native) return start;
  for (let dir = start; ; dir = p.dirname(dir)) {
    if (known?.(projectId(dir))) return dir;
    if (exists(p.resolve(dir, ".git"))) return dir;
    if (p.dirname(dir) === dir) return start;
  }
}
function projectId(root) {
  return fnv1a64Hex(root).slice(0, 12);
}

// observer/payload-scan.ts
var QUOTE = 34;
var BACKSLASH = 92;
var OBJ = 1;
var ARR = 2;
var TOP_FIELDS = /* @__PURE__ */ new Set([
  "session_id",
  "hook_event_name",
  "tool_name",
  "tool_use_id",
  "duration_ms",
  "agent_id",
  "agent_type",
  "cwd",
  "is_interrupt",
  "prompt",
  "stop_hook_active",
  "source",
  "transcript_path",
  "reason",
  "error"
]);
var NESTED_FIELDS = /* @__PURE__ */ new Map([
  ["tool_input", /* @__PURE__ */ new Set(["command"])],
  ["tool_response", /* @__PURE__ */ new Set(["interrupted"])]
]);
var KEY_LIMIT = 64;
var VALUE_LIMIT = 64 * 1024;
function isSpace(c) {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
function decodeString(raw) {
  try {
    return JSON.parse(`"${raw.toString("utf8")}"`);
  } catch {
    return void 0;
  }
}
function oddBackslashesBefore(chunk, end, floor) {
  let k = end - 1;
  while (k >= floor && chunk[k] === BACKSLASH) k--;
  return (end - 1 - k) % 2 === 1;
}
var PayloadScanner = class {
  result = { top: /* @__PURE__ */ new Map(), nested: /* @__PURE__ */ new Map() };
  /** The top-level object has closed. */
  done = false;
  /** The input cannot be a payload (not an object). */
  error;
  bytes = 0;
  stack = [];
  expectKey = false;
  inString = false;
  escape = false;
  stringIsKey = false;
  inScalar = false;
  capturing = false;
  parts = [];
  partsLength = 0;
  overflow = false;
  limit = 0;
  target = "";
  // where a captured value goes: "top:<key>" or "nested:<a.b>"
  key1 = "";
  key2 = "";
  push(chunk) {
    this.bytes += chunk.length;
    let i = 0;
    const n = chunk.length;
    while (i < n && !this.done && this.error === void 0) {
      if (this.inString) {
        i = this.scanString(chunk, i);
        continue;
      }
      const c = chunk[i];
      if (this.inScalar) {
        if (c === 44 || c === 125 || c === 93 || isSpace(c)) {
          this.inScalar = false;
          this.endCapture(false);
          continue;
        }
        if (this.capturing) this.take(chunk, i, i + 1);
        i++;
        continue;
      }
      i++;
      if (isSpace(c)) continue;
      const depth = this.stack.length;
      if (depth === 0 && c !== 123) {
        this.error = `expected a JSON object, found ${JSON.stringify(String.fromCharCode(c))}`;
        return;
      }
      switch (c) {
        case 123:
          this.stack.push(OBJ);
          this.expectKey = true;
          break;
        case 91:
          this.stack.push(ARR);
          break;
        case 125:
        // }
        case 93:
          this.stack.pop();
          if (this.stack.length === 0) this.done = true;
          if (this.stack.length === 1) this.key2 = "";
          break;
        case 44:
          if (this.stack[depth - 1] === OBJ) this.expectKey = true;
          break;
        case 58:
          break;
        case QUOTE:
          this.inString = true;
          this.escape = false;
          if (this.stack[depth - 1] === OBJ && this.expectKey) {
            this.stringIsKey = true;
            this.expectKey = false;
            if (depth <= 2) this.startCapture(KEY_LIMIT, "key");
          } else {
            this.stringIsKey = false;
            this.startValue(depth);
          }
          break;
        default:
          this.inScalar = true;
          this.startValue(depth);
          if (this.capturing) this.take(chunk, i - 1, i);
      }
    }
  }
  /**
   * Consumes string bytes from i; returns the index after what it consumed. Finds each quote with
   * indexOf (memchr speed) and decides whether it is escaped by the parity of the backslashes
   * just before it: escapes like `\n` are everywhere in file contents and cost nothing here.
   */
  scanString(chunk, i) {
    const n = chunk.length;
    let pos = i;
    if (this.escape) {
      this.escape = false;
      pos++;
    }
    const floor = pos;
    for (; ; ) {
      const q = pos < n ? chunk.indexOf(QUOTE, pos) : -1;
      if (q === -1) {
        this.escape = oddBackslashesBefore(chunk, n, floor);
        if (this.capturing) this.take(chunk, i, n);
        return n;
      }
      if (oddBackslashesBefore(chunk, q, floor)) {
        pos = q + 1;
        continue;
      }
      if (this.capturing) this.take(chunk, i, q);
      this.inString = false;
      this.endCapture(true);
      return q + 1;
    }
  }
  startValue(depth) {
    if (depth === 1 && TOP_FIELDS.has(this.key1)) {
      this.target = `top:${this.key1}`;
      this.startCapture(VALUE_LIMIT, "value");
    } else if (depth === 2 && NESTED_FIELDS.get(this.key1)?.has(this.key2) && this.stack[0] === OBJ && this.stack[1] === OBJ) {
      this.target = `nested:${this.key1}.${this.key2}`;
      this.startCapture(VALUE_LIMIT, "value");
    }
  }
  captureKind = "value";
  startCapture(limit, kind) {
    this.capturing = true;
    this.captureKind = kind;
    this.limit = limit;
    this.parts = [];
    this.partsLength = 0;
    this.overflow = false;
  }
  take(chunk, from, to) {
    if (to <= from || this.overflow) return;
    if (this.partsLength + (to - from) > this.limit) {
      this.overflow = true;
      this.parts = [];
      return;
    }
    this.parts.push(Buffer.from(chunk.subarray(from, to)));
    this.partsLength += to - from;
  }
  endCapture(wasString) {
    if (wasString && this.stringIsKey) {
      const depth = this.stack.length;
      let key = "";
      if (this.capturing && !this.overflow) key = decodeString(Buffer.concat(this.parts)) ?? "";
      if (depth === 1) this.key1 = key;
      else if (depth === 2) this.key2 = key;
      this.capturing = false;
      return;
    }
    if (!this.capturing) return;
    this.capturing = false;
    if (this.overflow || this.captureKind !== "value") return;
    const raw = Buffer.concat(this.parts);
    let value;
    if (wasString) {
      value = decodeString(raw);
    } else {
      try {
        const parsed = JSON.parse(raw.toString("utf8"));
        if (typeof parsed === "number" || typeof parsed === "boolean" || parsed === null) value = parsed;
      } catch {
        value = void 0;
      }
    }
    if (value === void 0) return;
    if (this.target.startsWith("top:")) this.result.top.set(this.target.slice(4), value);
    else this.result.nested.set(this.target.slice(7), value);
  }
  /** Call at end of input: a scalar at the very end has no terminator. */
  finish() {
    if (this.inScalar) {
      this.inScalar = false;
      this.endCapture(false);
    }
  }
};

// observer/stdin.ts
var HOOK_STDIN_LIMITS = { idleMs: 2e3, totalMs: 1e4 };
function scanStdin(limits = HOOK_STDIN_LIMITS) {
  return new Promise((resolve2) => {
    const scanner = new PayloadScanner();
    let settled = false;
    let idle;
    let chunks = 0;
    const settle = (reason) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      if (idle) clearTimeout(idle);
      scanner.finish();
      resolve2({ scanner, reason });
    };
    const expire = (reason) => {
      const seen = chunks;
      setImmediate(() => {
        if (reason === "idle" && chunks !== seen) armIdle();
        else settle(reason);
      });
    };
    const total = setTimeout(() => expire("timeout"), limits.totalMs);
    const armIdle = () => {
      if (chunks === 0) return;
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => expire("idle"), limits.idleMs);
    };
    const stdin = process.stdin;
    stdin.on("data", (chunk) => {
      if (settled) return;
      chunks++;
      scanner.push(chunk);
      if (scanner.done || scanner.error !== void 0) settle("complete");
      else armIdle();
    });
    stdin.on("end", () => settle("eof"));
    stdin.on("error", () => settle("eof"));
  });
}

// observer/stream-state.ts
var import_node_fs6 = require("node:fs");
var import_node_path4 = require("node:path");
function path(home, stream) {
  return (0, import_node_path4.join)(layout.streams(home), `${idFileStem(stream)}.json`);
}
function readPrev(home, stream) {
  try {
    const v = JSON.parse(readDataFile(path(home, stream)).toString("utf8"));
    if (Array.isArray(v)) {
      const a = typeof v[0] === "string" && TOOL_NAME.test(v[0]) ? v[0] : null;
      const b = typeof v[1] === "string" && TOOL_NAME.test(v[1]) ? v[1] : null;
      const id = typeof v[2] === "string" && ID.test(v[2]) ? v[2] : null;
      return { prev: [a, b], id };
    }
  } catch {
  }
  return { prev: [null, null], id: null };
}
function writePrev(home, stream, tools, id) {
  const target = path(home, stream);
  const tmp = `${target}.${process.pid}.tmp`;
  const data = Buffer.from(JSON.stringify(id === void 0 ? tools : [...tools, id]));
  try {
    writeNewFile(tmp, data, PRIVATE_FILE);
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    ensurePrivateDir(layout.streams(home));
    writeNewFile(tmp, data, PRIVATE_FILE);
  }
  (0, import_node_fs6.renameSync)(tmp, target);
}

// lib/regular-file.ts
var import_node_fs7 = require("node:fs");
var { O_RDONLY: O_RDONLY2, O_NONBLOCK: O_NONBLOCK2, O_NOFOLLOW: O_NOFOLLOW2 } = import_node_fs7.constants;
var MAX_READ_BYTES = 64 * 1024 * 1024;
function fileKind(st) {
  if (st.isFIFO()) return "a FIFO";
  if (st.isDirectory()) return "a folder";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSymbolicLink()) return "a symbolic link";
  return st.isFile() ? "a file" : "not a file";
}
function fail(path2, code, message) {
  const e = new Error(message);
  e.code = code;
  e.path = path2;
  return e;
}
function openRegular(path2, opts = {}) {
  let fd;
  try {
    fd = (0, import_node_fs7.openSync)(path2, O_RDONLY2 | O_NONBLOCK2 | (opts.follow === false ? O_NOFOLLOW2 : 0));
  } catch (e) {
    const err = e;
    if (err.code === "ELOOP" && opts.follow === false) throw fail(path2, "ELOOP", "expected a regular file, found a symbolic link (not followed here)");
    throw e;
  }
  let st;
  try {
    st = (0, import_node_fs7.fstatSync)(fd);
  } catch (e) {
    (0, import_node_fs7.closeSync)(fd);
    throw e;
  }
  if (!st.isFile()) {
    (0, import_node_fs7.closeSync)(fd);
    throw fail(path2, st.isDirectory() ? "EISDIR" : "ENOTREG", `expected a regular file, found ${fileKind(st)}`);
  }
  return { fd, size: st.size };
}
function readBounded(fd, size, path2, maxBytes) {
  if (size > maxBytes) throw tooLarge(path2, size, maxBytes);
  let buf = Buffer.allocUnsafe(Math.max(size, 4096) + 1);
  let len = 0;
  for (; ; ) {
    if (len === buf.length) {
      if (len > maxBytes) throw tooLarge(path2, len, maxBytes);
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
      buf.copy(bigger, 0, 0, len);
      buf = bigger;
    }
    const n = (0, import_node_fs7.readSync)(fd, buf, len, buf.length - len, len);
    if (n === 0) break;
    len += n;
  }
  if (len > maxBytes) throw tooLarge(path2, len, maxBytes);
  return buf.subarray(0, len);
}
function tooLarge(path2, size, maxBytes) {
  const mib = (n) => `${(n / 1048576).toFixed(1)} MiB`;
  return fail(path2, "EFBIG", `expected at most ${mib(maxBytes)}, found ${mib(size)}`);
}
function readRegular(path2, opts = {}) {
  const { fd, size } = openRegular(path2, opts);
  try {
    return readBounded(fd, size, path2, opts.maxBytes ?? MAX_READ_BYTES);
  } finally {
    (0, import_node_fs7.closeSync)(fd);
  }
}
function readRegularText(path2, opts = {}) {
  return readRegular(path2, opts).toString("utf8");
}
function readRegularTextIfPresent(path2, opts = {}) {
  try {
    return readRegularText(path2, opts);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
    throw e;
  }
}
function withoutBom(text) {
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}

// observer/command-words.ts
function commandWordsOf(value) {
  const out = /* @__PURE__ */ new Set();
  if (typeof value !== "string") return out;
  for (const w of value.split(/\s+/)) if (w !== "" && detailPartToken(w) !== void 0) out.add(w);
  return out;
}
function lazyCommandWords(home, env) {
  let words;
  const load = () => {
    if (words !== void 0) return words;
    try {
      const text = readRegularTextIfPresent(env["HOMUNCULUS_CONFIG"] || layout.config(home), { maxBytes: 1024 * 1024 });
      words = commandWordsOf(text === void 0 ? void 0 : JSON.parse(withoutBom(text)).commandWords);
    } catch {
      words = /* @__PURE__ */ new Set();
    }
    return words;
  };
  return { has: (w) => load().has(w) };
}

// hooks/observe.ts
var OWN_DIRS = ["observations", "state", (0, import_node_path5.join)("state", "streams")];
runHook("observe", async (home, env) => {
  const { scanner, reason } = await scanStdin();
  if (scanner.error !== void 0) throw new PayloadError(`payload: ${scanner.error}`);
  if (scanner.bytes === 0) throw new PayloadError(`payload: empty stdin (${reason})`);
  if (!scanner.done) throw new PayloadError(`payload: incomplete JSON object after ${scanner.bytes} bytes (${reason})`);
  const call = toolCallFromPayload(scanner.result, lazyCommandWords(home, env));
  let now;
  try {
    now = resolveNow(void 0, env);
  } catch (e) {
    logHookError(home, "observe", e.message);
    now = /* @__PURE__ */ new Date();
  }
  assertDataHome(home, OWN_DIRS);
  const root = projectRoot(call.cwd, env);
  const stream = streamKey(call.session, call.agentId);
  const state = readPrev(home, stream);
  if (call.id !== void 0 && call.id === state.id && call.tool === state.prev[0]) return;
  const prev = state.prev;
  const record = buildObservation(call, now.toISOString(), prev, root === void 0 ? null : projectId(root));
  appendLine(layout.observationFile(home, utcDay(now.getTime())), JSON.stringify(record));
  writePrev(home, stream, [call.tool, prev[0]], call.id);
});
