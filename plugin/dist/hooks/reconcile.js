#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";

// claude/reconcile.ts
var import_node_fs14 = require("node:fs");
var import_node_path7 = require("node:path");

// analyzer/run.ts
var import_node_fs7 = require("node:fs");
var import_node_path3 = require("node:path");

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
    writeAll(fd, data, path);
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
function resolveDataHome(env, pkgRoot) {
  const fromEnv = env["HOMUNCULUS_HOME"];
  if (fromEnv) return (0, import_node_path.resolve)(fromEnv);
  pkgRoot ??= packageRoot();
  if (isCheckout(pkgRoot)) return (0, import_node_path.join)(pkgRoot, "homunculus");
  const xdg = env["XDG_DATA_HOME"];
  return (0, import_node_path.join)(xdg && xdg.startsWith("/") ? xdg : (0, import_node_path.join)(env["HOME"] || (0, import_node_os.homedir)(), ".local", "share"), "homunculus");
}
function isCheckout(pkgRoot) {
  return !pkgRoot.split(import_node_path.sep).includes("node_modules") && (0, import_node_fs2.existsSync)((0, import_node_path.join)(pkgRoot, ".git"));
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
  lastAnalysis: (home) => (0, import_node_path.join)(home, "state", "last-analysis.json"),
  rulesJson: (home) => (0, import_node_path.join)(home, "rules.json"),
  rulesFile: (home) => (0, import_node_path.join)(home, "generated-rules.md"),
  config: (home) => (0, import_node_path.join)(home, "config.json"),
  promptCounts: (home) => (0, import_node_path.join)(home, "state", "prompts"),
  sessions: (home) => (0, import_node_path.join)(home, "state", "sessions")
};
var PRIVATE_DIR = 448;
var PRIVATE_FILE = 384;
function ensurePrivateDir(path) {
  try {
    (0, import_node_fs2.mkdirSync)(path, { recursive: true, mode: PRIVATE_DIR });
  } catch (e) {
    if (e.code === "EEXIST") throw new DataHomeError(`${path} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    throw e;
  }
}
var DataHomeError = class extends Error {
};
var DATA_DIRS = ["observations", "state", (0, import_node_path.join)("state", "streams"), (0, import_node_path.join)("state", "prompts"), (0, import_node_path.join)("state", "sessions"), (0, import_node_path.join)("state", "cache"), "instincts", "archive"];
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

// lib/atomic-write.ts
var counter = 0;
function writeFileAtomic(path, data, opts = { skipIfSame: true }) {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readDataFile(path).equals(bytes)) return false;
    } catch {
    }
  }
  ensurePrivateDir((0, import_node_path2.dirname)(path));
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    writeNewFile(tmp, bytes, opts.mode ?? PRIVATE_FILE);
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
  const ahead = nowMs - realMs;
  const span = ahead >= 2 * DAY_MS ? `${Math.floor(ahead / DAY_MS)} days` : ahead >= 2 * 36e5 ? `${Math.floor(ahead / 36e5)} hours` : `${Math.ceil(ahead / 6e4)} minutes`;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW) is ${span} ahead of the real clock (${new Date(realMs).toISOString()}), more than 5 minutes`;
}
function utcDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

// lib/lock.ts
var import_node_fs4 = require("node:fs");
var STALE_LOCK_MS = 10 * 60 * 1e3;
function mtimeMs(path) {
  try {
    return (0, import_node_fs4.lstatSync)(path).mtimeMs;
  } catch {
    return 0;
  }
}
function isFolder(path) {
  try {
    return (0, import_node_fs4.lstatSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
function acquireLock(path) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeLockFile(path);
      return { release: () => (0, import_node_fs4.rmSync)(path, { force: true }) };
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    if (isFolder(path)) throw new DataHomeError(`${path} is a folder, expected the analysis lock (a file); move it aside`);
    let info;
    let text = "";
    try {
      text = readDataFile(path).toString("utf8");
      info = JSON.parse(text);
    } catch {
      info = void 0;
    }
    if (text === "" && Date.now() - mtimeMs(path) < 5e3) return { heldBy: { pid: -1, started: "just now" } };
    const age = info ? Date.now() - Date.parse(info.started) : Infinity;
    if (info && Number.isInteger(info.pid) && alive(info.pid) && age < STALE_LOCK_MS) return { heldBy: info };
    (0, import_node_fs4.rmSync)(path, { force: true });
  }
  throw new Error(`could not take the analysis lock ${path}`);
}
function writeLockFile(path) {
  const data = Buffer.from(JSON.stringify({ pid: process.pid, started: (/* @__PURE__ */ new Date()).toISOString() }));
  writeNewFile(path, data, PRIVATE_FILE, { replace: false });
}
var sleeper = new Int32Array(new SharedArrayBuffer(4));
function acquireLockWaiting(path, waitMs) {
  const start = Date.now();
  let first;
  for (; ; ) {
    const r = acquireLock(path);
    if ("release" in r) return first ? { ...r, waitedFor: first } : r;
    first ??= r.heldBy;
    if (Date.now() - start >= waitMs) return r;
    Atomics.wait(sleeper, 0, 0, Math.min(100, Math.max(1, waitMs - (Date.now() - start))));
  }
}

// analyzer/observation-cache.ts
var import_node_fs6 = require("node:fs");

// analyzer/observation-file.ts
var import_node_fs5 = require("node:fs");

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

// analyzer/observation-file.ts
var TOOL = "[A-Za-z0-9_.:-]{1,128}";
var WORD = "[A-Za-z0-9._:+@-]{1,40}";
var CANONICAL = new RegExp(
  '\\{"v":1,"ts":"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z","tool":"(' + TOOL + ')","ok":(true|false),"ms":(?:\\d{1,15}|null),"prev":(?:"' + TOOL + '"|null),"prev2":(?:"' + TOOL + '"|null),"session":"([A-Za-z0-9_-]{1,128})","project":(?:"[0-9a-f]{12}"|null),"event":"PostToolUse(?:Failure)?"(?:,"id":"[A-Za-z0-9_-]{1,128}")?(?:,"detail":"(' + WORD + "(?: " + WORD + ')?)")?(?:,"agent":"[A-Za-z0-9_.:-]{1,64}")?(?:,"agentId":"([A-Za-z0-9_-]{1,128})")?\\}\\r?(?:\\n|$)',
  "y"
);
var TS_AT = 13;
function digits(text, at, n) {
  let v = 0;
  for (let k = 0; k < n; k++) v = v * 10 + text.charCodeAt(at + k) - 48;
  return v;
}
function isoAt(text, at) {
  const y = digits(text, at, 4);
  const mo = digits(text, at + 5, 2);
  const d = digits(text, at + 8, 2);
  const h = digits(text, at + 11, 2);
  const mi = digits(text, at + 14, 2);
  const s = digits(text, at + 17, 2);
  if (y < 100 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return Number.NaN;
  if (d > 28 && d > (mo === 2 ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28 : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31)) return Number.NaN;
  return Date.UTC(y, mo - 1, d, h, mi, s, digits(text, at + 20, 3));
}
function validDetail(d) {
  if (typeof d !== "string") return false;
  const parts = d.split(" ");
  return parts.length <= 2 && parts.every((p) => DETAIL_PART.test(p));
}
function addLine(text, start, end, into) {
  CANONICAL.lastIndex = start;
  const m = CANONICAL.exec(text);
  if (m !== null && CANONICAL.lastIndex >= end) {
    const ts = isoAt(text, start + TS_AT);
    if (!Number.isNaN(ts)) {
      into.add(ts, m[1], m[2] === "true", m[3], m[5], m[4]);
      return true;
    }
  }
  return addJsonLine(text.slice(start, end), into);
}
function addJsonLine(line, into) {
  let r;
  try {
    r = JSON.parse(line);
  } catch {
    return false;
  }
  if (typeof r !== "object" || r === null) return false;
  const o = r;
  const ts = typeof o["ts"] === "string" ? isoToMs(o["ts"]) : Number.NaN;
  if (o["v"] !== 1 || Number.isNaN(ts)) return false;
  if (typeof o["tool"] !== "string" || !TOOL_NAME.test(o["tool"])) return false;
  if (typeof o["ok"] !== "boolean") return false;
  if (typeof o["session"] !== "string" || !ID.test(o["session"])) return false;
  const agentId = o["agentId"];
  if (agentId !== void 0 && (typeof agentId !== "string" || !ID.test(agentId))) return false;
  const detail = o["detail"];
  if (detail !== void 0 && !validDetail(detail)) return false;
  into.add(ts, o["tool"], o["ok"], o["session"], agentId, detail);
  return true;
}
var CHUNK = 256 * 1024;
function readObservationFile(fd, offset, into, counts) {
  let buf = Buffer.allocUnsafe(CHUNK);
  let filled = 0;
  let pos = offset;
  for (; ; ) {
    if (filled === buf.length) {
      const bigger = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(bigger, 0, 0, filled);
      buf = bigger;
    }
    const n = (0, import_node_fs5.readSync)(fd, buf, filled, buf.length - filled, pos + filled);
    if (n === 0) return pos;
    filled += n;
    const lastNl = buf.lastIndexOf(10, filled - 1);
    if (lastNl === -1) continue;
    const text = buf.toString("latin1", 0, lastNl);
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      if (end > start) {
        counts.lines++;
        if (!addLine(text, start, end, into)) counts.malformed++;
      }
      start = end + 1;
    }
    const consumed = lastNl + 1;
    buf.copy(buf, 0, consumed, filled);
    filled -= consumed;
    pos += consumed;
  }
}

// analyzer/record-table.ts
var Interner = class {
  values = [];
  index = /* @__PURE__ */ new Map();
  id(v) {
    let i = this.index.get(v);
    if (i === void 0) {
      const own = Buffer.from(v, "utf8").toString("utf8");
      i = this.values.length;
      this.values.push(own);
      this.index.set(own, i);
    }
    return i;
  }
};
var TableBuilder = class {
  length = 0;
  cap;
  ts;
  stream;
  tool;
  detail;
  ok;
  streams = new Interner();
  sessions = new Interner();
  tools = new Interner();
  details = new Interner();
  streamSession = [];
  constructor(capacity = 1024) {
    this.cap = capacity;
    this.ts = new Float64Array(capacity);
    this.stream = new Int32Array(capacity);
    this.tool = new Int32Array(capacity);
    this.detail = new Int32Array(capacity);
    this.ok = new Uint8Array(capacity);
  }
  grow() {
    this.cap *= 2;
    const grow = (a, make) => {
      const b = make(this.cap);
      b.set(a);
      return b;
    };
    this.ts = grow(this.ts, (n) => new Float64Array(n));
    this.stream = grow(this.stream, (n) => new Int32Array(n));
    this.tool = grow(this.tool, (n) => new Int32Array(n));
    this.detail = grow(this.detail, (n) => new Int32Array(n));
    this.ok = grow(this.ok, (n) => new Uint8Array(n));
  }
  // Stream ids by session, then by agent: no string is built per record.
  mainStreams = /* @__PURE__ */ new Map();
  agentStreams = /* @__PURE__ */ new Map();
  streamId(session, agentId) {
    if (agentId === void 0) {
      let s2 = this.mainStreams.get(session);
      if (s2 === void 0) {
        s2 = this.newStream(session, session);
        this.mainStreams.set(session, s2);
      }
      return s2;
    }
    let agents = this.agentStreams.get(session);
    if (agents === void 0) this.agentStreams.set(session, agents = /* @__PURE__ */ new Map());
    let s = agents.get(agentId);
    if (s === void 0) {
      s = this.newStream(`${session}\0${agentId}`, session);
      agents.set(agentId, s);
    }
    return s;
  }
  newStream(name, session) {
    const before = this.streams.values.length;
    const s = this.streams.id(name);
    if (s === before) this.streamSession.push(this.sessions.id(session));
    return s;
  }
  add(ts, tool, ok, session, agentId, detail) {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.ts[i] = ts;
    this.stream[i] = this.streamId(session, agentId);
    this.tool[i] = this.tools.id(tool);
    this.detail[i] = detail === void 0 ? -1 : this.details.id(detail);
    this.ok[i] = ok ? 1 : 0;
  }
  /** Appends every record of another table (used to join per-file tables in day order). */
  addTable(t) {
    const streamMap = t.streams.map((name, s) => {
      const session = t.sessions[t.streamSession[s]];
      const sep2 = name.indexOf("\0");
      return this.streamId(session, sep2 === -1 ? void 0 : name.slice(sep2 + 1));
    });
    const toolMap = t.tools.map((v) => this.tools.id(v));
    const detailMap = t.details.map((v) => this.details.id(v));
    for (let i = 0; i < t.length; i++) {
      if (this.length === this.cap) this.grow();
      const j = this.length++;
      const d = t.detail[i];
      this.ts[j] = t.ts[i];
      this.stream[j] = streamMap[t.stream[i]];
      this.tool[j] = toolMap[t.tool[i]];
      this.detail[j] = d === -1 ? -1 : detailMap[d];
      this.ok[j] = t.ok[i];
    }
  }
  build() {
    const n = this.length;
    return {
      length: n,
      ts: this.ts.subarray(0, n),
      stream: this.stream.subarray(0, n),
      tool: this.tool.subarray(0, n),
      detail: this.detail.subarray(0, n),
      ok: this.ok.subarray(0, n),
      streams: this.streams.values,
      streamSession: this.streamSession,
      sessions: this.sessions.values,
      tools: this.tools.values,
      details: this.details.values
    };
  }
};

// analyzer/observation-cache.ts
var VERSION = 2;
var EDGE = 4096;
function encode(h, t) {
  let json = Buffer.from(JSON.stringify(h));
  const pad = (8 - (4 + json.length) % 8) % 8;
  json = Buffer.concat([json, Buffer.alloc(pad, 32)]);
  const n = t.length;
  const out = Buffer.allocUnsafe(4 + json.length + n * (8 + 4 + 4 + 4 + 1));
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  let o = 4 + json.length;
  for (const col of [t.ts, t.stream, t.tool, t.detail, t.ok]) {
    const bytes = Buffer.from(col.buffer, col.byteOffset, col.byteLength);
    bytes.copy(out, o);
    o += bytes.length;
  }
  return out;
}
function decode(buf) {
  if (buf.length < 4) return void 0;
  const hl = buf.readUInt32LE(0);
  if (4 + hl > buf.length) return void 0;
  let h;
  try {
    h = JSON.parse(buf.subarray(4, 4 + hl).toString("utf8"));
  } catch {
    return void 0;
  }
  if (h.version !== VERSION) return void 0;
  const n = h.length;
  if (buf.length !== 4 + hl + n * 21) return void 0;
  const body = new Uint8Array(n * 21);
  body.set(buf.subarray(4 + hl));
  const ab = body.buffer;
  return {
    header: h,
    table: {
      length: n,
      ts: new Float64Array(ab, 0, n),
      stream: new Int32Array(ab, n * 8, n),
      tool: new Int32Array(ab, n * 12, n),
      detail: new Int32Array(ab, n * 16, n),
      ok: new Uint8Array(ab, n * 20, n),
      streams: h.streams,
      streamSession: h.streamSession,
      sessions: h.sessions,
      tools: h.tools,
      details: h.details
    }
  };
}
function header(key, offset, counts, t) {
  return {
    version: VERSION,
    ...key,
    offset,
    lines: counts.lines,
    malformed: counts.malformed,
    length: t.length,
    streams: t.streams,
    streamSession: t.streamSession,
    sessions: t.sessions,
    tools: t.tools,
    details: t.details
  };
}
function bytesAt(fd, pos, len) {
  const buf = Buffer.allocUnsafe(len);
  let got = 0;
  while (got < len) {
    const n = (0, import_node_fs6.readSync)(fd, buf, got, len - got, pos + got);
    if (n === 0) break;
    got += n;
  }
  return buf.toString("base64", 0, got);
}
function edges(fd, offset) {
  return { head: bytesAt(fd, 0, Math.min(EDGE, offset)), tail: bytesAt(fd, Math.max(0, offset - EDGE), Math.min(EDGE, offset)) };
}
function openObservationFile(path) {
  let fd;
  try {
    fd = (0, import_node_fs6.openSync)(path, READ_NOFOLLOW);
  } catch (e) {
    if (e.code === "ELOOP") {
      throw new DataHomeError(`${path} is a symbolic link; homunculus never follows links in its data home: remove it (or replace it with the file)`);
    }
    throw e;
  }
  if (!(0, import_node_fs6.fstatSync)(fd).isFile()) {
    (0, import_node_fs6.closeSync)(fd);
    throw new DataHomeError(`${path} is not a file (a folder?), expected an observation file; move it out of the observations folder`);
  }
  return fd;
}
function loadObservationFile(path, cachePath, opts = {}) {
  const fd = openObservationFile(path);
  try {
    return load(fd, path, cachePath, opts.writeCache !== false);
  } finally {
    (0, import_node_fs6.closeSync)(fd);
  }
}
function load(fd, path, cachePath, writeCache) {
  const st = (0, import_node_fs6.fstatSync)(fd, { bigint: true });
  let cached;
  if (cachePath !== void 0) {
    try {
      cached = decode(readDataFile(cachePath));
    } catch {
      cached = void 0;
    }
  }
  let resume = false;
  if (cached && cached.header.ino === String(st.ino)) {
    const h = cached.header;
    const { head, tail } = edges(fd, h.offset);
    if (head === h.head && tail === h.tail) {
      if (h.size === Number(st.size) && h.mtimeNs === String(st.mtimeNs)) {
        return { table: cached.table, counts: { lines: h.lines, malformed: h.malformed }, source: "cached" };
      }
      resume = h.offset > 0 && Number(st.size) > h.offset;
    }
  }
  let builder;
  let counts;
  let offset;
  let source;
  if (resume && cached) {
    builder = new TableBuilder(cached.table.length + 1024);
    builder.addTable(cached.table);
    counts = { lines: cached.header.lines, malformed: cached.header.malformed };
    offset = readObservationFile(fd, cached.header.offset, builder, counts);
    source = "appended";
  } else {
    builder = new TableBuilder(Math.max(1024, Math.ceil(Number(st.size) / 150)));
    counts = { lines: 0, malformed: 0 };
    offset = readObservationFile(fd, 0, builder, counts);
    source = "parsed";
  }
  const table2 = builder.build();
  if (cachePath !== void 0 && writeCache) {
    const after = (0, import_node_fs6.fstatSync)(fd, { bigint: true });
    const whole = Number(after.size) === offset;
    const key = { ino: String(after.ino), size: whole ? offset : -1, mtimeNs: whole ? String(after.mtimeNs) : "", ...edges(fd, offset) };
    try {
      writeFileAtomic(cachePath, encode(header(key, offset, counts, table2), table2), { skipIfSame: false });
    } catch {
    }
  }
  return { table: table2, counts, source };
}

// lib/temporal-decay.ts
function decayWeigher(nowMs, halfLifeDays) {
  const rate = Math.LN2 / (halfLifeDays * DAY_MS);
  return (ts) => Math.exp(rate * Math.min(0, ts - nowMs));
}

// analyzer/patterns.ts
function recordKeys(t, chainDetail) {
  const keys = [];
  const ids2 = /* @__PURE__ */ new Map();
  const id = (k) => {
    let i = ids2.get(k);
    if (i === void 0) {
      i = keys.length;
      keys.push(k);
      ids2.set(k, i);
    }
    return i;
  };
  const toolKey = Int32Array.from(t.tools, (name) => id(name));
  const detailKey = new Int32Array(t.details.length).fill(-1);
  const keyOf = new Int32Array(t.length);
  const bash = t.tools.indexOf("Bash");
  for (let i = 0; i < t.length; i++) {
    const tool = t.tool[i];
    const d = t.detail[i];
    if (chainDetail && tool === bash && d !== -1) {
      let k = detailKey[d];
      if (k === -1) k = detailKey[d] = id(`Bash(${t.details[d]})`);
      keyOf[i] = k;
    } else {
      keyOf[i] = toolKey[tool];
    }
  }
  return { keyOf, keys };
}
function newCount(kind, steps, ts, nDays) {
  return { kind, key: "", steps, n: 0, perSession: [], lastSession: -1, decaySum: 0, first: ts, last: ts, perDay: new Int32Array(nDays), starts: 0, retries: 0 };
}
function bump(c, session, ts, weight, dayIndex) {
  c.n++;
  if (c.lastSession !== session) {
    c.perSession.push(1);
    c.lastSession = session;
  } else {
    c.perSession[c.perSession.length - 1]++;
  }
  c.decaySum += weight;
  if (ts < c.first) c.first = ts;
  if (ts > c.last) c.last = ts;
  c.perDay[dayIndex]++;
}
function streamsBySession(t) {
  const nSessions = t.sessions.length;
  const at = new Int32Array(nSessions + 1);
  for (const s of t.streamSession) at[s + 1]++;
  for (let s = 0; s < nSessions; s++) at[s + 1] += at[s];
  const out = new Int32Array(t.streams.length);
  t.streamSession.forEach((session, stream) => out[at[session]++] = stream);
  return out;
}
function countPatterns(t, order, starts, opts) {
  const { keyOf, keys } = recordKeys(t, opts.chainDetail);
  const K = keys.length;
  const day0 = Math.floor(opts.windowStartMs / DAY_MS) * DAY_MS;
  const nDays = Math.floor(opts.nowMs / DAY_MS) - Math.floor(opts.windowStartMs / DAY_MS) + 1;
  const days = Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: /* @__PURE__ */ new Set(), lastSession: -1 }));
  const keyStats = { calls: new Int32Array(K), failedThenAny: new Int32Array(K), okThenAny: new Int32Array(K), okThenSame: new Int32Array(K) };
  const chainIds = /* @__PURE__ */ new Map();
  const retryOf = new Array(K);
  const sessions = /* @__PURE__ */ new Set();
  let calls = 0;
  let decayTotal = 0;
  const weigh = decayWeigher(opts.nowMs, opts.halfLifeDays);
  const { ts: tsOf, ok: okOf } = t;
  const { calls: keyCalls, failedThenAny, okThenAny, okThenSame } = keyStats;
  const bySession = streamsBySession(t);
  for (let si = 0; si < bySession.length; si++) {
    const s = bySession[si];
    const a = starts[s];
    const b = starts[s + 1];
    if (a === b) continue;
    const session = t.streamSession[s];
    sessions.add(session);
    for (let k = a; k < b; k++) {
      const i = order[k];
      const ts = tsOf[i];
      const dayIndex = Math.floor((ts - day0) / DAY_MS);
      const day = days[dayIndex];
      day.calls++;
      if (day.lastSession !== session) {
        day.sessions.add(session);
        day.lastSession = session;
      }
      if (okOf[i] === 0) day.failures++;
      const ki = keyOf[i];
      keyCalls[ki]++;
      calls++;
      const weight = weigh(ts);
      decayTotal += weight;
      if (k === a) continue;
      const p = order[k - 1];
      const kp = keyOf[p];
      const retried = okOf[p] === 0 && kp === ki;
      if (okOf[p] === 0) {
        failedThenAny[kp]++;
        if (retried) bump(retryOf[ki] ??= newCount("error-retry", [ki], ts, nDays), session, ts, weight, dayIndex);
      } else {
        okThenAny[kp]++;
        if (kp === ki) okThenSame[kp]++;
      }
      if (k - a < 2) continue;
      const i1 = order[k - 2];
      const k1 = keyOf[i1];
      const id = (k1 * K + kp) * K + ki;
      let c = chainIds.get(id);
      if (c === void 0) {
        c = newCount("chain", [k1, kp, ki], ts, nDays);
        chainIds.set(id, c);
      }
      c.n++;
      if (c.lastSession !== session) {
        c.perSession.push(1);
        c.lastSession = session;
      } else {
        c.perSession[c.perSession.length - 1]++;
      }
      c.decaySum += weight;
      if (ts < c.first) c.first = ts;
      if (ts > c.last) c.last = ts;
      c.perDay[dayIndex]++;
      if (k - a < 3 || keyOf[order[k - 3]] !== ki) c.starts++;
      if (retried || okOf[i1] === 0 && k1 === kp) c.retries++;
    }
  }
  const chains = /* @__PURE__ */ new Map();
  for (const c of chainIds.values()) {
    c.key = `${keys[c.steps[0]]}->${keys[c.steps[1]]}->${keys[c.steps[2]]}`;
    chains.set(c.key, c);
  }
  const errorRetries = /* @__PURE__ */ new Map();
  for (const c of retryOf) {
    if (c === void 0) continue;
    c.key = `${keys[c.steps[0]]} error-retry`;
    c.starts = c.n;
    errorRetries.set(c.key, c);
  }
  return {
    chains,
    errorRetries,
    sessionsInWindow: sessions.size,
    calls,
    decayMean: calls === 0 ? 0 : decayTotal / calls,
    activeDays: days.filter((d) => d.calls > 0).length,
    keys,
    keyStats,
    days
  };
}

// analyzer/lift.ts
function chainLift(steps, n, stats, calls) {
  return n * calls * calls / (stats.calls[steps[0]] * stats.calls[steps[1]] * stats.calls[steps[2]]);
}
function retryLift(key, retries, stats) {
  const afterFailure = retries / stats.failedThenAny[key];
  const afterSuccess = (stats.okThenSame[key] + 1) / (stats.okThenAny[key] + 1);
  return afterFailure / afterSuccess;
}
function patternLift(p, stats, calls) {
  return p.kind === "chain" ? chainLift(p.steps, p.n, stats, calls) : retryLift(p.steps[0], p.n, stats);
}
function oneKeyRepeated(p) {
  return p.kind === "chain" && p.steps[0] === p.steps[1] && p.steps[1] === p.steps[2];
}

// analyzer/score.ts
var histogram = new Int32Array(256);
function lowerMedian(xs, lo, hi) {
  const rank = Math.floor((xs.length - 1) / 2);
  if (hi - lo >= histogram.length) return Float64Array.from(xs).sort()[rank];
  histogram.fill(0, 0, hi - lo + 1);
  for (let i = 0; i < xs.length; i++) histogram[xs[i] - lo]++;
  let seen = 0;
  for (let v = 0; ; v++) {
    seen += histogram[v];
    if (seen > rank) return v + lo;
  }
}
function robustCount(perSession) {
  const m = perSession.length;
  if (m < 2) return perSession[0] ?? 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    const x = perSession[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === hi) return lo * m;
  if (m === 2) return 2 * lo;
  const median = lowerMedian(perSession, lo, hi);
  let n = 0;
  for (let i = 0; i < m; i++) n += Math.min(perSession[i], median);
  return n;
}
function scoreKind(patterns, c, config) {
  const list2 = [...patterns];
  const robust = new Float64Array(list2.length);
  let reference = 0;
  let anyReference = 0;
  for (let i = 0; i < list2.length; i++) {
    const p = list2[i];
    const r = robust[i] = robustCount(p.perSession);
    if (r > anyReference) anyReference = r;
    if (p.perSession.length >= 2 && r > reference) reference = r;
  }
  if (reference === 0) reference = anyReference;
  const activeFrom = new Int32Array(c.days.length + 1);
  for (let d = c.days.length - 1; d >= 0; d--) activeFrom[d] = activeFrom[d + 1] + (c.days[d].calls > 0 ? 1 : 0);
  return list2.map((p, i) => {
    const frequency = Math.min(1, robust[i] / (config.saturateAt * reference));
    let days = 0;
    let firstDay = -1;
    for (let d = 0; d < p.perDay.length; d++) {
      if (p.perDay[d] === 0) continue;
      days++;
      if (firstDay === -1) firstDay = d;
    }
    const consistency = days / (days >= 2 ? activeFrom[firstDay] : c.activeDays);
    const recency = Math.min(1, p.decaySum / p.n / c.decayMean);
    const lift = patternLift(p, c.keyStats, c.calls);
    const minLift = p.kind === "chain" ? config.minLift : config.minRetryLift;
    return {
      kind: p.kind,
      key: p.key,
      observations: p.n,
      sessions: p.perSession.length,
      sessionsInWindow: c.sessionsInWindow,
      days,
      activeDays: c.activeDays,
      frequency,
      consistency,
      recency,
      confidence: Math.min(config.maxConfidence, frequency * consistency * recency),
      lift,
      specific: lift >= minLift && !oneKeyRepeated(p),
      starts: p.starts,
      retries: p.retries,
      firstSeen: p.first,
      lastSeen: p.last
    };
  });
}
function byStrength(a, b) {
  return b.confidence - a.confidence || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

// analyzer/folding.ts
function startsFirst(a, b) {
  return b.starts - a.starts || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
function foldRotations(chains, stepsOf, K) {
  const byId = /* @__PURE__ */ new Map();
  const ids2 = new Float64Array(chains.length);
  for (let i = 0; i < chains.length; i++) {
    const s = stepsOf(chains[i].key);
    ids2[i] = (s[0] * K + s[1]) * K + s[2];
    byId.set(ids2[i], chains[i]);
  }
  const done = /* @__PURE__ */ new Set();
  for (let i = 0; i < chains.length; i++) {
    const p = chains[i];
    if (done.has(p)) continue;
    done.add(p);
    const id = ids2[i];
    const a = Math.floor(id / (K * K));
    const bc = id - a * K * K;
    const q = byId.get(bc * K + a);
    const r = byId.get(bc % K * K * K + a * K + Math.floor(bc / K));
    const other = q !== void 0 && q !== p ? q : void 0;
    const third = r !== void 0 && r !== p && r !== q ? r : void 0;
    if (other === void 0 && third === void 0) continue;
    let head = p;
    if (other !== void 0 && startsFirst(other, head) < 0) head = other;
    if (third !== void 0 && startsFirst(third, head) < 0) head = third;
    if (other !== void 0) done.add(other);
    if (third !== void 0) done.add(third);
    if (p !== head) p.foldedInto = head.key;
    if (other !== void 0 && other !== head) other.foldedInto = head.key;
    if (third !== void 0 && third !== head) third.foldedInto = head.key;
  }
}
function foldRetries(chains, retries) {
  for (const p of chains) {
    if (p.foldedInto !== void 0 || 2 * p.retries < p.observations) continue;
    const [a, b, c] = p.key.split("->");
    const target = retries.get(`${b === c ? b : a} error-retry`);
    if (target !== void 0) p.foldedInto = target.key;
  }
}
function foldPatterns(patterns, stepsOf, K) {
  const chains = [];
  const retries = /* @__PURE__ */ new Map();
  for (const p of patterns) {
    if (p.kind === "chain") chains.push(p);
    else retries.set(p.key, p);
  }
  foldRotations(chains, stepsOf, K);
  foldRetries(chains, retries);
}

// analyzer/streams.ts
function streamsInWindow(t, startMs, endMs) {
  const nStreams = t.streams.length;
  const counts = new Int32Array(nStreams + 1);
  let inWindow = 0;
  let future = 0;
  for (let i = 0; i < t.length; i++) {
    const ts = t.ts[i];
    if (ts > endMs) future++;
    else if (ts > startMs) {
      counts[t.stream[i] + 1]++;
      inWindow++;
    }
  }
  const starts = new Int32Array(nStreams + 1);
  for (let s = 0; s < nStreams; s++) starts[s + 1] = starts[s] + counts[s + 1];
  const fill = starts.slice(0, nStreams);
  const order = new Int32Array(inWindow);
  for (let i = 0; i < t.length; i++) {
    const ts = t.ts[i];
    if (ts > startMs && ts <= endMs) order[fill[t.stream[i]]++] = i;
  }
  for (let s = 0; s < nStreams; s++) {
    const a = starts[s];
    const b = starts[s + 1];
    let sorted = true;
    for (let k = a + 1; k < b; k++) {
      if (t.ts[order[k]] < t.ts[order[k - 1]]) {
        sorted = false;
        break;
      }
    }
    if (!sorted) order.subarray(a, b).sort((x, y) => t.ts[x] - t.ts[y] || x - y);
  }
  return { order, starts, inWindow, future };
}

// analyzer/analyze.ts
var TOP = 3;
function topByDay(counts, nDays, skip2, n) {
  const tops = Array.from({ length: nDays }, () => []);
  const before = (v, key, x) => v > x[1] || v === x[1] && key < x[0];
  for (const c of counts) {
    if (skip2.has(c.key)) continue;
    for (let d = 0; d < nDays; d++) {
      const v = c.perDay[d];
      const t = tops[d];
      if (v === 0 || t.length === n && !before(v, c.key, t[n - 1])) continue;
      let i = t.length;
      while (i > 0 && before(v, c.key, t[i - 1])) i--;
      t.splice(i, 0, [c.key, v]);
      if (t.length > n) t.pop();
    }
  }
  return tops;
}
function analyze(t, nowMs, config) {
  const windowStartMs = nowMs - config.windowDays * DAY_MS;
  const { order, starts, inWindow, future } = streamsInWindow(t, windowStartMs, nowMs);
  const counted = countPatterns(t, order, starts, { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail });
  const all = scoreKind(counted.chains.values(), counted, config).concat(scoreKind(counted.errorRetries.values(), counted, config));
  foldPatterns(all, (key) => counted.chains.get(key).steps, counted.keys.length);
  const strong = all.filter((p) => p.confidence >= config.minConfidence).sort(byStrength);
  const patterns = strong.concat(all.filter((p) => p.confidence < config.minConfidence));
  const folded = /* @__PURE__ */ new Set();
  for (const p of all) if (p.foldedInto !== void 0) folded.add(p.key);
  const tracked = strong.filter((p) => p.foldedInto === void 0).slice(0, config.maxInstincts);
  const day0 = Math.floor(windowStartMs / DAY_MS) * DAY_MS;
  const topChains = topByDay(counted.chains.values(), counted.days.length, folded, TOP);
  const topRetries = topByDay(counted.errorRetries.values(), counted.days.length, folded, TOP);
  const days = counted.days.map((d, i) => ({
    day: utcDay(day0 + i * DAY_MS),
    sessions: d.sessions.size,
    calls: d.calls,
    failures: d.failures,
    topChains: topChains[i],
    errorRetries: topRetries[i]
  }));
  return { nowMs, windowStartMs, recordsInWindow: inWindow, future, sessionsInWindow: counted.sessionsInWindow, activeDays: counted.activeDays, patterns, tracked, days };
}

// analyzer/daily-summary.ts
var list = (xs) => xs.length === 0 ? "none" : xs.map(([k, n]) => `${k} (${n})`).join(", ");
var ids = (xs) => xs === void 0 || xs.length === 0 ? "none" : [...xs].sort().join(", ");
function renderDailySummary(a, events) {
  const out = [
    "# homunculus daily summary",
    "",
    `Window: ${new Date(a.windowStartMs).toISOString()} to ${new Date(a.nowMs).toISOString()}. ${a.recordsInWindow} tool calls in ${a.sessionsInWindow} sessions; ${a.tracked.length} patterns tracked.`,
    ""
  ];
  const quiet = (d) => d.calls === 0 && !events.created.get(d.day)?.length && !events.archived.get(d.day)?.length;
  const days = [...a.days].reverse();
  for (let i = 0; i < days.length; i++) {
    const d = days[i];
    if (quiet(d)) {
      let j = i;
      while (j + 1 < days.length && quiet(days[j + 1])) j++;
      out.push(j === i ? `## ${d.day}: no activity` : `## ${days[j].day} .. ${d.day}: no activity (${j - i + 1} days)`, "");
      i = j;
      continue;
    }
    out.push(`## ${d.day}`);
    out.push(`- Sessions: ${d.sessions}`);
    out.push(`- Tool calls: ${d.calls}`);
    out.push(`- Failures: ${d.failures}`);
    out.push(`- Top chains: ${list(d.topChains)}`);
    out.push(`- Error-retries: ${list(d.errorRetries)}`);
    out.push(`- Instincts created: ${ids(events.created.get(d.day))}`);
    out.push(`- Instincts archived: ${ids(events.archived.get(d.day))}`);
    out.push("");
  }
  return out.join("\n");
}

// analyzer/instinct-file.ts
var MAX_SLUG = 100;
var SIMPLE_KEY = /^[A-Za-z0-9]+(?:->[A-Za-z0-9]+)*(?: error-retry)?$/;
function slugFor(kind, key) {
  const base = `${kind}-${key.replace(/ error-retry$/, "")}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, MAX_SLUG).replace(/^-+|-+$/g, "");
  return SIMPLE_KEY.test(key) && base.length < MAX_SLUG ? base : `${base}-${fnv1a64Hex(`${kind}:${key}`).slice(0, 8)}`;
}
var SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
var round = (x, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
var pct = (x) => `${Math.round(x * 100)}%`;
function title(kind, pattern) {
  return kind === "chain" ? `${pattern} chain` : pattern;
}
function metaFor(p, previous, nowIso) {
  const first = new Date(p.firstSeen).toISOString();
  return {
    id: slugFor(p.kind, p.key),
    kind: p.kind,
    pattern: p.key,
    confidence: round(p.confidence),
    observations: p.observations,
    sessions: p.sessions,
    sessions_in_window: p.sessionsInWindow,
    first_seen: previous && previous.first_seen < first ? previous.first_seen : first,
    last_seen: new Date(p.lastSeen).toISOString(),
    state: "active",
    frequency: round(p.frequency),
    consistency: round(p.consistency),
    recency: round(p.recency),
    lift: round(p.lift, 2),
    created: previous?.created ?? nowIso
  };
}
function yamlValue(v) {
  return typeof v === "number" ? String(v) : JSON.stringify(v);
}
function renderInstinct(m, extraBody = []) {
  const front = Object.entries(m).map(([k, v]) => `${k}: ${yamlValue(v)}`);
  return [
    "---",
    ...front,
    "---",
    `# Instinct: ${title(m.kind, m.pattern)}`,
    `- Confidence: ${pct(m.confidence)}`,
    `- Observations: ${m.observations}`,
    `- First seen: ${m.first_seen.slice(0, 10)}`,
    `- Last seen: ${m.last_seen.slice(0, 10)}`,
    `- Sessions: ${m.sessions}/${m.sessions_in_window}`,
    ...extraBody,
    ""
  ].join("\n");
}
function parseInstinct(text) {
  if (!text.startsWith("---\n")) return void 0;
  const end = text.indexOf("\n---\n", 4);
  if (end === -1) return void 0;
  const meta = {};
  for (const line of text.slice(4, end).split("\n")) {
    const m = /^([a-z_]+): (.*)$/.exec(line);
    if (!m) return void 0;
    try {
      const v = JSON.parse(m[2]);
      if (typeof v !== "string" && typeof v !== "number") return void 0;
      meta[m[1]] = v;
    } catch {
      return void 0;
    }
  }
  if (typeof meta["id"] !== "string" || !SLUG.test(meta["id"]) || typeof meta["pattern"] !== "string") return void 0;
  return meta;
}

// analyzer/run.ts
var OBSERVATION_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
var ARCHIVE_FILE = /^([a-z0-9-]+)--(\d{8}T\d{6}Z)\.md$/;
function listDir(dir) {
  try {
    return (0, import_node_fs7.readdirSync)(dir).sort();
  } catch (e) {
    if (e.code === "ENOENT") return [];
    throw e;
  }
}
function removeTempFiles(dirs) {
  for (const dir of dirs) for (const f of listDir(dir)) if (f.endsWith(".tmp")) (0, import_node_fs7.rmSync)((0, import_node_path3.join)(dir, f), { force: true });
}
function pruneHookState(home, retentionDays) {
  const cutoff = Date.now() - retentionDays * DAY_MS;
  for (const dir of [layout.streams(home), layout.promptCounts(home), layout.sessions(home)]) {
    for (const f of listDir(dir)) {
      const path = (0, import_node_path3.join)(dir, f);
      try {
        if ((0, import_node_fs7.lstatSync)(path).mtimeMs < cutoff) (0, import_node_fs7.rmSync)(path, { force: true });
      } catch {
      }
    }
  }
}
function fileSize(path) {
  try {
    return (0, import_node_fs7.lstatSync)(path).size;
  } catch {
    return 0;
  }
}
function stamp(iso) {
  return iso.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}
function stampMs(s) {
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}
function whyNotTracked(meta, config, patternOf) {
  const p = patternOf.get(`${meta.kind}:${meta.pattern}`);
  if (p === void 0) return { reason: `not seen in the ${config.windowDays}-day window`, confidence: 0 };
  const pct2 = (x) => `${Math.round(x * 100)}%`;
  if (p.confidence < config.minConfidence) return { reason: `confidence ${pct2(p.confidence)} is below minConfidence ${pct2(config.minConfidence)}`, confidence: p.confidence };
  if (p.foldedInto !== void 0) return { reason: `folded into ${p.foldedInto}, which starts the same cycle more often`, confidence: p.confidence };
  return { reason: `not among the ${config.maxInstincts} most confident patterns`, confidence: p.confidence };
}
function scanInstincts(home) {
  const dir = layout.instincts(home);
  const metas = /* @__PURE__ */ new Map();
  const edited = /* @__PURE__ */ new Map();
  for (const f of listDir(dir)) {
    if (!f.endsWith(".md")) continue;
    let bytes;
    try {
      bytes = readDataFile((0, import_node_path3.join)(dir, f));
    } catch {
      continue;
    }
    const meta = parseInstinct(bytes.toString("utf8"));
    if (meta === void 0 || !Buffer.from(renderInstinct(meta)).equals(bytes)) edited.set(f, bytes);
    if (meta && `${meta.id}.md` === f) metas.set(meta.id, meta);
  }
  return { metas, edited };
}
function loadWindow(home, nowMs, config, report) {
  const writes = !report.readOnly;
  const obsDir = layout.observations(home);
  const cacheDir = layout.cache(home);
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  const pruneBefore = utcDay(nowMs - config.retentionDays * DAY_MS);
  const days = /* @__PURE__ */ new Set();
  const files = listDir(obsDir);
  const bytes = files.reduce((n, f) => (OBSERVATION_FILE.exec(f)?.[1] ?? "") >= firstDay ? n + fileSize((0, import_node_path3.join)(obsDir, f)) : n, 0);
  const builder = new TableBuilder(Math.max(1024, Math.ceil(bytes / 200)));
  for (const f of files) {
    const m = OBSERVATION_FILE.exec(f);
    if (!m) continue;
    const day = m[1];
    if (day < pruneBefore) {
      if (!writes) continue;
      (0, import_node_fs7.rmSync)((0, import_node_path3.join)(obsDir, f), { force: true });
      (0, import_node_fs7.rmSync)((0, import_node_path3.join)(cacheDir, `${day}.bin`), { force: true });
      report.pruned.observations.push(f);
      continue;
    }
    days.add(day);
    if (day < firstDay) continue;
    const r = loadObservationFile((0, import_node_path3.join)(obsDir, f), (0, import_node_path3.join)(cacheDir, `${day}.bin`), { writeCache: writes });
    report.files.read++;
    report.files[r.source]++;
    report.skipped.malformed += r.counts.malformed;
    builder.addTable(r.table);
  }
  if (writes) {
    for (const f of listDir(cacheDir)) {
      if (f.endsWith(".bin") && !days.has(f.slice(0, -4))) (0, import_node_fs7.rmSync)((0, import_node_path3.join)(cacheDir, f), { force: true });
    }
    pruneHookState(home, config.retentionDays);
  }
  return builder.build();
}
function keepUserVersion(home, id, edited, nowIso, report) {
  const bytes = edited.get(`${id}.md`);
  if (bytes === void 0) return;
  edited.delete(`${id}.md`);
  let keep = (0, import_node_path3.join)(layout.archive(home), `${id}--${stamp(nowIso)}.user.md`);
  for (let n = 2; (0, import_node_fs7.existsSync)(keep); n++) keep = (0, import_node_path3.join)(layout.archive(home), `${id}--${stamp(nowIso)}-${n}.user.md`);
  writeFileAtomic(keep, bytes, { skipIfSame: false });
  report.keptUserEdits.push(keep);
}
function writeInstincts(home, a, config, nowIso, report) {
  const instDir = layout.instincts(home);
  const archDir = layout.archive(home);
  const { metas: existing, edited } = scanInstincts(home);
  const keep = /* @__PURE__ */ new Map();
  for (const p of a.tracked) {
    let id = slugFor(p.kind, p.key);
    const prev = existing.get(id);
    if (keep.has(id) || prev && prev.pattern !== p.key) id = `${id}-${keep.size}`;
    const meta = { ...metaFor(p, existing.get(id), nowIso), id };
    keep.set(id, meta.created);
    const text = renderInstinct(meta);
    const userBytes = edited.get(`${id}.md`);
    if (userBytes !== void 0 && !userBytes.equals(Buffer.from(text))) keepUserVersion(home, id, edited, nowIso, report);
    const changed = writeFileAtomic((0, import_node_path3.join)(instDir, `${id}.md`), text);
    (changed ? report.written : report.unchanged).push(id);
  }
  let patternOf;
  for (const [id, meta] of existing) {
    if (keep.has(id)) continue;
    patternOf ??= new Map(a.patterns.map((p) => [`${p.kind}:${p.key}`, p]));
    const { reason, confidence } = whyNotTracked(meta, config, patternOf);
    const archived = { ...meta, state: "archived", final_confidence: Math.round(confidence * 1e4) / 1e4, archived_at: nowIso, archive_reason: reason };
    keepUserVersion(home, id, edited, nowIso, report);
    writeFileAtomic((0, import_node_path3.join)(archDir, `${id}--${stamp(nowIso)}.md`), renderInstinct(archived, [`- Archived: ${nowIso.slice(0, 10)} (${reason})`]));
    (0, import_node_fs7.rmSync)((0, import_node_path3.join)(instDir, `${id}.md`), { force: true });
    report.archived.push({ id, pattern: meta.pattern, reason, confidence });
  }
  return keep;
}
function emptyReport(now, config, readOnlyReason) {
  const nowMs = now.getTime();
  return {
    status: "done",
    readOnly: readOnlyReason !== void 0,
    ...readOnlyReason !== void 0 ? { readOnlyReason } : {},
    now: now.toISOString(),
    windowStart: new Date(nowMs - config.windowDays * DAY_MS).toISOString(),
    files: { read: 0, cached: 0, appended: 0, parsed: 0 },
    recordsInWindow: 0,
    sessionsInWindow: 0,
    skipped: { malformed: 0, future: 0 },
    tracked: [],
    written: [],
    unchanged: [],
    archived: [],
    keptUserEdits: [],
    pruned: { observations: [], archive: [] }
  };
}
function readAndAnalyze(home, nowMs, config, report, keepAnalysis) {
  const table2 = loadWindow(home, nowMs, config, report);
  const a = analyze(table2, nowMs, config);
  report.recordsInWindow = a.recordsInWindow;
  report.sessionsInWindow = a.sessionsInWindow;
  report.skipped.future = a.future;
  report.tracked = a.tracked;
  if (keepAnalysis) report.analysis = a;
  return a;
}
function runAnalysis(opts) {
  const { home, now, config } = opts;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  assertDataHome(home);
  const report = emptyReport(now, config, futureClockReason(nowMs, opts.realNowMs));
  if (report.readOnly) {
    readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis);
    return report;
  }
  ensurePrivateDir(home);
  try {
    (0, import_node_fs7.chmodSync)(home, 448);
  } catch {
  }
  const lock = opts.lockHeld ? { release: () => {
  } } : acquireLock(layout.lock(home));
  if ("heldBy" in lock) return { ...report, status: "locked", heldBy: lock.heldBy };
  try {
    const cacheDir = layout.cache(home);
    const instDir = layout.instincts(home);
    const archDir = layout.archive(home);
    ensurePrivateDir(cacheDir);
    removeTempFiles([home, instDir, archDir, cacheDir, layout.state(home)]);
    const a = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis);
    const keep = writeInstincts(home, a, config, nowIso, report);
    const events = { created: /* @__PURE__ */ new Map(), archived: /* @__PURE__ */ new Map() };
    const push = (m, day, id) => m.set(day, [...m.get(day) ?? [], id]);
    for (const f of listDir(archDir)) {
      const m = ARCHIVE_FILE.exec(f);
      if (!m) continue;
      const at = stampMs(m[2]);
      if (nowMs - at > config.archivePruneDays * DAY_MS) {
        (0, import_node_fs7.rmSync)((0, import_node_path3.join)(archDir, f), { force: true });
        report.pruned.archive.push(f);
      } else {
        push(events.archived, utcDay(at), m[1]);
      }
    }
    for (const [id, created] of keep) push(events.created, created.slice(0, 10), id);
    writeFileAtomic(layout.dailySummary(home), renderDailySummary(a, events));
    writeFileAtomic(
      layout.lastAnalysis(home),
      JSON.stringify({ now: nowIso, ranAt: (/* @__PURE__ */ new Date()).toISOString(), recordsInWindow: a.recordsInWindow, tracked: a.tracked.length }) + "\n",
      { skipIfSame: false }
    );
    return report;
  } finally {
    lock.release();
  }
}

// claude/sessions.ts
var import_node_fs8 = require("node:fs");
var import_node_path4 = require("node:path");
var sessionsDir = layout.sessions;
var markPath = (home, session) => (0, import_node_path4.join)(sessionsDir(home), `${idFileStem(session)}.json`);
function isMark(v) {
  const m = v;
  return typeof m === "object" && m !== null && typeof m.session === "string" && typeof m.transcript === "string" && typeof m.started === "string";
}
function readMarks(home) {
  let names;
  try {
    names = (0, import_node_fs8.readdirSync)(sessionsDir(home)).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  const out = [];
  for (const f of names) {
    try {
      const v = JSON.parse(readDataFile((0, import_node_path4.join)(sessionsDir(home), f)).toString("utf8"));
      if (isMark(v)) out.push(v);
    } catch {
    }
  }
  return out;
}
function writeMark(home, mark) {
  assertDataHome(home, ["state", (0, import_node_path4.join)("state", "sessions")]);
  ensurePrivateDir(sessionsDir(home));
  const path = markPath(home, mark.session);
  const tmp = `${path}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(JSON.stringify(mark)), PRIVATE_FILE);
  (0, import_node_fs8.renameSync)(tmp, path);
}
function transcriptStat(path) {
  try {
    const st = (0, import_node_fs8.statSync)(path);
    return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : void 0;
  } catch {
    return void 0;
  }
}
function needsReconciling(mark, st) {
  if (st === void 0) return false;
  return mark.reconciled === void 0 || mark.reconciled.size !== st.size || mark.reconciled.mtimeMs !== st.mtimeMs;
}
function processAlive(pid) {
  if (pid === void 0 || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
var IDLE_OVER_MS = 10 * 6e4;
function sessionOver(mark, st, realNowMs, alive2 = processAlive) {
  if (mark.ended !== void 0) return true;
  if (mark.pid !== void 0) return !alive2(mark.pid);
  return st === void 0 || realNowMs - st.mtimeMs > IDLE_OVER_MS;
}

// claude/transcript-import.ts
var import_node_fs13 = require("node:fs");

// lib/line-reader.ts
var import_node_fs9 = require("node:fs");
async function readLines(path, maxBytes, line, overlong) {
  let parts = [];
  let held = 0;
  let dropping = false;
  let dropped = 0;
  const emit = (buf, start, end) => {
    if (end > start && buf[end - 1] === 13) end--;
    line(buf.toString("utf8", start, end));
  };
  for await (const chunk of (0, import_node_fs9.createReadStream)(path, { highWaterMark: 1 << 16 })) {
    let start = 0;
    for (; ; ) {
      const nl = chunk.indexOf(10, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = end - start;
      if (dropping) {
        dropped += piece;
      } else if (held + piece > maxBytes) {
        dropping = true;
        dropped = held + piece;
        parts = [];
        held = 0;
      } else if (nl !== -1 && held === 0) {
        emit(chunk, start, end);
        start = nl + 1;
        continue;
      } else if (piece > 0) {
        parts.push(Buffer.from(chunk.subarray(start, end)));
        held += piece;
      }
      if (nl === -1) break;
      if (dropping) {
        overlong(dropped);
        dropping = false;
        dropped = 0;
      } else {
        const whole = Buffer.concat(parts, held);
        emit(whole, 0, whole.length);
        parts = [];
        held = 0;
      }
      start = nl + 1;
    }
  }
  if (dropping) overlong(dropped);
  else if (held > 0) {
    const whole = Buffer.concat(parts, held);
    emit(whole, 0, whole.length);
  }
}

// observer/observation-sink.ts
var import_node_fs11 = require("node:fs");

// lib/append-line.ts
var import_node_fs10 = require("node:fs");
var import_node_path5 = require("node:path");
var NL = 10;
function openAppend(path) {
  try {
    return (0, import_node_fs10.openSync)(path, APPEND_NOFOLLOW, PRIVATE_FILE);
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
    ensurePrivateDir((0, import_node_path5.dirname)(path));
    fd = openAppend(path);
  }
  try {
    const st = (0, import_node_fs10.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path}: expected a regular file, found something else (a FIFO or device); move it aside`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs10.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`);
    const written = writeData(fd, data, path);
    if (written !== data.length) throw noSpace(path, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs10.closeSync)(fd);
  }
}

// observer/observation-sink.ts
var OBSERVATION_FILE2 = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
var ID_IN_LINE = /"id":"([A-Za-z0-9_-]{1,128})"/;
var ObservationSink = class {
  constructor(home, dryRun, lookupFromMs) {
    this.home = home;
    this.dryRun = dryRun;
    this.lookupFromMs = lookupFromMs;
    assertDataHome(home, ["observations"]);
  }
  home;
  dryRun;
  lookupFromMs;
  ids = /* @__PURE__ */ new Set();
  loaded = /* @__PURE__ */ new Set();
  buffers = /* @__PURE__ */ new Map();
  buffered = 0;
  added = 0;
  duplicates = 0;
  days = /* @__PURE__ */ new Set();
  loadFrom(fromMs) {
    const firstDay = utcDay(fromMs - DAY_MS);
    let names = [];
    try {
      names = (0, import_node_fs11.readdirSync)(layout.observations(this.home));
    } catch {
    }
    for (const f of names) {
      const m = OBSERVATION_FILE2.exec(f);
      if (m && m[1] >= firstDay) this.load(m[1]);
    }
  }
  /** Adds the ids of one day's file (a regular file only: a link is never followed). */
  load(day) {
    if (this.loaded.has(day)) return;
    this.loaded.add(day);
    const path = layout.observationFile(this.home, day);
    let text;
    try {
      if (!(0, import_node_fs11.lstatSync)(path).isFile()) return;
      text = readDataFile(path).toString("latin1");
    } catch (e) {
      if (e.code === "ENOENT") return;
      throw e;
    }
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      const id = ID_IN_LINE.exec(text.slice(start, end));
      if (id) this.ids.add(id[1]);
      start = end + 1;
    }
  }
  add(o, ms) {
    const day = utcDay(ms);
    if (o.id !== void 0) {
      if (this.lookupFromMs !== void 0 && this.loaded.size === 0) this.loadFrom(this.lookupFromMs);
      for (const d of [utcDay(ms - DAY_MS), day, utcDay(ms + DAY_MS)]) this.load(d);
      if (this.ids.has(o.id)) {
        this.duplicates++;
        return;
      }
      this.ids.add(o.id);
    }
    this.added++;
    this.days.add(day);
    if (this.dryRun) return;
    let buf = this.buffers.get(day);
    if (buf === void 0) this.buffers.set(day, buf = []);
    buf.push(JSON.stringify(o));
    if (++this.buffered >= 5e3) this.flush();
  }
  flush() {
    for (const [day, lines] of this.buffers) {
      if (lines.length === 0) continue;
      appendLine(layout.observationFile(this.home, day), lines.join("\n"));
    }
    this.buffers.clear();
    this.buffered = 0;
  }
};

// observer/command-table.ts
var table;
function commandTable() {
  return table ??= build();
}
function build() {
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
    npx: { values: "-p --package", flags: "-y --yes --no -q --quiet --ignore-existing", packages: true },
    pnpx: { values: "-p --package", flags: "-y --yes --no -q --quiet", packages: true },
    bunx: { values: "-p --package", flags: "--bun -b", packages: true },
    uvx: {
      values: "--from --with --with-editable --with-requirements -p --python --index --default-index --index-url",
      flags: "--isolated -q -v --quiet --verbose --offline -n --no-cache",
      packages: true
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
  const NPM_VALUES = "--prefix -C -w --workspace --registry --otp --userconfig --globalconfig --cache --loglevel --tag --access --scope --auth-type --include --omit --before --node-options --script-shell --location --proxy --https-proxy --cafile --cert --key --fetch-retries --fetch-timeout --install-strategy --lockfile-version";
  const NPM_FLAGS = "-g --global -s --silent -q --quiet -d -dd -ddd --verbose -y --yes --force -f --json --ws --workspaces --include-workspace-root --dry-run --offline --prefer-offline --prefer-online --legacy-peer-deps --strict-peer-deps -h --help -v --version --ignore-scripts --foreground-scripts --if-present -D --save-dev -S --save -E --save-exact -O --save-optional -P --save-prod -l --long -p --parseable --production --usage";
  const KUBE_VALUES = "-n --namespace --context --kubeconfig -s --server --cluster --user --token --as --as-group --as-uid --certificate-authority --client-certificate --client-key --tls-server-name --request-timeout --cache-dir --password --username -v --log-file --log-dir --profile --profile-output --vmodule";
  const KUBE_FLAGS = "--insecure-skip-tls-verify --match-server-version --warnings-as-errors --disable-compression -h --help --logtostderr --alsologtostderr";
  const MAKE = {
    values: "-C --directory -f --file --makefile -I --include-dir -o --old-file --assume-old -W --what-if --new-file --assume-new --eval",
    optional: "-j --jobs -l --load-average --max-load -O --output-sync --debug",
    flags: "-B --always-make -d -e --environment-overrides -i --ignore-errors -k --keep-going -L --check-symlink-times -n --just-print --dry-run --recon -p --print-data-base -q --question -r --no-builtin-rules -R --no-builtin-variables -s --silent --quiet -S --no-keep-going --stop -t --touch --trace -v --version -w --print-directory --no-print-directory --warn-undefined-variables -h --help",
    assignments: true
  };
  const MVN = {
    values: "-f --file -s --settings -gs --global-settings -t --toolchains -l --log-file -pl --projects -rf --resume-from -P --activate-profiles -T --threads -D --define -b --builder",
    flags: "-e --errors -X --debug -q --quiet -B --batch-mode -o --offline -U --update-snapshots -N --non-recursive -am --also-make -amd --also-make-dependents -fae --fail-at-end -ff --fail-fast -fn --fail-never -C --strict-checksums -c --lax-checksums -ntp --no-transfer-progress -nsu --no-snapshot-updates -V --show-version -v --version -h --help"
  };
  const GRADLE = {
    values: "-b --build-file -c --settings-file -p --project-dir -g --gradle-user-home -I --init-script -D --system-prop -P --project-prop -x --exclude-task --console --warning-mode --max-workers --priority --include-build",
    flags: "-q --quiet -i --info -d --debug -s --stacktrace -S --full-stacktrace --scan --no-scan --offline --daemon --no-daemon --parallel --no-parallel --build-cache --no-build-cache --continue --refresh-dependencies -v --version -h --help -m --dry-run -a --no-rebuild -w --warn --configuration-cache --no-configuration-cache --rerun-tasks -t --continuous"
  };
  const DNF = {
    values: "-c --config --releasever --installroot --setopt --enablerepo --disablerepo --repo -x --exclude -d --debuglevel -e --errorlevel --rpmverbosity",
    flags: "-y --assumeyes -q --quiet -v --verbose -C --cacheonly --refresh --nogpgcheck -h --help --version --best --nobest --allowerasing --skip-broken"
  };
  const APT = {
    values: "-o --option -c --config-file -t --target-release -a --host-architecture",
    flags: "-y --yes --assume-yes -q -qq --quiet -s --simulate --dry-run -d --download-only -f --fix-broken --no-install-recommends --install-recommends -V --allow-unauthenticated --reinstall -h --help -v --version --purge --auto-remove -m"
  };
  const CONDA = {
    flags: "-h --help -V --version -v --verbose -q --quiet --json --no-plugins",
    runs: { run: { values: "-n --name -p --prefix --cwd", flags: "--no-capture-output --live-stream -v" } }
  };
  const PIP = {
    values: "--python --log --proxy --retries --timeout --exists-action --trusted-host --cert --client-cert --cache-dir --src --use-feature --use-deprecated --resume-retries",
    flags: "-v -vv -vvv --verbose -q -qq --quiet -V --version -h --help --isolated --require-virtualenv --no-input --no-cache-dir --disable-pip-version-check --no-color"
  };
  const TERRAFORM = { values: "-chdir", flags: "-help -version -v -h --help --version" };
  const CLIS = {
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
    npm: { values: NPM_VALUES, flags: NPM_FLAGS, negations: true, runs: { exec: { values: "-p --package -w --workspace", flags: "-y --yes --no --ws --workspaces", packages: true }, x: { values: "-p --package", flags: "-y --yes --no", packages: true } } },
    pnpm: {
      values: "-C --dir --filter -F --filter-prod --reporter --loglevel --store-dir --registry --virtual-store-dir --modules-dir --test-pattern --changed-files-ignore-pattern --workspace-concurrency",
      flags: "-r --recursive -w --workspace-root -g --global -s --silent --stream --parallel --aggregate-output -h --help -v --version --frozen-lockfile --prefer-frozen-lockfile --prod -P -D --dev --offline --prefer-offline --color --use-stderr --shamefully-hoist --ignore-scripts --fail-if-no-match --include-workspace-root --sort --reverse",
      negations: true,
      runs: { exec: { flags: "-r --recursive --parallel --no-bail --report-summary" }, dlx: { values: "--package --allow-build", flags: "-s --silent", packages: true } }
    },
    yarn: {
      values: "--cwd --modules-folder --cache-folder --mutex --network-timeout --registry --global-folder --link-folder --use-yarnrc --https-proxy --proxy",
      flags: "-s --silent --verbose --offline --prefer-offline --frozen-lockfile --pure-lockfile --immutable --ignore-engines --ignore-scripts --ignore-optional --non-interactive --no-progress --no-lockfile --production --prod -W --ignore-workspace-root-check -v --version -h --help --json --check-files --flat --force --skip-integrity-check --no-default-rc --no-bin-links",
      negations: true,
      runs: { dlx: { values: "-p --package", flags: "-q --quiet", packages: true }, exec: {} }
    },
    bun: {
      values: "--cwd -c --config --env-file -r --preload --tsconfig-override --main-fields --extension-order",
      flags: "--watch --hot --silent --bun -b --smol -v --version -h --help --revision --no-install -i --prefer-offline --prefer-latest",
      runs: { x: { values: "-p --package", flags: "--bun -b", packages: true } }
    },
    deno: { values: "--log-level -L", flags: "-q --quiet --unstable -h --help -V --version" },
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
    dotnet: { flags: "-d --diagnostics -h --help --info --version --list-sdks --list-runtimes" },
    swift: { flags: "--version -h --help" },
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
      assignments: true
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
      runs: { run: { values: "--spec --python --pip-args --index-url", flags: "--no-cache --verbose -q --quiet --system-site-packages", packages: true } }
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
    mix: { flags: "-h --help -v --version" },
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
    mise: {},
    asdf: {}
  };
  return { NO_OPS, PREFIX_WORDS, WRAPPERS, VIA, CLIS };
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
var set = (list2) => new Set(list2 ? list2.split(" ") : []);
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
function programToken(word) {
  return word.startsWith("-") ? void 0 : detailPartToken(word);
}
var MAX_DEPTH = 2;
function commandAt(words, k, depth, isPackage = false) {
  const { CLIS, NO_OPS, VIA, WRAPPERS } = commandTable();
  while (!isPackage && k < words.length && words[k].assignment) k++;
  const w = words[k];
  if (w === void 0) return { noop: void 0 };
  if (!w.plain) return { work: void 0 };
  const program = isPackage ? packageName(w.text) : basename(w.text);
  if (NO_OPS.has(program)) return { noop: programToken(program) };
  const alone = { work: programToken(program) };
  const wrapper = WRAPPERS[program];
  if (wrapper !== void 0) return wrapped(words, k, wrapper, depth) ?? alone;
  const via = VIA[program];
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
  const cli = CLIS[program];
  if (cli === void 0) return alone;
  const scan = scanOptions(words, k + 1, cli);
  if (scan.kind !== "operand" || scan.at >= words.length) return alone;
  const subWord = words[scan.at];
  if (!subWord.plain) return { work: void 0 };
  const sub = detailPartToken(subWord.text);
  if (sub === void 0) return { work: void 0 };
  if (cli.only !== void 0 && !cli.only.split(" ").includes(sub)) return alone;
  const runner = cli.runs?.[sub];
  const both = `${program} ${sub}`;
  if (runner !== void 0) {
    const inner = wrapped(words, scan.at, runner, depth);
    return inner !== void 0 && "work" in inner && inner.work !== void 0 ? inner : { work: both };
  }
  return alone.work === void 0 ? alone : { work: both };
}
function wrapped(words, k, spec, depth) {
  const scan = scanOptions(words, k + 1, spec);
  if (scan.kind === "unsure" || scan.kind === "via") return void 0;
  const at = scan.at + (spec.operands ?? 0);
  if (at >= words.length) return void 0;
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
function bashDetail(command) {
  if (typeof command !== "string" || command.length === 0) return void 0;
  try {
    return detailOf(command, 0);
  } catch {
    return void 0;
  }
}

// observer/project-id.ts
var import_node_fs12 = require("node:fs");
var import_node_path6 = require("node:path");
function isPresent(path) {
  try {
    (0, import_node_fs12.statSync)(path);
    return true;
  } catch {
    return false;
  }
}
function projectRoot(cwd, env, exists = isPresent) {
  const fromEnv = env["CLAUDE_PROJECT_DIR"];
  if (fromEnv) return (0, import_node_path6.resolve)(fromEnv);
  if (!cwd) return void 0;
  const start = (0, import_node_path6.resolve)(cwd);
  for (let dir = start; ; dir = (0, import_node_path6.dirname)(dir)) {
    if (exists((0, import_node_path6.resolve)(dir, ".git"))) return dir;
    if ((0, import_node_path6.dirname)(dir) === dir) return start;
  }
}
function projectId(root) {
  return fnv1a64Hex(root).slice(0, 12);
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

// claude/transcript.ts
function newCounts() {
  return { lines: 0, calls: 0, failures: 0, skipped: {} };
}
function skip(c, why, n = 1) {
  c.skipped[why] = (c.skipped[why] ?? 0) + n;
}
var KNOWN_OTHER_TYPES = /* @__PURE__ */ new Set(["progress", "system", "summary", "file-history-snapshot", "queue-operation", "attachment", "custom-title", "tag"]);
var TranscriptPairer = class {
  /**
   * `agentType`: the subagent type of a subagent transcript (from its `.meta.json`), recorded as
   * the live hook records `agent_type`.
   */
  constructor(counts, emit, agentType) {
    this.counts = counts;
    this.emit = emit;
    this.agentType = agentType;
  }
  counts;
  emit;
  agentType;
  pending = /* @__PURE__ */ new Map();
  sidechainRoot = /* @__PURE__ */ new Map();
  prev = /* @__PURE__ */ new Map();
  projects = /* @__PURE__ */ new Map();
  /** Lines that can hold no tool call or sidechain link are skipped before JSON.parse. */
  static worthParsing(raw) {
    return raw.includes('"tool_use') || raw.includes('"isSidechain":true');
  }
  project(cwd) {
    if (cwd === void 0) return null;
    let p = this.projects.get(cwd);
    if (p === void 0) {
      const root = projectRoot(cwd, {});
      p = root === void 0 ? null : projectId(root);
      this.projects.set(cwd, p);
    }
    return p;
  }
  /** The stream a line belongs to: its agentId, or for inline sidechains the root of its thread. */
  agentOf(line) {
    const explicit = line["agentId"];
    if (explicit !== void 0) return idToken(explicit) ?? null;
    if (line["isSidechain"] !== true) return void 0;
    const uuid = typeof line["uuid"] === "string" ? line["uuid"] : void 0;
    const parent = typeof line["parentUuid"] === "string" ? line["parentUuid"] : void 0;
    const root = parent && this.sidechainRoot.get(parent) || parent || uuid;
    if (uuid && root) this.sidechainRoot.set(uuid, root);
    return root ? idToken(`sc-${root}`.slice(0, 40)) ?? null : null;
  }
  line(line) {
    const type = line["type"];
    const agentId = this.agentOf(line);
    if (type !== "assistant" && type !== "user") {
      skip(this.counts, KNOWN_OTHER_TYPES.has(String(type)) ? `lines without tool calls (${String(type)})` : "lines of an unknown type");
      return;
    }
    const content = line["message"]?.content;
    if (!Array.isArray(content)) return;
    const ts = typeof line["timestamp"] === "string" ? Date.parse(line["timestamp"]) : Number.NaN;
    const session = idToken(line["sessionId"]);
    for (const block of content) {
      if (typeof block !== "object" || block === null) continue;
      const b = block;
      if (b["type"] === "tool_use") {
        const id = idToken(b["id"]);
        if (id === void 0 || session === void 0 || Number.isNaN(ts) || agentId === null) {
          skip(this.counts, "tool calls with a missing or invalid id, session, time or agent");
          continue;
        }
        const tool = currentToolName(toolToken(b["name"]));
        const input = b["input"];
        this.pending.set(id, {
          ts,
          tool,
          session,
          agentId,
          detail: tool === "Bash" ? bashDetail(input?.["command"]) : void 0,
          cwd: typeof line["cwd"] === "string" ? line["cwd"] : void 0
        });
      } else if (b["type"] === "tool_result") {
        const id = idToken(b["tool_use_id"]);
        const call = id === void 0 ? void 0 : this.pending.get(id);
        if (id === void 0 || call === void 0) {
          skip(this.counts, "results without a matching call");
          continue;
        }
        if (Number.isNaN(ts)) {
          skip(this.counts, "results without a valid timestamp");
          continue;
        }
        this.pending.delete(id);
        const ok = b["is_error"] !== true;
        const stream = `${call.session}\0${call.agentId ?? ""}`;
        const prev = this.prev.get(stream) ?? [null, null];
        const o = {
          v: 1,
          ts: new Date(ts).toISOString(),
          tool: call.tool,
          ok,
          ms: ts >= call.ts ? ts - call.ts : null,
          prev: prev[0],
          prev2: prev[1],
          session: call.session,
          project: this.project(call.cwd),
          event: ok ? "PostToolUse" : "PostToolUseFailure",
          id
        };
        if (call.detail !== void 0) o.detail = call.detail;
        if (call.agentId !== void 0 && this.agentType !== void 0) o.agent = this.agentType;
        if (call.agentId !== void 0) o.agentId = call.agentId;
        this.prev.set(stream, [call.tool, prev[0]]);
        this.counts.calls++;
        if (!ok) this.counts.failures++;
        this.emit(o, ts);
      }
    }
  }
  /** At the end of the file: calls that never got a result. */
  finish() {
    if (this.pending.size > 0) skip(this.counts, "tool calls without a result", this.pending.size);
    this.pending.clear();
  }
};
var SUBAGENT_FILE = /[\\/]subagents[\\/]agent-[^\\/]+\.jsonl$/;
function subagentMetaPath(transcript) {
  return SUBAGENT_FILE.test(transcript) ? `${transcript.slice(0, -".jsonl".length)}.meta.json` : void 0;
}
function agentTypeFromMeta(text) {
  try {
    const meta = JSON.parse(text);
    return typeof meta === "object" && meta !== null ? agentTypeToken(meta["agentType"]) : void 0;
  } catch {
    return void 0;
  }
}

// claude/transcript-import.ts
var DEFAULT_MAX_LINE_MIB = 64;
var NOT_A_FILE = "paths named *.jsonl that are not regular files";
var UNREADABLE = "transcript files that could not be read";
function subagentType(path) {
  const meta = subagentMetaPath(path);
  if (meta === void 0) return void 0;
  try {
    const fd = (0, import_node_fs13.openSync)(meta, "r");
    try {
      const buf = Buffer.alloc(64 * 1024);
      const n = (0, import_node_fs13.readSync)(fd, buf, 0, buf.length, 0);
      return agentTypeFromMeta(buf.toString("utf8", 0, n));
    } finally {
      (0, import_node_fs13.closeSync)(fd);
    }
  } catch {
    return void 0;
  }
}
function parseLine(raw, counts, pairer) {
  if (raw.length === 0) return;
  counts.lines++;
  if (!TranscriptPairer.worthParsing(raw)) {
    skip(counts, "lines without tool calls");
    return;
  }
  let line;
  try {
    line = JSON.parse(raw);
  } catch {
    skip(counts, "malformed lines (not JSON, truncated, binary)");
    return;
  }
  if (typeof line !== "object" || line === null || Array.isArray(line)) {
    skip(counts, "malformed lines (not JSON, truncated, binary)");
    return;
  }
  pairer.line(line);
}
async function importFile(path, counts, range, maxLineBytes, sink, sessions) {
  const pairer = new TranscriptPairer(
    counts,
    (o, ms) => {
      if (ms < range.sinceMs) return skip(counts, "tool calls older than --since or the retention period");
      if (ms > range.untilMs) return skip(counts, "tool calls too recent for a live session (left for the next reconciliation)");
      sessions.add(o.session);
      sink.add(o, ms);
    },
    subagentType(path)
  );
  const mib = maxLineBytes / 1048576;
  await readLines(
    path,
    maxLineBytes,
    (raw) => parseLine(raw, counts, pairer),
    () => {
      counts.lines++;
      skip(counts, `lines longer than ${Number.isInteger(mib) ? mib : mib.toFixed(3)} MiB (not read; --max-line-mib)`);
    }
  );
  pairer.finish();
}
async function importTranscriptFiles(opts) {
  const { files } = opts;
  const notFiles = opts.notFiles ?? 0;
  const counts = newCounts();
  if (notFiles > 0) skip(counts, NOT_A_FILE, notFiles);
  let unreadable = notFiles;
  const sink = new ObservationSink(opts.home, opts.dryRun, opts.lookupAll ? opts.sinceMs : void 0);
  const sessions = /* @__PURE__ */ new Set();
  for (let i = 0; i < files.length; i++) {
    try {
      await importFile(files[i], counts, { sinceMs: opts.sinceMs, untilMs: opts.untilMs ?? Infinity }, opts.maxLineBytes ?? DEFAULT_MAX_LINE_MIB * 1048576, sink, sessions);
    } catch (e) {
      const code = e.code;
      if (typeof code !== "string") throw e;
      unreadable++;
      skip(counts, UNREADABLE);
    }
    opts.progress?.(i + 1, files.length);
  }
  sink.flush();
  return {
    files: files.length,
    unreadable,
    sessions: sessions.size,
    calls: counts.calls,
    failures: counts.failures,
    added: sink.added,
    alreadyPresent: sink.duplicates,
    lines: counts.lines,
    skipped: counts.skipped,
    dryRun: opts.dryRun
  };
}

// claude/reconcile.ts
var LIVE_MARGIN_MS = 6e4;
var SETTLE_MS = 3e3;
function transcriptFilesOf(transcript) {
  const sub = (0, import_node_path7.join)((0, import_node_path7.dirname)(transcript), transcript.slice((0, import_node_path7.dirname)(transcript).length + 1).replace(/\.jsonl$/, ""), "subagents");
  let extra = [];
  try {
    extra = (0, import_node_fs14.readdirSync)(sub, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".jsonl")).map((e) => (0, import_node_path7.join)(sub, e.name)).sort();
  } catch {
  }
  return [transcript, ...extra];
}
var sleepMs = (ms) => new Promise((r) => setTimeout(r, ms));
async function pass(o, report) {
  const realNow = o.realNow ?? Date.now;
  let added = 0;
  let closed = 0;
  for (const mark of readMarks(o.home)) {
    const st = transcriptStat(mark.transcript);
    if (!needsReconciling(mark, st)) continue;
    const over = sessionOver(mark, st, realNow(), o.alive);
    if (over) {
      const since = Math.max(mark.ended ? Date.parse(mark.ended) : 0, st.mtimeMs);
      const wait = since + SETTLE_MS - realNow();
      if (wait > 0) await (o.sleep ?? sleepMs)(Math.min(wait, SETTLE_MS));
    }
    const nowMs = o.now().getTime();
    const before = transcriptStat(mark.transcript) ?? st;
    const r = await importTranscriptFiles({
      home: o.home,
      files: transcriptFilesOf(mark.transcript),
      sinceMs: nowMs - o.config.retentionDays * DAY_MS,
      untilMs: over ? Infinity : nowMs - LIVE_MARGIN_MS,
      dryRun: false
    });
    added += r.added;
    report.sessions.push({ session: mark.session, over, added: r.added, alreadyPresent: r.alreadyPresent, calls: r.calls });
    if (over) {
      writeMark(o.home, { ...mark, reconciled: { size: before.size, mtimeMs: before.mtimeMs, at: new Date(realNow()).toISOString() } });
      closed++;
    }
  }
  return { added, closed };
}
async function reconcile(o) {
  const lock = acquireLockWaiting((0, import_node_path7.join)(layout.state(o.home), "reconcile.lock"), 6e4);
  if ("heldBy" in lock) return "busy";
  const report = { sessions: [], added: 0 };
  let closed = 0;
  try {
    for (let i = 0; i < 3; i++) {
      const n = await pass(o, report);
      report.added += n.added;
      closed += n.closed;
      if (n.added === 0) break;
    }
  } finally {
    lock.release();
  }
  if (report.added > 0 || closed > 0) {
    const analysisLock = acquireLockWaiting(layout.lock(o.home), 3e4);
    if ("release" in analysisLock) {
      try {
        const a = runAnalysis({ home: o.home, now: o.now(), config: o.config, lockHeld: true });
        report.analysis = { status: a.status, recordsInWindow: a.recordsInWindow, readOnly: a.readOnly };
      } finally {
        analysisLock.release();
      }
    } else {
      report.analysis = { status: "locked", recordsInWindow: 0, readOnly: false };
    }
  }
  return report;
}

// lib/config.ts
var import_node_fs15 = require("node:fs");
var import_node_path8 = require("node:path");
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
  archivePruneDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  retentionDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  demoteBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  forcedEvalEvery: { type: "integer", allowed: "a whole number of prompts, at least 1", check: (v) => v >= 1 },
  chainDetail: { type: "boolean", allowed: "true or false", check: () => true },
  saturateAt: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  minLift: { type: "number", allowed: "a number, 0 or more", check: (v) => v >= 0 },
  minRetryLift: { type: "number", allowed: "a number, 0 or more", check: (v) => v >= 0 },
  keepRuleSessionShare: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  effectMinOpportunities: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  effectMinChange: { type: "number", allowed: "a number from 0 to 1", check: fraction },
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
  if (c.retentionDays < c.windowDays) p.push(`"retentionDays" (${c.retentionDays}) must be at least "windowDays" (${c.windowDays}), or observations would be deleted while still in the window`);
  return p;
}
function readJson(path) {
  let text;
  try {
    text = (0, import_node_fs15.readFileSync)(path, "utf8");
  } catch (e) {
    throw new ConfigError(`cannot read ${path}: ${e.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${path}: expected JSON, ${e.message}`);
  }
}
function readOptionalJson(path) {
  try {
    (0, import_node_fs15.readFileSync)(path);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
  }
  return readJson(path);
}
function loadConfig(home, env, root = packageRoot()) {
  const layers = [
    [(0, import_node_path8.join)(root, "config", "defaults.json"), readJson((0, import_node_path8.join)(root, "config", "defaults.json"))],
    [(0, import_node_path8.join)(root, "config", "decay-config.json"), readJson((0, import_node_path8.join)(root, "config", "decay-config.json"))]
  ];
  const userPath = env["HOMUNCULUS_CONFIG"] ? env["HOMUNCULUS_CONFIG"] : layout.config(home);
  const user = env["HOMUNCULUS_CONFIG"] ? readJson(userPath) : readOptionalJson(userPath);
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

// lib/hook-errors.ts
var import_node_fs16 = require("node:fs");
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path = layout.hookErrors(home);
    try {
      if ((0, import_node_fs16.lstatSync)(path).size > MAX_BYTES) (0, import_node_fs16.renameSync)(path, `${path}.1`);
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

// hooks/reconcile.ts
runHook("reconcile", async (home, env) => {
  const { config } = loadConfig(home, env);
  await reconcile({ home, config, now: () => resolveNow(void 0, env) });
});
