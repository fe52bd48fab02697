#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";

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

// analyzer/observation-cache.ts
var import_node_fs6 = require("node:fs");

// analyzer/observation-file.ts
var import_node_fs5 = require("node:fs");

// lib/tokens.ts
var TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
var ID = /^[A-Za-z0-9_-]{1,128}$/;
var DETAIL_PART = /^[A-Za-z0-9._:+@-]{1,40}$/;

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
  const table = builder.build();
  if (cachePath !== void 0 && writeCache) {
    const after = (0, import_node_fs6.fstatSync)(fd, { bigint: true });
    const whole = Number(after.size) === offset;
    const key = { ino: String(after.ino), size: whole ? offset : -1, mtimeNs: whole ? String(after.mtimeNs) : "", ...edges(fd, offset) };
    try {
      writeFileAtomic(cachePath, encode(header(key, offset, counts, table), table), { skipIfSame: false });
    } catch {
    }
  }
  return { table, counts, source };
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
function topByDay(counts, nDays, skip, n) {
  const tops = Array.from({ length: nDays }, () => []);
  const before = (v, key, x) => v > x[1] || v === x[1] && key < x[0];
  for (const c of counts) {
    if (skip.has(c.key)) continue;
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
  const table = loadWindow(home, nowMs, config, report);
  const a = analyze(table, nowMs, config);
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

// lib/config.ts
var import_node_fs8 = require("node:fs");
var import_node_path4 = require("node:path");
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
    text = (0, import_node_fs8.readFileSync)(path, "utf8");
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
    (0, import_node_fs8.readFileSync)(path);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
  }
  return readJson(path);
}
function loadConfig(home, env, root = packageRoot()) {
  const layers = [
    [(0, import_node_path4.join)(root, "config", "defaults.json"), readJson((0, import_node_path4.join)(root, "config", "defaults.json"))],
    [(0, import_node_path4.join)(root, "config", "decay-config.json"), readJson((0, import_node_path4.join)(root, "config", "decay-config.json"))]
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
var import_node_fs10 = require("node:fs");

// lib/append-line.ts
var import_node_fs9 = require("node:fs");
var import_node_path5 = require("node:path");
var NL = 10;
function openAppend(path) {
  try {
    return (0, import_node_fs9.openSync)(path, APPEND_NOFOLLOW, PRIVATE_FILE);
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
    const st = (0, import_node_fs9.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path}: expected a regular file, found something else (a FIFO or device); move it aside`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs9.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`);
    const written = writeData(fd, data, path);
    if (written !== data.length) throw noSpace(path, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs9.closeSync)(fd);
  }
}

// lib/hook-errors.ts
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path = layout.hookErrors(home);
    try {
      if ((0, import_node_fs10.lstatSync)(path).size > MAX_BYTES) (0, import_node_fs10.renameSync)(path, `${path}.1`);
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

// hooks/stop.ts
runHook("stop", (home, env) => {
  const { config } = loadConfig(home, env);
  const report = runAnalysis({ home, now: resolveNow(void 0, env), config });
  if (report.readOnly) logHookError(home, "stop", `read-only: ${report.readOnlyReason}: nothing was pruned, archived or written`);
});
