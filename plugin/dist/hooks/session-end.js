#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";

// hooks/session-end.ts
var import_node_path4 = require("node:path");

// claude/sessions.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");

// lib/data-files.ts
var import_node_fs = require("node:fs");
var { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = import_node_fs.constants;
var READ_NOFOLLOW = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
var APPEND_NOFOLLOW = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;
var CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
function readDataFile(path) {
  const fd = (0, import_node_fs.openSync)(path, READ_NOFOLLOW);
  try {
    return (0, import_node_fs.readFileSync)(fd);
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
}
var fullDisk = process.env["HOMUNCULUS_TEST_FULL_DISK"];
var spaceLeft = fullDisk !== void 0 && /^\d+$/.test(fullDisk) ? Number(fullDisk) : Infinity;
function noSpace(path, detail = "") {
  const e = new Error(`ENOSPC: no space left on device, write '${path}'${detail}`);
  e.code = "ENOSPC";
  e.errno = -28;
  e.syscall = "write";
  e.path = path;
  return e;
}
function writeData(fd, data, path) {
  if (spaceLeft === Infinity) return (0, import_node_fs.writeSync)(fd, data, 0, data.length);
  if (spaceLeft === 0) throw noSpace(path);
  const n = (0, import_node_fs.writeSync)(fd, data, 0, Math.min(data.length, spaceLeft));
  spaceLeft -= n;
  return n;
}
function writeAll(fd, data, path) {
  let done = 0;
  while (done < data.length) {
    const n = writeData(fd, data.subarray(done), path);
    if (n === 0) throw noSpace(path);
    done += n;
  }
}
function writeNewFile(path, data, mode, opts = { replace: true }) {
  let fd;
  try {
    fd = (0, import_node_fs.openSync)(path, CREATE_NEW, mode);
  } catch (e) {
    if (e.code !== "EEXIST" || !opts.replace) throw e;
    (0, import_node_fs.unlinkSync)(path);
    fd = (0, import_node_fs.openSync)(path, CREATE_NEW, mode);
  }
  try {
    for (const chunk of data instanceof Uint8Array ? [data] : data) writeAll(fd, chunk, path);
  } catch (e) {
    (0, import_node_fs.closeSync)(fd);
    try {
      (0, import_node_fs.unlinkSync)(path);
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
function ensurePrivateDir(path) {
  try {
    (0, import_node_fs2.mkdirSync)(path, { recursive: true, mode: PRIVATE_DIR });
  } catch (e) {
    const code = e.code;
    if (code === "EEXIST") throw new DataHomeError(`${path} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    if (code === "ENOENT") throw new DataHomeError(cannotCreate(path));
    throw e;
  }
}
function cannotCreate(path) {
  let below = path;
  let at = (0, import_node_path.dirname)(path);
  while (!(0, import_node_fs2.existsSync)(at) && (0, import_node_path.dirname)(at) !== at) {
    below = at;
    at = (0, import_node_path.dirname)(at);
  }
  const hint = "set HOMUNCULUS_HOME to a folder you can write";
  if (isLink(below)) return `cannot create ${path}: ${below} is a symbolic link to nowhere (${hint}, or make the folder it points to)`;
  try {
    (0, import_node_fs2.accessSync)(at, import_node_fs2.constants.W_OK);
  } catch (e) {
    const code = e.code;
    if (code === "EROFS") return `cannot create ${path}: ${at} is on a read-only filesystem (${hint})`;
    return `cannot create ${path}: ${at} is not writable (${code ?? String(e)}; ${hint})`;
  }
  return `cannot create ${path}: ENOENT below ${at} (${hint})`;
}
var DataHomeError = class extends Error {
};
var DATA_DIRS = ["observations", "state", (0, import_node_path.join)("state", "streams"), (0, import_node_path.join)("state", "prompts"), (0, import_node_path.join)("state", "sessions"), (0, import_node_path.join)("state", "cache"), (0, import_node_path.join)("state", "injections"), "instincts", "archive", "facts"];
function assertDataHome(home, dirs = DATA_DIRS) {
  let realHome;
  for (const d of dirs) {
    const path = (0, import_node_path.join)(home, d);
    let real;
    try {
      real = import_node_fs2.realpathSync.native(path);
    } catch (e) {
      if (e.code === "ENOENT" && isLink(path)) {
        throw new DataHomeError(`${path} is a symbolic link to nowhere; homunculus writes only inside its data home ${home}: replace the link with a folder`);
      }
      continue;
    }
    realHome ??= import_node_fs2.realpathSync.native(home);
    if (real === realHome || real.startsWith(realHome + import_node_path.sep)) continue;
    throw new DataHomeError(`${path} is a symbolic link to ${real}, outside the data home ${home}; homunculus never writes through it: replace the link with a folder`);
  }
}
function isLink(path) {
  try {
    return (0, import_node_fs2.lstatSync)(path).isSymbolicLink();
  } catch {
    return false;
  }
}
function idFileStem(key) {
  return key.length <= 100 ? key : `h.${fnv1a64Hex(key)}`;
}

// claude/sessions.ts
var sessionsDir = layout.sessions;
var markPath = (home, session) => (0, import_node_path2.join)(sessionsDir(home), `${idFileStem(session)}.json`);
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
function writeMark(home, mark) {
  assertDataHome(home, ["state", (0, import_node_path2.join)("state", "sessions")]);
  ensurePrivateDir(sessionsDir(home));
  const path = markPath(home, mark.session);
  const tmp = `${path}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(JSON.stringify(mark)), PRIVATE_FILE);
  (0, import_node_fs3.renameSync)(tmp, path);
}
var IDLE_OVER_MS = 10 * 6e4;

// lib/detached.ts
var import_node_child_process = require("node:child_process");
var import_node_url = require("node:url");
function spawnDetached(script, args, env, nodeFlags = []) {
  const child = (0, import_node_child_process.spawn)(process.execPath, [...nodeFlags, (0, import_node_url.fileURLToPath)(script), ...args], { detached: true, stdio: "ignore", env });
  child.on("error", () => {
  });
  child.unref();
}

// lib/hook-errors.ts
var import_node_fs5 = require("node:fs");

// lib/append-line.ts
var import_node_fs4 = require("node:fs");
var import_node_path3 = require("node:path");
var NL = 10;
var NEWLINE = Buffer.from("\n");
function openAppend(path) {
  try {
    return (0, import_node_fs4.openSync)(path, APPEND_NOFOLLOW, PRIVATE_FILE);
  } catch (e) {
    if (e.code === "ELOOP") throw new DataHomeError(`${path} is a symbolic link; homunculus never writes through links in its data home: remove it`);
    throw e;
  }
}
function appendLine(path, text) {
  let fd;
  try {
    fd = openAppend(path);
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    ensurePrivateDir((0, import_node_path3.dirname)(path));
    fd = openAppend(path);
  }
  try {
    const st = (0, import_node_fs4.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path}: expected a regular file, found something else (a FIFO or device); move it aside`);
    if (st.nlink > 1) throw new DataHomeError(`${path} has ${st.nlink} hard links; homunculus never writes to a file that has another name: move it aside (cp it to a file of its own)`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs4.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = typeof text === "string" ? Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`) : Buffer.concat([...torn ? [NEWLINE] : [], text, ...text.length > 0 && text[text.length - 1] === NL ? [] : [NEWLINE]]);
    const written = writeData(fd, data, path);
    if (written !== data.length) throw noSpace(path, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs4.closeSync)(fd);
  }
}

// lib/hook-errors.ts
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path = layout.hookErrors(home);
    try {
      if ((0, import_node_fs5.lstatSync)(path).size > MAX_BYTES) (0, import_node_fs5.renameSync)(path, `${path}.1`);
    } catch {
    }
    const oneLine = message.replace(/[\r\n]+/g, " ").slice(0, 500);
    appendLine(path, `${now.toISOString()} ${hook}: ${oneLine}`);
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
var ID = /^[A-Za-z0-9_-]{1,128}$/;
function idToken(value) {
  return typeof value === "string" && ID.test(value) ? value : void 0;
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

// hooks/session-end.ts
runHook("session-end", async (home, env) => {
  const { scanner } = await scanStdin();
  const top = scanner.result.top;
  const session = idToken(top.get("session_id"));
  if (session === void 0) throw new PayloadError("payload: expected session_id of [A-Za-z0-9_-]{1,128}, found a missing or invalid value");
  const payloadTranscript = top.get("transcript_path");
  const before = readMark(home, session);
  const transcript = typeof payloadTranscript === "string" && (0, import_node_path4.isAbsolute)(payloadTranscript) ? payloadTranscript : before?.transcript || void 0;
  if (transcript === void 0) return;
  const nowIso = (/* @__PURE__ */ new Date()).toISOString();
  writeMark(home, { ...before ?? { started: nowIso }, session, transcript, ended: nowIso });
  spawnDetached(new URL("./reconcile.js", __homunculus_import_meta_url), [], env, ["--max-semi-space-size=2"]);
});
