const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// lib/code-cache.ts
var code_cache_exports = {};
__export(code_cache_exports, {
  codeCachePath: () => codeCachePath,
  runCached: () => runCached
});
module.exports = __toCommonJS(code_cache_exports);
var import_node_fs6 = require("node:fs");
var import_node_module = require("node:module");
var import_node_path3 = require("node:path");
var import_node_vm = require("node:vm");

// lib/atomic-write.ts
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

// lib/atomic-write.ts
var counter = 0;
function writeFileAtomic(path, data, opts = { skipIfSame: true }) {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readDataFile(path).equals(Buffer.isBuffer(bytes) ? bytes : Buffer.concat(bytes))) return false;
    } catch {
    }
  }
  ensurePrivateDir((0, import_node_path2.dirname)(path));
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    writeNewFile(tmp, bytes, opts.mode ?? PRIVATE_FILE);
    if (opts.cache === true) (0, import_node_fs3.rmSync)(path, { force: true });
    (0, import_node_fs3.renameSync)(tmp, path);
  } catch (e) {
    (0, import_node_fs3.rmSync)(tmp, { force: true });
    throw e;
  }
  return true;
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
var DAY_MS = 864e5;
var FUTURE_TOLERANCE_MS = 5 * 6e4;
function futureClockReason(nowMs, realMs = Date.now()) {
  if (nowMs - realMs <= FUTURE_TOLERANCE_MS) return void 0;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW) is ${spanOf(nowMs - realMs)} ahead of the real clock (${new Date(realMs).toISOString()}), more than 5 minutes`;
}
var PAST_TOLERANCE_MS = 5 * 6e4;
function spanOf(ms) {
  return ms >= 2 * DAY_MS ? `${Math.floor(ms / DAY_MS)} days` : ms >= 2 * 36e5 ? `${Math.floor(ms / 36e5)} hours` : `${Math.ceil(ms / 6e4)} minutes`;
}
function pastClockReason(nowMs, newestMs) {
  if (!(newestMs - nowMs > PAST_TOLERANCE_MS)) return void 0;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW, or the clock) is ${spanOf(newestMs - nowMs)} before the newest record (${new Date(newestMs).toISOString()}), more than 5 minutes`;
}
function clockBehindReason(realMs, lastWriteMs) {
  if (!(lastWriteMs - realMs > PAST_TOLERANCE_MS)) return void 0;
  return `the system clock (${new Date(realMs).toISOString()}) is ${spanOf(lastWriteMs - realMs)} before the data home's last write (${new Date(lastWriteMs).toISOString()}), more than 5 minutes: it was set back`;
}

// lib/clock-guard.ts
var import_node_fs4 = require("node:fs");
var import_node_fs5 = require("node:fs");
var OBSERVATION_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
var TS = /"ts":"([^"]{10,40})"/g;
var TAIL = 8192;
var NONE = { newest: -Infinity, mtime: -Infinity };
function newestInTail(path, limitMs) {
  let fd;
  try {
    fd = (0, import_node_fs4.openSync)(path, READ_NOFOLLOW);
  } catch {
    return NONE;
  }
  try {
    const st = (0, import_node_fs4.fstatSync)(fd);
    if (!st.isFile()) return NONE;
    if (st.size === 0) return { newest: -Infinity, mtime: st.mtimeMs };
    const len = Math.min(TAIL, st.size);
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const n = (0, import_node_fs4.readSync)(fd, buf, got, len - got, st.size - len + got);
      if (n === 0) break;
      got += n;
    }
    let text = buf.toString("latin1", 0, got);
    if (len < st.size) text = text.slice(text.indexOf("\n") + 1);
    let newest = -Infinity;
    for (const m of text.matchAll(TS)) {
      const ms = isoToMs(m[1]);
      if (ms > newest && ms <= limitMs) newest = ms;
    }
    return { newest, mtime: st.mtimeMs };
  } finally {
    (0, import_node_fs4.closeSync)(fd);
  }
}
function mtimeOf(path) {
  try {
    const st = (0, import_node_fs5.lstatSync)(path);
    return st.isFile() ? st.mtimeMs : -Infinity;
  } catch {
    return -Infinity;
  }
}
function dataHomeTimes(home, limitMs) {
  let names = [];
  try {
    names = (0, import_node_fs4.readdirSync)(layout.observations(home)).filter((f) => OBSERVATION_FILE.test(f));
  } catch {
  }
  names.sort();
  const lastDay = new Date(limitMs).toISOString().slice(0, 10);
  let obs = NONE;
  let newestFile = -Infinity;
  for (let k = names.length - 1; k >= 0 && obs.newest === -Infinity; k--) {
    if (names[k].slice(0, 10) > lastDay) continue;
    obs = newestInTail(`${layout.observations(home)}/${names[k]}`, limitMs);
    if (k === names.length - 1) newestFile = obs.mtime;
  }
  if (names.length > 0 && newestFile === -Infinity) newestFile = mtimeOf(`${layout.observations(home)}/${names[names.length - 1]}`);
  const events = newestInTail(layout.events(home), limitMs);
  return { newestRecordMs: Math.max(obs.newest, events.newest), lastWriteMs: Math.max(newestFile, obs.mtime, events.mtime) };
}
function readOnlyReason(home, nowMs, realMs = Date.now()) {
  const future = futureClockReason(nowMs, realMs);
  if (future !== void 0) return future;
  const t = dataHomeTimes(home, realMs + FUTURE_TOLERANCE_MS);
  return pastClockReason(nowMs, t.newestRecordMs) ?? clockBehindReason(realMs, t.lastWriteMs);
}

// lib/code-cache.ts
var V8_DIRS = ["state", (0, import_node_path3.join)("state", "cache"), (0, import_node_path3.join)("state", "cache", "v8")];
function codeCachePath(home, name, bundle, buildHash) {
  const st = (0, import_node_fs6.statSync)(bundle);
  const key = fnv1a64Hex(`${buildHash} ${st.size} ${st.mtimeMs} ${process.version} ${process.arch} ${process.execArgv.join(" ")}`);
  return (0, import_node_path3.join)(layout.codeCache(home), `${name}-${key}.bin`);
}
function isFolder(path) {
  try {
    return (0, import_node_fs6.lstatSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function writable(home, env) {
  try {
    return readOnlyReason(home, resolveNow(void 0, env).getTime()) === void 0;
  } catch {
    return false;
  }
}
function saveCache(home, name, path, script) {
  assertDataHome(home, V8_DIRS);
  if (!isFolder(layout.cache(home))) return;
  const dir = (0, import_node_path3.dirname)(path);
  writeFileAtomic(path, script.createCachedData(), { skipIfSame: false, cache: true });
  for (const f of (0, import_node_fs6.readdirSync)(dir)) {
    if (f.startsWith(`${name}-`) && f.endsWith(".bin") && (0, import_node_path3.join)(dir, f) !== path) (0, import_node_fs6.rmSync)((0, import_node_path3.join)(dir, f), { force: true });
  }
}
function runCached(dir, name, buildHash) {
  const bundle = (0, import_node_path3.join)(dir, `${name}.bundle.js`);
  const env = process.env;
  let home;
  let cachePath;
  let cached;
  if (env["HOMUNCULUS_DISABLE"] !== "1" && env["HOMUNCULUS_CODE_CACHE"] !== "0") {
    try {
      home = resolveDataHome(env);
      cachePath = codeCachePath(home, name, bundle, buildHash);
      assertDataHome(home, V8_DIRS);
      cached = readDataFile(cachePath);
    } catch {
    }
  }
  let source = (0, import_node_fs6.readFileSync)(bundle, "utf8");
  if (source.startsWith("#!")) source = `//${source.slice(2)}`;
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}
})`;
  const script = new import_node_vm.Script(wrapped, { filename: bundle, cachedData: cached });
  if (home !== void 0 && cachePath !== void 0 && (cached === void 0 || script.cachedDataRejected === true) && writable(home, env)) {
    const [h, p] = [home, cachePath];
    process.on("exit", () => {
      try {
        saveCache(h, name, p, script);
      } catch {
      }
    });
  }
  const mod = { exports: {}, filename: bundle, id: bundle, loaded: false };
  const fn = script.runInThisContext();
  fn.call(mod.exports, mod.exports, (0, import_node_module.createRequire)(bundle), mod, bundle, dir);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  codeCachePath,
  runCached
});
