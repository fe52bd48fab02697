#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";

// hooks/session-start.ts
var import_node_path10 = require("node:path");

// lib/clock.ts
var FUTURE_TOLERANCE_MS = 5 * 6e4;
var PAST_TOLERANCE_MS = 5 * 6e4;

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
var import_node_url = require("node:url");

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
function packageRoot() {
  let dir = (0, import_node_path.dirname)((0, import_node_url.fileURLToPath)(__homunculus_import_meta_url));
  for (; ; ) {
    if ((0, import_node_fs2.existsSync)((0, import_node_path.join)(dir, "config", "defaults.json"))) return dir;
    const up = (0, import_node_path.dirname)(dir);
    if (up === dir) throw new Error(`homunculus: no config/defaults.json above ${(0, import_node_url.fileURLToPath)(__homunculus_import_meta_url)}`);
    dir = up;
  }
}
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

// lib/invocation.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");
function shellWord(path2) {
  return /^[A-Za-z0-9_/.@%+=:,-]+$/.test(path2) ? path2 : `'${path2.replace(/'/g, "'\\''")}'`;
}
function invocationOf(f) {
  if (f.plugin) return { kind: "plugin", command: `node ${shellWord((0, import_node_path2.join)(f.root, "dist", "cli", "homunculus.mjs"))}` };
  if (f.onPath !== void 0 && f.onPath === f.cli) return { kind: "global", command: "homunculus" };
  const parts = f.root.split(import_node_path2.sep);
  if (parts.includes("_npx")) return { kind: "npx", command: "npx homunculus" };
  if ((0, import_node_path2.basename)((0, import_node_path2.dirname)(f.root)) === "node_modules") return { kind: "project", command: "npx homunculus" };
  return { kind: "clone", command: `node ${shellWord((0, import_node_path2.join)(f.root, "dist", "cli", "homunculus.js"))}` };
}
function realpathOr(path2) {
  try {
    return (0, import_node_fs3.realpathSync)(path2);
  } catch {
    return void 0;
  }
}
function onPath(env) {
  for (const dir of (env["PATH"] ?? "").split(import_node_path2.delimiter)) {
    if (!dir.startsWith("/")) continue;
    if (/\/node_modules\/\.bin\/?$/.test(dir)) continue;
    const real = realpathOr((0, import_node_path2.join)(dir, "homunculus"));
    if (real !== void 0) return real;
  }
  return void 0;
}
var cached;
function invocation(env = process.env) {
  if (cached !== void 0) return cached;
  const root = packageRoot();
  const cliPath = (0, import_node_path2.join)(root, "dist", "cli", "homunculus.js");
  cached = invocationOf({ root, onPath: onPath(env), cli: realpathOr(cliPath) ?? cliPath, plugin: (0, import_node_fs3.existsSync)((0, import_node_path2.join)(root, ".claude-plugin", "plugin.json")) });
  return cached;
}
function cli(args) {
  return `${invocation().command} ${args}`;
}

// lib/plural.ts
function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// lib/tokens.ts
var TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
var ID = /^[A-Za-z0-9_-]{1,128}$/;
var DETAIL_PART = /^[A-Za-z0-9._:+@-]{1,40}$/;
function idToken(value) {
  return typeof value === "string" && ID.test(value) ? value : void 0;
}

// analyzer/claims.ts
function stepWords(step) {
  const m = /^Bash\((.+)\)$/.exec(step);
  return m ? `\`${m[1]}\`` : step;
}
function chainClaimText(steps) {
  return `after ${stepWords(steps[0])} then ${stepWords(steps[1])}, ${stepWords(steps[2])} comes next`;
}
function retryClaimText(step) {
  return `after ${stepWords(step)} fails, it is run again next`;
}
function patternStoreKey(kind, key) {
  return kind === "chain" ? `seq:${key}` : kind === "error-retry" ? `retry:${key.replace(/ error-retry$/, "")}` : key;
}

// analyzer/key-tokens.ts
var STEP = /^([A-Za-z0-9_.:-]{1,128})(?:\(([A-Za-z0-9._:+@ -]{1,81})\))?$/;
var DETAIL = /^[A-Za-z0-9._:+@ -]{1,81}$/;
function validStep(s) {
  const m = STEP.exec(s);
  if (!m || !TOOL_NAME.test(m[1])) return false;
  return m[2] === void 0 || m[2].split(" ").every((w) => DETAIL_PART.test(w));
}
var validDetail = (d) => DETAIL.test(d) && d.split(" ").every((w) => DETAIL_PART.test(w));
var whole = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e9;
var times = (h, o, s) => `${h} of ${plural(o, "time")} in ${plural(s, "session")}`;
var TEST_WORDS = /* @__PURE__ */ new Set(["test", "tests", "pytest", "jest", "vitest", "mocha", "rspec", "phpunit", "ctest", "nextest"]);
function isTestStep(step) {
  const m = /^Bash\((.*)\)$/.exec(step);
  return m !== null && m[1].split(" ").some((w) => TEST_WORDS.has(w));
}

// analyzer/counted.ts
var SCALE = 2 ** 31;
function histogramSessions(h) {
  let m = 0;
  for (let i = 1; i < h.length; i += 2) m += h[i];
  return m;
}
function patternSessions(p) {
  return p.perSession.length > 0 ? p.perSession.length : histogramSessions(p.sessions);
}

// analyzer/learners/command-purposes.ts
var PURPOSES = ["test", "build", "lint", "format", "typecheck", "run", "install"];
var pm = (script) => ["npm", "pnpm", "yarn", "bun"].flatMap((m) => [`${m} run ${script}`, ...m === "npm" ? [] : [`${m} ${script}`]]);
var task = (t) => [`make ${t}`, `just ${t}`, `mise run ${t}`, `deno task ${t}`, `task ${t}`];
var PURPOSE_TABLE = {
  test: [
    "npm test",
    ...pm("test"),
    "bun test",
    "go test",
    "cargo test",
    "cargo nextest",
    "pytest",
    "python -m pytest",
    "python3 -m pytest",
    "python -m unittest",
    "python3 -m unittest",
    "tox",
    "nox",
    ...task("test"),
    "make check",
    "jest",
    "vitest",
    "mocha",
    "ava",
    "playwright test",
    "rspec",
    "phpunit",
    "mvn test",
    "mvn verify",
    "gradle test",
    "gradlew test",
    "dotnet test",
    "mix test",
    "deno test",
    "swift test",
    "ctest",
    "zig build test"
  ],
  build: [...pm("build"), "go build", "cargo build", "make", ...task("build"), "make all", "mvn package", "mvn compile", "gradle build", "gradlew build", "dotnet build", "swift build", "docker build", "vite build", "next build", "webpack", "cmake", "ninja", "zig build", "mix compile"],
  lint: [...pm("lint"), "eslint", "ruff", "flake8", "pylint", "golangci-lint", "go vet", "cargo clippy", ...task("lint"), "biome", "rubocop", "shellcheck", "stylelint", "markdownlint"],
  format: [...pm("format"), ...pm("fmt"), "prettier", "black", "gofmt", "go fmt", "cargo fmt", "rustfmt", "isort", ...task("fmt"), ...task("format"), "dotnet format", "mix format"],
  typecheck: ["tsc", "vue-tsc", ...pm("typecheck"), ...pm("type-check"), ...pm("types"), "mypy", "pyright", "python -m mypy", "python3 -m mypy"],
  run: ["npm start", ...pm("start"), ...pm("dev"), ...pm("serve"), "go run", "cargo run", ...task("run"), ...task("dev"), "flask run", "uvicorn", "docker compose up", "docker-compose up", "mix phx.server"],
  install: ["npm install", "npm ci", "npm i", "pnpm install", "pnpm i", "yarn install", "bun install", "pip install", "pip3 install", "python -m pip", "python3 -m pip", "uv sync", "uv pip", "poetry install", "go mod", "cargo fetch", "bundle install", "composer install", "mvn install", ...task("install"), "mix deps.get"]
};
var INSPECTION = [
  "ls",
  "cat",
  "head",
  "tail",
  "pwd",
  "echo",
  "printf",
  "cd",
  "find",
  "fd",
  "grep",
  "egrep",
  "rg",
  "ag",
  "wc",
  "which",
  "where",
  "whereis",
  "type",
  "tree",
  "file",
  "stat",
  "du",
  "df",
  "less",
  "more",
  "sort",
  "uniq",
  "diff",
  "whoami",
  "hostname",
  "date",
  "env",
  "printenv",
  "ps",
  "dir",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "jq",
  "uname",
  "id",
  "sleep",
  "true",
  "false",
  "test",
  "sed",
  "awk",
  "cut",
  "tr",
  "xargs",
  "tee",
  "open",
  "clear",
  "history",
  "man",
  "help",
  "git status",
  "git diff",
  "git log",
  "git show",
  "git branch",
  "git remote",
  "git rev-parse",
  "git blame",
  "git ls-files",
  "git describe",
  "git reflog",
  "git shortlog",
  "git config",
  "git fetch"
];
var NOT_A_COMMAND = /* @__PURE__ */ new Set([
  "local-script",
  // interpreters and shells
  "python",
  "python2",
  "python3",
  "pypy",
  "pypy3",
  "node",
  "nodejs",
  "bash",
  "sh",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "ruby",
  "perl",
  "php",
  "lua",
  "Rscript",
  "java",
  "deno",
  "deno run",
  "bun",
  "tsx",
  "ts-node",
  "pwsh",
  "powershell",
  "osascript",
  // package runners
  "npx",
  "pnpx",
  "bunx",
  "uvx",
  "pnpm dlx",
  "yarn dlx",
  "bun x",
  "npm exec",
  "npm x",
  "pnpm exec",
  "yarn exec",
  "pipx run",
  "uv run",
  "poetry run",
  "pdm run",
  "rye run",
  "hatch run",
  "bundle exec"
]);
var namesNoCommand = (detail) => NOT_A_COMMAND.has(detail);
var startsWithEntry = (detail, entry) => detail === entry || detail.startsWith(`${entry} `);
function purposeOf(detail) {
  let best;
  for (const p of PURPOSES) {
    for (const e of PURPOSE_TABLE[p]) if (startsWithEntry(detail, e) && (best === void 0 || e.length > best[1])) best = [p, e.length];
  }
  if (best === void 0 && /^(?:pnpm|yarn|bun) \S/.test(detail)) return purposeOf(detail.slice(detail.indexOf(" ") + 1));
  return best?.[0];
}
function isInspection(detail) {
  return INSPECTION.some((e) => startsWithEntry(detail, e));
}

// analyzer/learners/commands.ts
var COMMAND_KIND = "command";
var RUNS = "cmd.runs:";
var FAILS = "cmd.fails:";
var RAN_IN = "cmd.ranIn:";
var ALL_RAN = "cmd.all.ran";
var ALL_OK = "cmd.all.ok";
function commandParts(key) {
  const m = /^cmd:([a-z]+)=(.+)$/.exec(key);
  if (m === null || ![...PURPOSES, "other"].includes(m[1])) return void 0;
  return { purpose: m[1], detail: m[2] };
}
var PHRASE = { test: "tests", build: "builds", lint: "linting", format: "formatting", typecheck: "type checks", run: "running it", install: "installing", other: "" };
function commandClaimText(purpose, detail) {
  return purpose === "other" ? `\`${detail}\` is run here, and succeeds` : `${PHRASE[purpose]} here: \`${detail}\`, which succeeds`;
}
var SessionState = class {
  session = -1;
  /** Detail id -> its successful records. */
  succeeded = /* @__PURE__ */ new Map();
  runs = /* @__PURE__ */ new Map();
  fails = /* @__PURE__ */ new Map();
  /** Emptied for the next session, its collections kept (the Stop hook walks thousands of sessions). */
  reset(session) {
    this.session = session;
    this.succeeded.clear();
    this.runs.clear();
    this.fails.clear();
  }
};
function commandsLearner() {
  const st = new SessionState();
  let table;
  let purposeCache = [];
  let keyCache = [];
  const purposeFor = (w, d) => {
    if (table !== w.t) {
      table = w.t;
      purposeCache = [];
      keyCache = [];
    }
    let p = purposeCache[d];
    if (p === void 0) {
      const detail = w.t.details[d];
      p = purposeCache[d] = namesNoCommand(detail) ? null : purposeOf(detail) ?? (isInspection(detail) ? null : "other");
      keyCache[d] = `cmd:${p}=${detail}`;
    }
    return p;
  };
  return {
    kind: COMMAND_KIND,
    prefix: "cmd",
    category: "command",
    stream(w, a, b, session) {
      if (st.session !== session) st.reset(session);
      const { t, order } = w;
      const bash = t.tools.indexOf("Bash");
      if (bash === -1) return;
      for (let k = a; k < b; k++) {
        const i = order[k];
        if (t.tool[i] !== bash) continue;
        const d = t.detail[i];
        if (d === -1) continue;
        const purpose = purposeFor(w, d);
        if (purpose === null) continue;
        st.runs.set(d, (st.runs.get(d) ?? 0) + 1);
        if (t.ok[i] === 1) {
          const list = st.succeeded.get(d);
          if (list === void 0) st.succeeded.set(d, [i]);
          else list.push(i);
        } else st.fails.set(d, (st.fails.get(d) ?? 0) + 1);
      }
    },
    endSession(w, session) {
      if (st.session === session) {
        for (const [d, runs] of st.succeeded) {
          const key = keyCache[d];
          for (const i of runs) w.hit(COMMAND_KIND, key, i, session);
        }
        for (const [d, n] of st.runs) {
          w.add(RUNS + w.t.details[d], n);
          w.add(RAN_IN + w.t.details[d], 1);
          w.add(ALL_RAN, 1);
          if (st.succeeded.has(d)) w.add(ALL_OK, 1);
        }
        for (const [d, n] of st.fails) w.add(FAILS + w.t.details[d], n);
      }
      st.reset(-1);
    },
    claim(p, c) {
      const parts = commandParts(p.key);
      const hits = patternSessions(p);
      return { claim: commandClaimText(parts.purpose, parts.detail), hits, opportunities: Math.max(hits, c.totals.get(RAN_IN + parts.detail) ?? 0), prior: commandPrior(c) };
    },
    scoreGroup: (p) => `cmd:${commandParts(p.key)?.purpose ?? ""}`,
    details(p, c) {
      const parts = commandParts(p.key);
      if (parts === void 0 || parts.purpose === "other") return void 0;
      let best;
      for (const x of neverSucceeded(c).get(parts.purpose) ?? []) {
        if (x.instead_of !== parts.detail && (best === void 0 || x.instead_fails > best.instead_fails)) best = x;
      }
      return best;
    },
    lift(p, c) {
      const parts = commandParts(p.key);
      const hits = patternSessions(p);
      const opps = Math.max(hits, c.totals.get(RAN_IN + parts.detail) ?? 0);
      return opps === 0 ? 0 : hits / opps / commandPrior(c);
    }
  };
}
function commandPrior(c) {
  return ((c.totals.get(ALL_OK) ?? 0) + 1) / ((c.totals.get(ALL_RAN) ?? 0) + 2);
}
var failing = /* @__PURE__ */ new WeakMap();
function neverSucceeded(c) {
  let out = failing.get(c);
  if (out !== void 0) return out;
  out = /* @__PURE__ */ new Map();
  for (const [name, runs] of c.totals) {
    if (!name.startsWith(RUNS) || runs < 2) continue;
    const detail = name.slice(RUNS.length);
    const fails = c.totals.get(FAILS + detail) ?? 0;
    const purpose = purposeOf(detail);
    if (fails !== runs || purpose === void 0) continue;
    out.set(purpose, [...out.get(purpose) ?? [], { instead_of: detail, instead_fails: fails, instead_runs: runs }]);
  }
  failing.set(c, out);
  return out;
}
var COMMANDS = {
  kind: COMMAND_KIND,
  prefix: "cmd",
  category: "command",
  title: "Project commands",
  words: {
    tokens: (key) => {
      const c = commandParts(key);
      return c !== void 0 && validDetail(c.detail) && !namesNoCommand(c.detail) ? [c.purpose, c.detail] : void 0;
    },
    claim: (t) => commandClaimText(t[0], t[1]),
    seed: (t, n) => `Project command (${t[0]}): ${t[1]} (succeeded ${n}x)`,
    counts: (h, o) => `${h} of ${plural(o, "session")} that ran it`,
    tail: (_t, d) => typeof d?.instead_of === "string" && validDetail(d.instead_of) && whole(d.instead_fails) && whole(d.instead_runs) ? `; not \`${d.instead_of}\` (failed ${d.instead_fails} of ${d.instead_runs})` : ""
  },
  text: {
    domain: (t) => t[0] === "test" ? "testing" : "workflow",
    trigger: (t) => t[0] === "other" ? `running ${t[1]}` : `running the ${t[0]}`,
    action: (t) => `use ${t[1]}`
  },
  minLift: () => 0,
  minSessions: () => 1,
  rank: 2,
  perProject: true,
  source: "observed",
  make: () => commandsLearner()
};

// analyzer/record-table.ts
var INTERRUPTED = 2;
var REJECTED = 4;

// analyzer/learners/corrections.ts
var CORRECTION_KIND = "correction";
var RAN = "ask.ran:";
var PAIRS = "ask.pairs";
var STOPPED_PAIRS = "ask.stoppedPairs";
var NOT_CORRECTIONS = /* @__PURE__ */ new Set(["ExitPlanMode"]);
var correctedStep = (key) => key.slice("ask:".length);
function correctionClaimText(step) {
  return `the user stops ${stepWords(step)} here: ask first`;
}
function correctionsLearner() {
  let session = -1;
  let keys;
  let ranIn = new Int32Array(0);
  let excluded = new Uint8Array(0);
  const ran = [];
  const stopped = /* @__PURE__ */ new Map();
  const reset = (s) => {
    ran.length = 0;
    stopped.clear();
    session = s;
  };
  return {
    kind: CORRECTION_KIND,
    prefix: "ask",
    category: "correction",
    stream(w, a, b, s) {
      if (keys !== w.keys) {
        keys = w.keys;
        ranIn = new Int32Array(keys.length);
        excluded = Uint8Array.from(keys, (k) => NOT_CORRECTIONS.has(k) ? 1 : 0);
        reset(s);
      } else if (session !== s) reset(s);
      const { t, keyOf, order } = w;
      const okOf = t.ok;
      for (let k = a; k < b; k++) {
        const i = order[k];
        const key = keyOf[i];
        if (excluded[key] === 1) continue;
        if (ranIn[key] !== s + 1) {
          ranIn[key] = s + 1;
          ran.push(key);
        }
        const ok = okOf[i];
        if (ok === INTERRUPTED || ok === REJECTED) {
          const list = stopped.get(key);
          if (list === void 0) stopped.set(key, [i]);
          else list.push(i);
        }
      }
    },
    endSession(w, s) {
      if (session === s) {
        for (const key of ran) {
          w.add(RAN + w.keys[key], 1);
          w.add(PAIRS, 1);
        }
        for (const [key, stops] of stopped) {
          w.add(STOPPED_PAIRS, 1);
          const pattern = `ask:${w.keys[key]}`;
          for (const i of stops) w.hit(CORRECTION_KIND, pattern, i, s);
        }
      }
      reset(-1);
    },
    claim(p, c) {
      const step = correctedStep(p.key);
      const hits = patternSessions(p);
      return { claim: correctionClaimText(step), hits, opportunities: Math.max(hits, c.totals.get(RAN + step) ?? 0), prior: correctionPrior(c) };
    },
    lift(p, c) {
      const hits = patternSessions(p);
      const opps = Math.max(hits, c.totals.get(RAN + correctedStep(p.key)) ?? 0);
      return opps === 0 ? 0 : hits / opps / correctionPrior(c);
    }
  };
}
function correctionPrior(c) {
  const pairs = c.totals.get(PAIRS) ?? 0;
  return pairs === 0 ? 1 : Math.max(c.totals.get(STOPPED_PAIRS) ?? 0, 1) / pairs;
}
var CORRECTIONS = {
  kind: CORRECTION_KIND,
  prefix: "ask",
  category: "correction",
  title: "Calls the user stopped",
  words: {
    tokens: (key) => {
      const step = key.replace(/^ask:/, "");
      return key.startsWith("ask:") && validStep(step) ? [step] : void 0;
    },
    claim: (t) => correctionClaimText(t[0]),
    seed: (t, n) => `Correction: the user stopped ${t[0]} (${n}x)`,
    counts: (h, o) => `stopped in ${h} of the ${plural(o, "session")} that made the call`
  },
  text: {
    domain: (t) => t.some(isTestStep) ? "testing" : "workflow",
    trigger: (t) => `about to run ${t[0]}`,
    action: () => "ask the user first: they stopped it before"
  },
  minLift: (c) => c.minRetryLift,
  rank: 0,
  perProject: false,
  // The calls the user stopped are the user's word, though the analyzer learned them.
  source: "user_correction",
  make: () => correctionsLearner()
};

// analyzer/learners/fixes.ts
var FIX_KIND = "fix";
var EPISODES = "fix.episodes:";
var STEPS = "fix.steps";
var RECOVERED = "fix.recovered";
var FIRST_RUN = "fix.firstRun:";
var FIRST_FAIL = "fix.firstFail:";
function fixSteps(key) {
  const m = /^fix:(Bash\([^()]+\))->(Bash\([^()]+\))$/.exec(key);
  return m ? [m[1], m[2]] : void 0;
}
function fixClaimText(failed, step) {
  return `after ${stepWords(failed)} fails, ${stepWords(step)} is run before it passes`;
}
var FixState = class {
  /** Key id -> the time of its first run in the session, and whether that run failed (by time, not stream order: a session's streams come in any order). */
  firstSeen = /* @__PURE__ */ new Map();
  session = -1;
};
function fixesLearner(windowCalls) {
  const st = new FixState();
  let keys;
  const pairKey = /* @__PURE__ */ new Map();
  const episodesName = /* @__PURE__ */ new Map();
  const open = /* @__PURE__ */ new Map();
  const steps = /* @__PURE__ */ new Set();
  return {
    kind: FIX_KIND,
    prefix: "fix",
    category: "fix_pattern",
    stream(w, a, b, session) {
      if (st.session !== session) {
        st.firstSeen.clear();
        st.session = session;
      }
      const { t, keyOf, order } = w;
      if (keys !== w.keys) {
        keys = w.keys;
        pairKey.clear();
        episodesName.clear();
      }
      const bash = t.tools.indexOf("Bash");
      if (bash === -1) return;
      const window = windowCalls();
      open.clear();
      for (let k = a; k < b; k++) {
        const i = order[k];
        if (t.tool[i] !== bash || t.detail[i] === -1) continue;
        const f = keyOf[i];
        const ok = t.ok[i] === 1;
        const ts = t.ts[i];
        const first = st.firstSeen.get(f);
        if (first === void 0 || ts < first.ts) st.firstSeen.set(f, { ts, failed: !ok });
        else if (ts === first.ts && !ok) first.failed = true;
        if (!ok) {
          if (!open.has(f)) open.set(f, k);
          continue;
        }
        const at = open.get(f);
        open.delete(f);
        if (at === void 0 || k - at > window) continue;
        steps.clear();
        for (let j = at + 1; j < k; j++) {
          const r = order[j];
          if (t.tool[r] === bash && t.detail[r] !== -1 && keyOf[r] !== f) steps.add(keyOf[r]);
        }
        let name = episodesName.get(f);
        if (name === void 0) episodesName.set(f, name = EPISODES + keys[f]);
        w.add(name, 1);
        w.add(RECOVERED, 1);
        w.add(STEPS, k - at - 1);
        for (const s of steps) {
          const id = f * keys.length + s;
          let key = pairKey.get(id);
          if (key === void 0) pairKey.set(id, key = `fix:${keys[f]}->${keys[s]}`);
          w.hit(FIX_KIND, key, i, session);
        }
      }
    },
    endSession(w) {
      for (const [f, first] of st.firstSeen) {
        w.add(FIRST_RUN + w.keys[f], 1);
        if (first.failed) w.add(FIRST_FAIL + w.keys[f], 1);
      }
      st.firstSeen.clear();
      st.session = -1;
    },
    claim(p, c) {
      const [failed, step] = fixSteps(p.key) ?? ["", ""];
      return { claim: fixClaimText(failed, step), hits: p.n, opportunities: Math.max(p.n, c.totals.get(EPISODES + failed) ?? 0), prior: fixPrior(step, c) };
    },
    scoreGroup: (p) => `fix:${fixSteps(p.key)?.[0] ?? ""}`,
    details(p, c) {
      const failed = fixSteps(p.key)?.[0];
      if (failed === void 0) return void 0;
      const r = firstRuns(failed, c);
      return r.sessions === 0 ? void 0 : { first_fails: r.failedFirst, first_runs: r.sessions };
    },
    lift(p, c) {
      const [failed, step] = fixSteps(p.key) ?? ["", ""];
      const opps = Math.max(p.n, c.totals.get(EPISODES + failed) ?? 0);
      return opps === 0 ? 0 : p.n / opps / Math.max(fixPrior(step, c), 1e-9);
    }
  };
}
function fixPrior(step, c) {
  const id = c.keys.indexOf(step);
  const q = id === -1 || c.calls === 0 ? 0 : c.keyStats.calls[id] / c.calls;
  const recovered = c.totals.get(RECOVERED) ?? 0;
  const len = recovered === 0 ? 1 : Math.max(1, (c.totals.get(STEPS) ?? 0) / recovered);
  return 1 - (1 - q) ** len;
}
function firstRuns(failedKey, c) {
  return { failedFirst: c.totals.get(FIRST_FAIL + failedKey) ?? 0, sessions: c.totals.get(FIRST_RUN + failedKey) ?? 0 };
}
var FIXES = {
  kind: FIX_KIND,
  prefix: "fix",
  category: "fix_pattern",
  title: "Fixes",
  words: {
    tokens: (key) => {
      const s = fixSteps(key);
      return s !== void 0 && s.every(validStep) ? [...s] : void 0;
    },
    claim: (t) => fixClaimText(t[0], t[1]),
    seed: (t, n) => `Fix: when ${t[0]} fails, ${t[1]} was run before it passed (seen ${n}x)`,
    counts: times,
    // Where the command fails first in most of its sessions, the line says so before the failure happens.
    lead: (t, d) => whole(d?.first_fails) && whole(d?.first_runs) && d.first_runs >= 2 && 2 * d.first_fails > d.first_runs ? `Before ${stepWords(t[0])} here, run ${stepWords(t[1])} (its first run failed in ${d.first_fails} of ${d.first_runs} sessions): ` : ""
  },
  text: {
    domain: () => "error-handling",
    trigger: (t) => `${t[0]} fails`,
    action: (t) => `run ${t[1]} before running it again`
  },
  minLift: (c) => c.minRetryLift,
  rank: 1,
  perProject: true,
  source: "observed",
  make: (o) => fixesLearner(() => o.fixWindowCalls)
};

// analyzer/learners/index.ts
var LEARNERS = [
  FIXES,
  COMMANDS,
  CORRECTIONS
];
function makeLearners(o) {
  return LEARNERS.map((m) => m.make(o));
}
var BY_KIND = new Map(makeLearners({ fixWindowCalls: 10 }).map((l) => [l.kind, l]));

// analyzer/kinds.ts
var KINDS = {
  chain: {
    prefix: "seq",
    category: "sequence",
    tokens: (key) => {
      const steps = key.split("->");
      return steps.length === 3 && steps.every(validStep) ? steps : void 0;
    },
    storeKey: (key) => `seq:${key}`,
    claim: (t) => chainClaimText(t),
    seed: (t, n) => `Frequent tool chain: ${t.join("->")} (seen ${n}x)`,
    counts: times
  },
  "error-retry": {
    prefix: "retry",
    category: "error_retry",
    tokens: (key) => {
      const step = key.replace(/ error-retry$/, "");
      return key.endsWith(" error-retry") && validStep(step) ? [step] : void 0;
    },
    storeKey: (key) => `retry:${key.replace(/ error-retry$/, "")}`,
    claim: (t) => retryClaimText(t[0]),
    seed: (t, n) => `${t[0]} error-retry pairs detected (${n}x). Consider pre-validation.`,
    counts: times
  },
  ...Object.fromEntries(LEARNERS.map((m) => [m.kind, { prefix: m.prefix, category: m.category, storeKey: (key) => key, ...m.words }]))
};
function kindInfo(kind) {
  return typeof kind === "string" && Object.hasOwn(KINDS, kind) ? KINDS[kind] : void 0;
}
function safeSteps(rule) {
  const info = kindInfo(rule.kind);
  return info === void 0 || typeof rule.pattern !== "string" ? void 0 : info.tokens(rule.pattern);
}
var PER_PROJECT_KINDS = new Set(LEARNERS.filter((m) => m.perProject).map((m) => m.kind));
var PER_PROJECT_CATEGORIES = new Set(LEARNERS.filter((m) => m.perProject).map((m) => m.category));

// analyzer/deliver.ts
var KINDS2 = {
  ...Object.fromEntries(LEARNERS.map((m) => [m.prefix, { minLift: m.minLift, rank: m.rank, ...m.minSessions ? { minSessions: m.minSessions } : {} }])),
  retry: { minLift: (c) => c.minRetryLift, rank: 3 },
  seq: { minLift: (c) => c.minLift, rank: 4 }
};
function prefixOf(key) {
  const i = key.indexOf(":");
  return i === -1 ? "" : key.slice(0, i);
}
function oneStepRepeated(key) {
  if (!key.startsWith("seq:")) return false;
  const steps = key.slice(4).split("->");
  return steps.length === 3 && steps[0] === steps[1] && steps[1] === steps[2];
}
var pct = (x) => `${Math.round(x * 100)}%`;
function whyNotDelivered(x, c) {
  const kind = KINDS2[prefixOf(x.key)];
  if (kind === void 0) return `${JSON.stringify(prefixOf(x.key))} is not a kind of claim homunculus measures`;
  if (x.foldedInto !== void 0) return `it restates ${x.foldedInto}`;
  if (oneStepRepeated(x.key)) return "one step repeated says only that the step is common";
  const minLift = kind.minLift(c);
  if (minLift > 0 && !(typeof x.lift === "number" && x.lift >= minLift)) return `lift ${typeof x.lift === "number" ? x.lift.toFixed(1) : "unknown"} is under ${minLift}: its steps are common anyway`;
  if (!(typeof x.rate === "number" && x.rate >= 0 && x.rate <= 1)) return "its rate was never measured";
  if (x.rate < c.minRate) return `its rate is ${pct(x.rate)}, under minRate ${pct(c.minRate)}`;
  const minSessions = kind.minSessions?.(c) ?? c.minSessions;
  if (!(x.sessions >= minSessions)) return `seen in ${plural(x.sessions, "session")}, under minSessions ${minSessions}`;
  return void 0;
}
function worthDelivering(x, c) {
  return whyNotDelivered(x, c) === void 0;
}
function generic(key) {
  return key.startsWith("seq:") && !key.includes("(") || key.startsWith("cmd:other=");
}
function expectedValue(x) {
  const applies = typeof x.applies === "number" && x.applies >= 0 && x.applies <= 1 ? x.applies : 0.5;
  return applies * (typeof x.rate === "number" ? x.rate : 0);
}
var rankOf = (x) => (KINDS2[prefixOf(x.key)]?.rank ?? 9) * 2 + (generic(x.key) ? 1 : 0);
function byUsefulness(a, b) {
  const ev = Math.round((expectedValue(b) - expectedValue(a)) * 1e6);
  return ev || rankOf(a) - rankOf(b) || (b.rate ?? 0) - (a.rate ?? 0) || b.sessions - a.sessions || (b.observations ?? 0) - (a.observations ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
function fairOrder(items, factsOf) {
  const sorted = [...items].sort((a, b) => byUsefulness(factsOf(a), factsOf(b)));
  const firsts = [];
  const seen = /* @__PURE__ */ new Set();
  for (const t of sorted) {
    const k = prefixOf(factsOf(t).key);
    if (seen.has(k)) continue;
    seen.add(k);
    firsts.push(t);
  }
  return [...firsts, ...sorted.filter((t) => !firsts.includes(t))];
}

// analyzer/promotion.ts
function ruleFacts(r) {
  return { key: patternStoreKey(r.kind, r.pattern), rate: r.rate, lift: r.lift, sessions: r.sessions, applies: r.applies, observations: r.observations };
}

// rules/rule.ts
function isTaughtRule(r) {
  const o = r;
  return typeof o === "object" && o !== null && o.kind === "taught" && typeof o.pattern === "string" && typeof o.confidence_now === "number" && Number.isFinite(o.confidence_now) && typeof o.observations === "number";
}
function ruleKey(r) {
  return r.kind === "taught" ? r.pattern : patternStoreKey(r.kind, r.pattern);
}
function ruleProject(r) {
  return r.scope === "project" && typeof r.project === "string" ? r.project : void 0;
}

// rules/read.ts
var empty = () => ({ rules: [], taught: [] });
var plainLine = (s) => s.split("\n")[0].replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "?").slice(0, 200);
var identity = (r) => `${r.kind}\0${r.pattern}\0${r.scope === "project" ? r.project ?? "" : ""}`;
var taughtIdentity = (r) => `${r.pattern}\0${r.scope === "project" ? r.project ?? "" : ""}`;
function showable(confidence, observations) {
  return typeof confidence === "number" && confidence >= 0 && confidence <= 1 && (observations === void 0 || typeof observations === "number" && observations >= 0 && observations < 1e12);
}
function readRulesDoc(home, onProblem) {
  let v;
  try {
    v = JSON.parse(readDataFile(layout.rulesJson(home)).toString("utf8"));
  } catch (e) {
    const code = e.code;
    if (code !== "ENOENT") onProblem?.(`rules.json ${code ? `cannot be read (${code})` : `does not parse (${plainLine(e.message)})`}: no rules were given; move it aside and run ${cli("bye")} to rebuild it`);
    return empty();
  }
  const doc = empty();
  const listed = v?.rules;
  const taught = v?.taught;
  let skipped = 0;
  const seen = /* @__PURE__ */ new Set();
  if (Array.isArray(listed)) {
    for (const r of listed) {
      if (typeof r === "object" && r !== null && typeof r.pattern === "string" && showable(r.confidence_now, r.observations) && !seen.has(identity(r))) {
        seen.add(identity(r));
        doc.rules.push(r);
      } else skipped++;
    }
  }
  if (Array.isArray(taught)) {
    for (const r of taught) {
      if (isTaughtRule(r) && showable(r.confidence_now, r.observations) && !seen.has(`taught\0${taughtIdentity(r)}`)) {
        seen.add(`taught\0${taughtIdentity(r)}`);
        doc.taught.push(r);
      } else skipped++;
    }
  }
  if (!Array.isArray(listed) && listed !== void 0) onProblem?.(`rules.json has no list of rules ("rules" is not an array): no observed rules were given; move it aside and run ${cli("bye")} to rebuild it`);
  if (skipped > 0) onProblem?.(`rules.json: ${plural(skipped, "entry", "entries")} left out (not a rule, a second copy of one, a confidence outside 0-1, or a count out of range); ${cli("bye")} rewrites it from the instincts`);
  return doc;
}

// rules/reach.ts
function taughtReaches(t, project) {
  return t.scope !== "project" || project !== null && t.project === project;
}
function observedReach(r, project, own) {
  const of = ruleProject(r);
  if (of !== void 0) return project !== null && of === project ? { where: "here" } : void 0;
  if (r.scope === "project") return void 0;
  const listed = Array.isArray(r.projects) ? r.projects.filter((p) => typeof p === "string") : void 0;
  if (PER_PROJECT_KINDS.has(r.kind)) {
    if (listed === void 0) return project === null ? { where: "sessions" } : void 0;
    if (project === null || !listed.includes(project)) return void 0;
    return listed.length === 1 ? { where: "here" } : { where: "across", projects: listed.length };
  }
  if (project !== null && (own.has(ruleKey(r)) || Array.isArray(r.against) && r.against.includes(project))) return void 0;
  return listed !== void 0 ? { where: "across", projects: listed.length } : { where: "sessions" };
}
function taughtPurposes(taught) {
  const out = /* @__PURE__ */ new Map();
  for (const t of [...taught].filter((t2) => t2.source !== "imported").sort((a, b) => (a.scope === "project" ? 1 : 0) - (b.scope === "project" ? 1 : 0))) {
    const c = commandParts(t.pattern);
    if (c !== void 0) out.set(c.purpose, c.detail);
  }
  return out;
}
function overriddenKey(key, taught) {
  if (taught.size === 0) return void 0;
  const c = commandParts(key);
  const details = c !== void 0 ? [c.detail] : [...key.matchAll(/Bash\(([^()]+)\)/g)].map((m) => m[1]);
  for (const d of details) {
    const purpose = c !== void 0 ? c.purpose : purposeOf(d);
    if (purpose === void 0) continue;
    const wins = taught.get(purpose);
    if (wins !== void 0 && wins !== d) return `cmd:${purpose}=${wins}`;
  }
  return void 0;
}
function overriddenBy(r, taught) {
  return r.kind === "taught" ? void 0 : overriddenKey(ruleKey(r), taught);
}
function rulesFor(doc, project) {
  const taught = doc.taught.filter((t) => isTaughtRule(t) && taughtReaches(t, project));
  const purposes = taughtPurposes(taught);
  const own = /* @__PURE__ */ new Set();
  if (project !== null) {
    for (const r of doc.rules) if (ruleProject(r) === project) own.add(ruleKey(r));
  }
  const out = taught.map((t) => ({ rule: t, key: t.pattern, where: "taught" }));
  for (const r of doc.rules) {
    const reach = observedReach(r, project, own);
    if (reach === void 0 || overriddenBy(r, purposes) !== void 0) continue;
    out.push({ rule: r, key: ruleKey(r), ...reach });
  }
  return out;
}

// exports/injected.ts
var import_node_path4 = require("node:path");

// lib/atomic-write.ts
var import_node_fs4 = require("node:fs");
var import_node_path3 = require("node:path");
var counter = 0;
function writeFileAtomic(path2, data, opts = { skipIfSame: true }) {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readDataFile(path2).equals(Buffer.isBuffer(bytes) ? bytes : Buffer.concat(bytes))) return false;
    } catch {
    }
  }
  ensurePrivateDir((0, import_node_path3.dirname)(path2));
  const tmp = `${path2}.${process.pid}.${++counter}.tmp`;
  try {
    writeNewFile(tmp, bytes, opts.mode ?? PRIVATE_FILE);
    if (opts.cache === true) (0, import_node_fs4.rmSync)(path2, { force: true });
    (0, import_node_fs4.renameSync)(tmp, path2);
  } catch (e) {
    (0, import_node_fs4.rmSync)(tmp, { force: true });
    throw e;
  }
  return true;
}

// lib/regular-file.ts
var import_node_fs5 = require("node:fs");
var { O_RDONLY: O_RDONLY2, O_NONBLOCK: O_NONBLOCK2, O_NOFOLLOW: O_NOFOLLOW2 } = import_node_fs5.constants;
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
    fd = (0, import_node_fs5.openSync)(path2, O_RDONLY2 | O_NONBLOCK2 | (opts.follow === false ? O_NOFOLLOW2 : 0));
  } catch (e) {
    const err = e;
    if (err.code === "ELOOP" && opts.follow === false) throw fail(path2, "ELOOP", "expected a regular file, found a symbolic link (not followed here)");
    throw e;
  }
  let st;
  try {
    st = (0, import_node_fs5.fstatSync)(fd);
  } catch (e) {
    (0, import_node_fs5.closeSync)(fd);
    throw e;
  }
  if (!st.isFile()) {
    (0, import_node_fs5.closeSync)(fd);
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
    const n = (0, import_node_fs5.readSync)(fd, buf, len, buf.length - len, len);
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
    (0, import_node_fs5.closeSync)(fd);
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
function readFailure(e) {
  const err = e;
  if (err.code === "ENOTREG" || err.code === "EFBIG" || err.code === "ELOOP" && err.syscall === void 0) return err.message;
  if (err.code === "EISDIR") return "expected a regular file, found a folder";
  return err.code ?? err.message;
}
function withoutBom(text) {
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}

// exports/marker-block.ts
var START = "<!-- homunculus:start -->";
var END = "<!-- homunculus:end -->";
var LEGACY = [["<!-- instinct:start -->", "<!-- instinct:end -->"]];
var GUIDELINES = ["<!-- homunculus:guidelines:start -->", "<!-- homunculus:guidelines:end -->"];
var RULES_FILE_BLOCK = ["<!-- homunculus:rules-file:start -->", "<!-- homunculus:rules-file:end -->"];
var GENERATED_RULES_PREFIX = "<!-- Generated by homunculus";
function isGeneratedRules(text) {
  return text.startsWith(GENERATED_RULES_PREFIX);
}
function span(text, start, end) {
  let fence;
  let open;
  for (let at = 0; at <= text.length; ) {
    const nl = text.indexOf("\n", at);
    const lineEnd = nl === -1 ? text.length : nl;
    const contentEnd = lineEnd > at && text[lineEnd - 1] === "\r" ? lineEnd - 1 : lineEnd;
    const line = text.slice(at, contentEnd).replace(/^\uFEFF/, "");
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark !== void 0 && (fence === void 0 || fenceMark[0] === fence[0] && fenceMark.length >= fence.length)) fence = fence === void 0 ? fenceMark : void 0;
    else if (fence === void 0) {
      const t = line.trim();
      if (t === start) open = { from: at + (text.startsWith("\uFEFF", at) ? 1 : 0), bodyFrom: contentEnd };
      else if (t === end && open !== void 0) return { from: open.from, to: contentEnd, bodyFrom: open.bodyFrom, bodyTo: at };
    }
    if (nl === -1) break;
    at = nl + 1;
  }
  return void 0;
}
function blockBody(text, markers) {
  for (const [s, e] of markers ? [markers] : [[START, END], ...LEGACY]) {
    const at = span(text, s, e);
    if (at) return text.slice(at.bodyFrom, at.bodyTo).replace(/^\r?\n/, "").replace(/\r?\n$/, "");
  }
  return void 0;
}

// exports/injected.ts
function injectedPath(home) {
  return (0, import_node_path4.join)(home, "state", "injected.json");
}
function readInjected(home) {
  try {
    const v = JSON.parse(readDataFile(injectedPath(home)).toString("utf8"));
    if (v?.version === 1 && typeof v.files === "object" && v.files !== null) return v;
  } catch {
  }
  return { version: 1, files: {} };
}
function processHome() {
  try {
    return userHome(process.env);
  } catch {
    return void 0;
  }
}
function loadedBy(record, cwd, userHome2) {
  const file = record.replace(/#[a-z-]+$/, "");
  const name = (0, import_node_path4.basename)(file);
  if (userHome2 !== void 0 && file === (0, import_node_path4.join)(userHome2, ".claude", "CLAUDE.md")) return true;
  if (cwd === void 0 || !(name === "CLAUDE.md" || name === "CLAUDE.local.md")) return false;
  let dir = (0, import_node_path4.dirname)(file);
  if ((0, import_node_path4.basename)(dir) === ".claude") dir = (0, import_node_path4.dirname)(dir);
  const c = (0, import_node_path4.resolve)(cwd);
  return c === dir || c.startsWith(dir.endsWith(import_node_path4.sep) ? dir : dir + import_node_path4.sep);
}
function memoryText(file) {
  try {
    return readRegularText(file);
  } catch {
    return void 0;
  }
}
function keysLoadedIn(home, cwd, userHome2 = processHome()) {
  const out = /* @__PURE__ */ new Set();
  for (const [record, f] of Object.entries(readInjected(home).files)) {
    if (!Array.isArray(f?.keys) || !loadedBy(record, cwd, userHome2)) continue;
    const text = memoryText(record.replace(/#[a-z-]+$/, ""));
    if (text === void 0) continue;
    const rulesFile = record.endsWith("#rules-file");
    const body = blockBody(text, record.endsWith("#guidelines") ? GUIDELINES : rulesFile ? RULES_FILE_BLOCK : void 0) ?? (rulesFile && isGeneratedRules(text) ? text : void 0);
    if (body === void 0) continue;
    if (typeof f.hash === "string") {
      if (fnv1a64Hex(body) === f.hash) {
        for (const k of f.keys) if (typeof k === "string") out.add(k);
      }
      continue;
    }
    for (const k of f.keys) if (typeof k === "string" && body.includes(`\`${k}\``)) out.add(k);
  }
  return out;
}

// exports/delivery.ts
function rulesReachingSession(home, project, opts = {}) {
  const reaching = rulesFor(readRulesDoc(home, opts.onProblem), project);
  const loaded = opts.cwd === void 0 ? /* @__PURE__ */ new Set() : keysLoadedIn(home, typeof opts.cwd === "string" && opts.cwd.length > 0 ? opts.cwd : void 0);
  return loaded.size === 0 ? reaching : reaching.filter((r) => !loaded.has(r.key));
}

// claude/sessions.ts
var import_node_fs6 = require("node:fs");
var import_node_path5 = require("node:path");
var sessionsDir = layout.sessions;
var markPath = (home, session) => (0, import_node_path5.join)(sessionsDir(home), `${idFileStem(session)}.json`);
function isMark(v) {
  const m = v;
  return typeof m === "object" && m !== null && typeof m.session === "string" && typeof m.transcript === "string" && typeof m.started === "string";
}
function readMark(home, session) {
  try {
    const v = JSON.parse(readDataFile(markPath(home, session)).toString("utf8"));
    return isMark(v) ? v : void 0;
  } catch {
    return void 0;
  }
}
function readMarks(home) {
  let names;
  try {
    names = (0, import_node_fs6.readdirSync)(sessionsDir(home)).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  const out = [];
  for (const f of names) {
    try {
      const v = JSON.parse(readDataFile((0, import_node_path5.join)(sessionsDir(home), f)).toString("utf8"));
      if (isMark(v)) out.push(v);
    } catch {
    }
  }
  return out;
}
function writeMark(home, mark) {
  assertDataHome(home, ["state", (0, import_node_path5.join)("state", "sessions")]);
  ensurePrivateDir(sessionsDir(home));
  const path2 = markPath(home, mark.session);
  const tmp = `${path2}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(JSON.stringify(mark)), PRIVATE_FILE);
  (0, import_node_fs6.renameSync)(tmp, path2);
}
function transcriptStat(path2) {
  try {
    const st = (0, import_node_fs6.statSync)(path2);
    return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : void 0;
  } catch {
    return void 0;
  }
}
function needsReconciling(mark, st) {
  if (st === void 0) return false;
  return mark.reconciled === void 0 || mark.reconciled.size !== st.size || mark.reconciled.mtimeMs !== st.mtimeMs;
}
var IDLE_OVER_MS = 10 * 6e4;

// analyzer/rules-file.ts
var count = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e12;
function claimLine(rule, across) {
  const sentence = claimSentence(rule, across);
  return sentence === void 0 ? void 0 : `${sentence} \`${kindInfo(rule.kind).storeKey(rule.pattern)}\``;
}
function acrossWords(a) {
  return typeof a.projects === "number" && Number.isInteger(a.projects) && a.projects > 0 ? `in ${a.projects} of your projects` : "across your projects";
}
function claimSentence(rule, across) {
  const info = kindInfo(rule.kind);
  const steps = safeSteps(rule);
  const { rate, hits, opportunities, sessions } = rule;
  if (info === void 0 || !steps || typeof rate !== "number" || !(rate >= 0 && rate <= 1) || !count(hits) || !count(opportunities) || hits > opportunities || !count(sessions)) return void 0;
  const details = typeof rule.details === "object" && rule.details !== null ? rule.details : void 0;
  const lead = info.lead?.(steps, details) ?? "";
  const text = lead === "" ? info.claim(steps) : `${lead}${info.claim(steps)}`;
  return `${text[0].toUpperCase()}${text.slice(1)} (${Math.round(rate * 100)}%; ${info.counts(hits, opportunities, sessions)}${across ? `; ${acrossWords(across)}` : ""}${info.tail?.(steps, details) ?? ""})`;
}

// lib/safe-text.ts
var MAX = 300;
var INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
function breakExpansions(s) {
  return s.replace(/@(?=[^\s@])/g, "@ ").replace(/\$(?=[A-Za-z0-9_{])/g, "$ ");
}
function safeText(input, max = MAX) {
  if (typeof input !== "string") return "";
  let s = breakExpansions(
    input.replace(INVISIBLE, "").replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    // line breaks and other controls
  ).replace(/!?\[([^\]]*)\]\(/g, "$1 (").replace(/<!--|-->/g, " ").replace(/</g, "\u2039").replace(/`+/g, "'").replace(/javascript\s*:/gi, "javascript ").replace(/\s+/g, " ").trim();
  if (s.length > max) s = `${s.slice(0, max - 1).trimEnd()}\u2026`;
  return s;
}
function whenClause(trigger) {
  return trigger.replace(/^\s*when\s+/i, "");
}

// exports/taught-rules.ts
var MAX_RULE_TEXT = 200;
function safeText2(s, max = MAX_RULE_TEXT) {
  if (typeof s !== "string") return void 0;
  const out = breakExpansions(s.replace(INVISIBLE, "")).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/[<>`[\]{}|\\&$~]/g, " ").replace(/\b([a-z][a-z0-9+.-]{1,20}):(?=\S)/gi, (m, scheme) => /^(javascript|vbscript|data|file)$/i.test(scheme) ? `${scheme} :` : m).replace(/-{2,}/g, "-").replace(/\s+/g, " ").trim().slice(0, max).trim();
  return out === "" ? void 0 : out;
}
var shownKey = (pattern) => safeText2(pattern, 120);
function taughtClaimLine(r) {
  if (!isTaughtRule(r)) return void 0;
  const trigger = safeText2(r.trigger);
  const action = safeText2(r.action);
  const key = shownKey(r.pattern);
  if (trigger === void 0 || action === void 0 || key === void 0) return void 0;
  const n = Math.max(0, Math.round(r.observations));
  const s = Math.max(0, Math.round(r.sessions));
  return `When ${whenClause(trigger)}: ${action} (${r.source === "imported" ? "imported" : "taught"}; ${plural(n, "time")}${s > 0 ? ` in ${plural(s, "session")}` : ""}) \`${key}\``;
}

// exports/session-context.ts
var SESSION_CONTEXT_HEAD = "homunculus: what your past sessions show, most useful first (each line ends with its key, for feedback). Apply what fits the task.";
var SECTION_HEADS = {
  taught: "What you taught (or imported):",
  here: "This project's sessions:",
  across: "Your other projects (not yet seen here):",
  sessions: "Your sessions (no project recorded):"
};
function deliveredLine(r) {
  if (r.rule.kind === "taught") return taughtClaimLine(r.rule);
  return claimLine(r.rule, r.where === "across" ? { projects: r.projects } : void 0);
}
function deliverable(rules, config) {
  const observed = (where) => fairOrder(
    rules.filter((r) => r.where === where && r.rule.kind !== "taught" && worthDelivering(ruleFacts(r.rule), config)),
    (r) => ruleFacts(r.rule)
  );
  return [...rules.filter((r) => r.where === "taught"), ...observed("here"), ...observed("across"), ...observed("sessions")];
}
function sessionRulesContext(rules, config) {
  const sections = /* @__PURE__ */ new Map();
  let size = SESSION_CONTEXT_HEAD.length;
  let shown = 0;
  for (const r of deliverable(rules, config)) {
    if (shown >= config.maxSessionRules) break;
    const line = deliveredLine(r);
    if (line === void 0) continue;
    const list = sections.get(r.where);
    const add = 1 + 2 + line.length + (list === void 0 ? 1 + SECTION_HEADS[r.where].length : 0);
    if (size + add > config.maxSessionChars) continue;
    if (list === void 0) sections.set(r.where, [`- ${line}`]);
    else list.push(`- ${line}`);
    size += add;
    shown++;
  }
  if (shown === 0) return void 0;
  const text = [SESSION_CONTEXT_HEAD];
  for (const where of ["taught", "here", "across", "sessions"]) {
    const list = sections.get(where);
    if (list !== void 0) text.push(SECTION_HEADS[where], ...list);
  }
  return { text: text.join("\n"), shown };
}

// claude/deliveries.ts
var import_node_fs7 = require("node:fs");
var import_node_path6 = require("node:path");
var path = (home) => (0, import_node_path6.join)(layout.state(home), "last-delivery.json");
function recordDelivery(home, d) {
  ensurePrivateDir(layout.state(home));
  const tmp = `${path(home)}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(`${JSON.stringify(d)}
`), PRIVATE_FILE);
  (0, import_node_fs7.renameSync)(tmp, path(home));
}
function sourceToken(source) {
  return typeof source === "string" && /^[a-z_]{1,20}$/.test(source) ? source : "unknown";
}

// lib/config.ts
var import_node_path7 = require("node:path");
var ConfigError = class extends Error {
};
var fraction = (v) => v >= 0 && v <= 1;
var MAX_DAYS = 36500;
var RULES = {
  windowDays: { type: "integer", allowed: "a whole number of days from 1 to 365", check: (v) => v >= 1 && v <= 365 },
  minConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  maxConfidence: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  promoteAt: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  minObservations: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  minSessions: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  maxInstincts: { type: "integer", allowed: "a whole number from 1 to 1000", check: (v) => v >= 1 && v <= 1e3 },
  taughtStart: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  taughtStep: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  taughtGraceDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  taughtDecayPerWeek: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  taughtFloor: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  confirmDelta: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  confirmHalveAfter: { type: "integer", allowed: "a whole number of confirmations, 0 or more", check: (v) => v >= 0 },
  confirmQuarterAfter: { type: "integer", allowed: "a whole number of confirmations, 0 or more", check: (v) => v >= 0 },
  correctDelta: { type: "number", allowed: "a number from 0 to 1 (subtracted)", check: fraction },
  contradictDelta: { type: "number", allowed: "a number from 0 to 1 (subtracted)", check: fraction },
  adjustmentAnalyses: { type: "integer", allowed: "a whole number of analyses, at least 1", check: (v) => v >= 1 && v <= 1e3 },
  matureObservations: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  matureConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  ruleObservations: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  ruleConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  universalProjects: { type: "integer", allowed: "a whole number of projects, at least 2", check: (v) => v >= 2 },
  approvedAt: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  pruneRemoveBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  pruneRemoveUnseenDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  pruneReviewBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  pruneReviewUnseenDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  maxProjectInstincts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxGlobalInstincts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxProjectFacts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxGlobalFacts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxNewInstinctsPerRun: { type: "integer", allowed: "a whole number from 1 to 1000", check: (v) => v >= 1 && v <= 1e3 },
  maxNewFactsPerRun: { type: "integer", allowed: "a whole number from 1 to 1000", check: (v) => v >= 1 && v <= 1e3 },
  duplicateThreshold: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  mergeThreshold: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  searchLimit: { type: "integer", allowed: "a whole number from 1 to 10000", check: (v) => v >= 1 && v <= 1e4 },
  eventRetentionDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  recordProjectPaths: { type: "boolean", allowed: "true or false", check: () => true },
  archivePruneDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  retentionDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  demoteBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  forcedEvalEvery: { type: "integer", allowed: "a whole number of prompts, at least 1", check: (v) => v >= 1 },
  maxInjected: { type: "integer", allowed: "a whole number of items from 0 to 200", check: (v) => v >= 0 && v <= 200 },
  maxInjectionChars: { type: "integer", allowed: "a whole number of characters from 0 to 9000", check: (v) => v >= 0 && v <= 9e3 },
  injectMinConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  minObservationsToAnalyze: { type: "integer", allowed: "a whole number of records, 0 or more", check: (v) => v >= 0 },
  maxAnalysisSeconds: { type: "number", allowed: "a number of seconds above 0, at most 86400", check: (v) => v > 0 && v <= 86400 },
  partsFromMiB: { type: "number", allowed: "a number of MiB, 0 or more", check: (v) => v >= 0 },
  dreamEveryDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  dreamMinSessions: { type: "integer", allowed: "a whole number of sessions, 0 or more", check: (v) => v >= 0 },
  dreamStaleInactive: { type: "integer", allowed: "a whole number of turns, at least 1", check: (v) => v >= 1 },
  promoteGlobalConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  promoteGlobalConfirmations: { type: "integer", allowed: "a whole number of confirmations, 0 or more", check: (v) => v >= 0 },
  chainDetail: { type: "boolean", allowed: "true or false", check: () => true },
  saturateAt: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  minLift: { type: "number", allowed: "a number, 0 or more", check: (v) => v >= 0 },
  minRetryLift: { type: "number", allowed: "a number, 0 or more", check: (v) => v >= 0 },
  ratePriorWeight: { type: "number", allowed: "a number of opportunities from 0 to 1000", check: (v) => v >= 0 && v <= 1e3 },
  minRate: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  liveMinOpportunities: { type: "integer", allowed: "a whole number of opportunities, at least 1", check: (v) => v >= 1 },
  fixWindowCalls: { type: "integer", allowed: "a whole number of calls from 2 to 1000", check: (v) => v >= 2 && v <= 1e3 },
  commandWords: { type: "string", allowed: "script names separated by spaces, each of letters, digits and ._:+@- (at most 40 characters)", check: (v) => v.split(/\s+/).every((w) => w === "" || /^[A-Za-z0-9._:+@-]{1,40}$/.test(w)) },
  maxSessionRules: { type: "integer", allowed: "a whole number of items from 0 to 100", check: (v) => v >= 0 && v <= 100 },
  maxSessionChars: { type: "integer", allowed: "a whole number of characters from 0 to 9000", check: (v) => v >= 0 && v <= 9e3 },
  keepRuleSessionShare: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  effectMinOpportunities: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  effectMinChange: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  graduateMinDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  graduateMinConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  graduateMinConfirmed: { type: "integer", allowed: "a whole number, 0 or more", check: (v) => v >= 0 },
  graduateMaxContradicted: { type: "integer", allowed: "a whole number, 0 or more", check: (v) => v >= 0 },
  graduateGroupSize: { type: "integer", allowed: "a whole number, at least 2", check: (v) => v >= 2 },
  ttlDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  ttlRemoveBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  evolveMinConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  // Not just above 0: a subnormal half-life makes the decay rate Infinity, and 0 x Infinity NaN.
  halfLifeDays: { type: "number", allowed: `a number of days from 0.001 to ${MAX_DAYS}`, check: (v) => v >= 1e-3 && v <= MAX_DAYS },
  rulesFile: { type: "string", allowed: "a non-empty file path", check: (v) => v.trim().length > 0 }
};
var CONFIG_KEYS = Object.keys(RULES);
function show(v) {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
function typeOk(rule, v) {
  if (rule.type === "integer") return typeof v === "number" && Number.isInteger(v);
  if (rule.type === "number") return typeof v === "number" && Number.isFinite(v);
  return typeof v === rule.type;
}
function validateOverrides(raw, origin) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [`${origin}: expected a JSON object of settings, found ${show(raw)}`];
  const problems = [];
  for (const [key, value] of Object.entries(raw)) {
    const rule = Object.hasOwn(RULES, key) ? RULES[key] : void 0;
    if (rule === void 0) {
      problems.push(`${origin}: unknown key "${key}" (value ${show(value)}); known keys: ${CONFIG_KEYS.join(", ")}`);
    } else if (!typeOk(rule, value)) {
      problems.push(`${origin}: "${key}" must be ${rule.allowed}, found ${show(value)} (${Array.isArray(value) ? "array" : value === null ? "null" : typeof value})`);
    } else if (!rule.check(value)) {
      problems.push(`${origin}: "${key}" must be ${rule.allowed}, found ${show(value)}`);
    }
  }
  return problems;
}
function crossCheck(c) {
  const p = [];
  if (c.minConfidence > c.maxConfidence) p.push(`"minConfidence" (${c.minConfidence}) must not exceed "maxConfidence" (${c.maxConfidence})`);
  if (c.promoteAt <= c.minConfidence) p.push(`"promoteAt" (${c.promoteAt}) must be above "minConfidence" (${c.minConfidence}): a rule must first be an instinct`);
  if (c.promoteAt > c.maxConfidence) p.push(`"promoteAt" (${c.promoteAt}) must not exceed "maxConfidence" (${c.maxConfidence}), or nothing can ever be promoted`);
  if (c.demoteBelow >= c.promoteAt) p.push(`"demoteBelow" (${c.demoteBelow}) must be below "promoteAt" (${c.promoteAt})`);
  if (c.taughtStart > c.maxConfidence) p.push(`"taughtStart" (${c.taughtStart}) must not exceed "maxConfidence" (${c.maxConfidence})`);
  if (c.taughtFloor > c.taughtStart) p.push(`"taughtFloor" (${c.taughtFloor}) must not exceed "taughtStart" (${c.taughtStart}): decay would raise a new instinct`);
  if (c.confirmQuarterAfter < c.confirmHalveAfter) p.push(`"confirmQuarterAfter" (${c.confirmQuarterAfter}) must be at least "confirmHalveAfter" (${c.confirmHalveAfter})`);
  if (c.matureObservations > c.ruleObservations) p.push(`"matureObservations" (${c.matureObservations}) must not exceed "ruleObservations" (${c.ruleObservations})`);
  if (c.matureConfidence > c.ruleConfidence) p.push(`"matureConfidence" (${c.matureConfidence}) must not exceed "ruleConfidence" (${c.ruleConfidence})`);
  if (c.pruneRemoveBelow > c.pruneReviewBelow) p.push(`"pruneRemoveBelow" (${c.pruneRemoveBelow}) must not exceed "pruneReviewBelow" (${c.pruneReviewBelow})`);
  if (c.pruneRemoveUnseenDays < c.pruneReviewUnseenDays) p.push(`"pruneRemoveUnseenDays" (${c.pruneRemoveUnseenDays}) must be at least "pruneReviewUnseenDays" (${c.pruneReviewUnseenDays})`);
  if (c.mergeThreshold > c.duplicateThreshold) p.push(`"mergeThreshold" (${c.mergeThreshold}) must not exceed "duplicateThreshold" (${c.duplicateThreshold})`);
  if (c.retentionDays < c.windowDays) p.push(`"retentionDays" (${c.retentionDays}) must be at least "windowDays" (${c.windowDays}), or observations would be deleted while still in the window`);
  return p;
}
function readJson(path2, optional = false) {
  let text;
  try {
    text = optional ? readRegularTextIfPresent(path2) : readRegularText(path2);
  } catch (e) {
    throw new ConfigError(`cannot read ${path2}: ${readFailure(e)}`);
  }
  if (text === void 0) return void 0;
  try {
    return JSON.parse(withoutBom(text));
  } catch (e) {
    throw new ConfigError(`${path2}: expected JSON, ${e.message}`);
  }
}
function readOptionalJson(path2) {
  return readJson(path2, true);
}
function loadConfig(home, env, root = packageRoot(), opts = {}) {
  const layers = [
    [(0, import_node_path7.join)(root, "config", "defaults.json"), readJson((0, import_node_path7.join)(root, "config", "defaults.json"))],
    [(0, import_node_path7.join)(root, "config", "decay-config.json"), readJson((0, import_node_path7.join)(root, "config", "decay-config.json"))]
  ];
  const userPath = env["HOMUNCULUS_CONFIG"] ? env["HOMUNCULUS_CONFIG"] : layout.config(home);
  const user = opts.defaultsOnly ? void 0 : env["HOMUNCULUS_CONFIG"] ? readJson(userPath) : readOptionalJson(userPath);
  if (user !== void 0) layers.push([userPath, user]);
  const merged = /* @__PURE__ */ Object.create(null);
  const sources = {};
  const problems = [];
  for (const [origin, raw] of layers) {
    const p = validateOverrides(raw, origin);
    problems.push(...p);
    if (p.length === 0) {
      for (const [k, v] of Object.entries(raw)) {
        merged[k] = v;
        sources[k] = origin;
      }
    }
  }
  if (problems.length === 0) {
    const missing = CONFIG_KEYS.filter((k) => k !== "rulesFile" && !(k in merged));
    if (missing.length > 0) problems.push(`config/ is missing defaults for: ${missing.join(", ")}`);
  }
  if (problems.length === 0) problems.push(...crossCheck(merged).map((m) => `${userPath}: ${m}`));
  if (problems.length > 0) throw new ConfigError(`invalid configuration:
  - ${problems.join("\n  - ")}`);
  return { config: { ...merged }, sources };
}

// lib/detached.ts
var import_node_child_process = require("node:child_process");
var import_node_url2 = require("node:url");
function spawnDetached(script, args, env, nodeFlags = []) {
  const child = (0, import_node_child_process.spawn)(process.execPath, [...nodeFlags, (0, import_node_url2.fileURLToPath)(script), ...args], { detached: true, stdio: "ignore", env });
  child.on("error", () => {
  });
  child.unref();
}

// lib/hook-errors.ts
var import_node_fs9 = require("node:fs");

// lib/append-line.ts
var import_node_fs8 = require("node:fs");
var import_node_path8 = require("node:path");
var NL = 10;
var NEWLINE = Buffer.from("\n");
function openAppend(path2) {
  try {
    return (0, import_node_fs8.openSync)(path2, APPEND_NOFOLLOW, PRIVATE_FILE);
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
    ensurePrivateDir((0, import_node_path8.dirname)(path2));
    fd = openAppend(path2);
  }
  try {
    const st = (0, import_node_fs8.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path2}: expected a regular file, found something else (a FIFO or device); move it aside`);
    if (st.nlink > 1) throw new DataHomeError(`${path2} has ${st.nlink} hard links; homunculus never writes to a file that has another name: move it aside (cp it to a file of its own)`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs8.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = typeof text === "string" ? Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`) : Buffer.concat([...torn ? [NEWLINE] : [], text, ...text.length > 0 && text[text.length - 1] === NL ? [] : [NEWLINE]]);
    const written = writeData(fd, data, path2);
    if (written !== data.length) throw noSpace(path2, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs8.closeSync)(fd);
  }
}

// lib/hook-errors.ts
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path2 = layout.hookErrors(home);
    try {
      if ((0, import_node_fs9.lstatSync)(path2).size > MAX_BYTES) (0, import_node_fs9.renameSync)(path2, `${path2}.1`);
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

// observer/command-table.ts
var PACKAGE_BINS = new Set(
  "vitest jest mocha ava eslint tsc vue-tsc prettier biome playwright cypress next vite webpack rollup esbuild tsx ts-node nodemon turbo nx astro nuxt remix expo react-scripts tailwindcss drizzle-kit prisma knip lerna changeset semantic-release storybook svelte-kit svelte-check".split(" ")
);
var SCRIPT_WORDS = new Set(
  "build test tests lint dev start serve preview watch typecheck type-check types tsc check format fmt e2e unit integration coverage cov ci release clean install setup bootstrap generate gen codegen docs doc compile bundle verify validate bench all default run migrate seed storybook prettier eslint vet tidy deploy".split(" ")
);

// observer/observation.ts
var REJECTED_MARK = "The user doesn't want to proceed with this tool use";
var PayloadError = class extends Error {
};
var REJECTED_HEAD = `${REJECTED_MARK}. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). `;

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
  return new Promise((resolve3) => {
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
      resolve3({ scanner, reason });
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

// observer/project-id.ts
var import_node_fs10 = require("node:fs");
var import_node_path9 = require("node:path");
function isPresent(path2) {
  try {
    (0, import_node_fs10.statSync)(path2);
    return true;
  } catch {
    return false;
  }
}
var WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/;
function rulesFor2(path2) {
  if (process.platform === "win32") return { p: import_node_path9.win32, native: true };
  return WINDOWS_ABSOLUTE.test(path2) ? { p: import_node_path9.win32, native: false } : { p: import_node_path9.posix, native: true };
}
function canonical(p, path2) {
  return p === import_node_path9.win32 && /^[a-z]:/.test(path2) ? path2[0].toUpperCase() + path2.slice(1) : path2;
}
function projectRoot(cwd, env, exists = isPresent, known) {
  const fromEnv = env["CLAUDE_PROJECT_DIR"];
  const given = fromEnv || cwd;
  if (!given) return void 0;
  const { p, native } = rulesFor2(given);
  const start = canonical(p, p.resolve(given));
  if (fromEnv || !native) return start;
  for (let dir = start; ; dir = p.dirname(dir)) {
    if (known?.(projectId(dir))) return dir;
    if (exists(p.resolve(dir, ".git"))) return dir;
    if (p.dirname(dir) === dir) return start;
  }
}
function projectName(root) {
  const { p } = rulesFor2(root);
  return p.basename(root) || root;
}
function projectId(root) {
  return fnv1a64Hex(root).slice(0, 12);
}

// lib/lock.ts
var STALE_LOCK_MS = 10 * 60 * 1e3;
var sleeper = new Int32Array(new SharedArrayBuffer(4));

// store/files/io.ts
function readIfFile(path2) {
  try {
    return readDataFile(path2);
  } catch {
    return void 0;
  }
}

// store/files/projects.ts
function currentProject(cwd, env, known) {
  const root = projectRoot(cwd, env, void 0, known);
  if (root === void 0) return void 0;
  const id = projectId(root);
  return { id, name: safeText(projectName(root), 100) || id, root };
}
function readProjects(home) {
  const bytes = readIfFile(layout.projects(home));
  if (bytes === void 0) return [];
  try {
    const v = JSON.parse(bytes.toString("utf8"));
    if (!Array.isArray(v?.projects)) return [];
    return v.projects.filter((p) => typeof p === "object" && p !== null && /^[0-9a-f]{12}$/.test(p.id) && typeof p.name === "string").map((p) => ({ ...p, name: safeText(p.name, 100) || p.id }));
  } catch {
    return [];
  }
}
function touchProject(home, p, nowIso, recordPath) {
  const list = readProjects(home);
  const day = nowIso.slice(0, 10);
  const old = list.find((e) => e.id === p.id);
  const entry = { id: p.id, name: p.name.slice(0, 100), last_seen: old && old.last_seen.slice(0, 10) === day && old.last_seen > nowIso ? old.last_seen : nowIso };
  if (recordPath) entry.path = p.root;
  if (old && old.name === entry.name && old.last_seen.slice(0, 10) === day && (old.path ?? "") === (entry.path ?? "")) return;
  const next = [...list.filter((e) => e.id !== p.id), entry].sort((a, b) => a.id < b.id ? -1 : 1);
  writeFileAtomic(layout.projects(home), `${JSON.stringify({ projects: next }, null, 2)}
`);
}

// hooks/session-start.ts
function configFor(home, env) {
  try {
    return loadConfig(home, env).config;
  } catch (e) {
    logHookError(home, "session-start", `${e.message.split("\n").join(" ")}; the defaults were used`);
    return loadConfig(home, env, void 0, { defaultsOnly: true }).config;
  }
}
runHook("session-start", async (home, env) => {
  const { scanner } = await scanStdin();
  const top = scanner.result.top;
  const session = idToken(top.get("session_id"));
  if (session === void 0) throw new PayloadError("payload: expected session_id of [A-Za-z0-9_-]{1,128}, found a missing or invalid value");
  const source = top.get("source");
  const transcript = top.get("transcript_path");
  const pid = Number(env["CLAUDE_PID"]);
  const nowIso = (/* @__PURE__ */ new Date()).toISOString();
  if (typeof transcript === "string" && (0, import_node_path10.isAbsolute)(transcript)) {
    const before = readMark(home, session);
    writeMark(home, { session, transcript, started: nowIso, ...Number.isInteger(pid) && pid > 0 ? { pid } : {}, ...before?.reconciled ? { reconciled: before.reconciled } : {} });
  }
  if (readMarks(home).some((m) => m.session !== session && needsReconciling(m, transcriptStat(m.transcript)))) {
    spawnDetached(new URL("./reconcile.js", __homunculus_import_meta_url), [], env, ["--max-semi-space-size=2"]);
  }
  if (source === "resume") {
    recordDelivery(home, { session, source, at: nowIso, rules: 0, chars: 0, note: "resumed: the conversation holds the rules given when it started" });
    return;
  }
  const cwd = top.get("cwd");
  const project = currentProject(typeof cwd === "string" && cwd.length > 0 ? cwd : void 0, env);
  const config = configFor(home, env);
  if (project) {
    try {
      touchProject(home, project, nowIso, config.recordProjectPaths);
    } catch {
    }
  }
  const context = sessionRulesContext(rulesReachingSession(home, project?.id ?? null, { cwd, onProblem: (why) => logHookError(home, "session-start", why) }), config);
  recordDelivery(home, { session, source: sourceToken(source), at: nowIso, rules: context?.shown ?? 0, chars: context?.text.length ?? 0 });
  if (context === void 0) return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context.text } }));
});
