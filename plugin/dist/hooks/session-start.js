#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";

// hooks/session-start.ts
var import_node_path9 = require("node:path");

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
  codeCache: (home) => (0, import_node_path.join)(home, "state", "cache", "v8"),
  lastAnalysis: (home) => (0, import_node_path.join)(home, "state", "last-analysis.json"),
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
  /** A store change being committed (store/txn.ts): finished or undone by the next writer. */
  storeJournal: (home) => (0, import_node_path.join)(home, "state", "store-journal.json"),
  suggestions: (home) => (0, import_node_path.join)(home, "state", "suggestions.jsonl"),
  // In-session context and its feedback (store/inject.ts, store/turn-feedback.ts), the analysis log.
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
    if (e.code === "EEXIST") throw new DataHomeError(`${path2} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    throw e;
  }
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

// store/keys.ts
function storeKey(kind, key) {
  return kind === "chain" ? `seq:${key}` : `retry:${key.replace(/ error-retry$/, "")}`;
}

// exports/injected.ts
var import_node_fs4 = require("node:fs");
var import_node_os2 = require("node:os");
var import_node_path3 = require("node:path");

// lib/atomic-write.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");
var counter = 0;
function writeFileAtomic(path2, data, opts = { skipIfSame: true }) {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readDataFile(path2).equals(Buffer.isBuffer(bytes) ? bytes : Buffer.concat(bytes))) return false;
    } catch {
    }
  }
  ensurePrivateDir((0, import_node_path2.dirname)(path2));
  const tmp = `${path2}.${process.pid}.${++counter}.tmp`;
  try {
    writeNewFile(tmp, bytes, opts.mode ?? PRIVATE_FILE);
    if (opts.cache === true) (0, import_node_fs3.rmSync)(path2, { force: true });
    (0, import_node_fs3.renameSync)(tmp, path2);
  } catch (e) {
    (0, import_node_fs3.rmSync)(tmp, { force: true });
    throw e;
  }
  return true;
}

// exports/marker-block.ts
var START = "<!-- homunculus:start -->";
var END = "<!-- homunculus:end -->";
var LEGACY = [["<!-- instinct:start -->", "<!-- instinct:end -->"]];
var GUIDELINES = ["<!-- homunculus:guidelines:start -->", "<!-- homunculus:guidelines:end -->"];
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
  return (0, import_node_path3.join)(home, "state", "injected.json");
}
function readInjected(home) {
  try {
    const v = JSON.parse(readDataFile(injectedPath(home)).toString("utf8"));
    if (v?.version === 1 && typeof v.files === "object" && v.files !== null) return v;
  } catch {
  }
  return { version: 1, files: {} };
}
function loadedBy(record, cwd, userHome) {
  const file = record.replace(/#[a-z-]+$/, "");
  const name = (0, import_node_path3.basename)(file);
  if (file === (0, import_node_path3.join)(userHome, ".claude", "CLAUDE.md")) return true;
  if (cwd === void 0 || !(name === "CLAUDE.md" || name === "CLAUDE.local.md")) return false;
  let dir = (0, import_node_path3.dirname)(file);
  if ((0, import_node_path3.basename)(dir) === ".claude") dir = (0, import_node_path3.dirname)(dir);
  const c = (0, import_node_path3.resolve)(cwd);
  return c === dir || c.startsWith(dir.endsWith(import_node_path3.sep) ? dir : dir + import_node_path3.sep);
}
function memoryText(file) {
  let fd;
  try {
    fd = (0, import_node_fs4.openSync)(file, import_node_fs4.constants.O_RDONLY | import_node_fs4.constants.O_NONBLOCK);
    return (0, import_node_fs4.fstatSync)(fd).isFile() ? (0, import_node_fs4.readFileSync)(fd, "utf8") : void 0;
  } catch {
    return void 0;
  } finally {
    if (fd !== void 0) (0, import_node_fs4.closeSync)(fd);
  }
}
function keysLoadedIn(home, cwd, userHome = (0, import_node_os2.homedir)()) {
  const out = /* @__PURE__ */ new Set();
  for (const [record, f] of Object.entries(readInjected(home).files)) {
    if (!Array.isArray(f?.keys) || !loadedBy(record, cwd, userHome)) continue;
    const text = memoryText(record.replace(/#[a-z-]+$/, ""));
    const body = text === void 0 ? void 0 : blockBody(text, record.endsWith("#guidelines") ? GUIDELINES : void 0);
    if (body === void 0) continue;
    for (const k of f.keys) if (typeof k === "string" && body.includes(`\`${k}\``)) out.add(k);
  }
  return out;
}

// lib/safe-text.ts
var INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
function breakExpansions(s) {
  return s.replace(/@(?=[^\s@])/g, "@ ").replace(/\$(?=[A-Za-z0-9_{])/g, "$ ");
}

// exports/taught-rules.ts
var MAX_RULE_TEXT = 200;
function safeText(s, max = MAX_RULE_TEXT) {
  if (typeof s !== "string") return void 0;
  const out = breakExpansions(s.replace(INVISIBLE, "")).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/[<>`[\]{}|\\&$~]/g, " ").replace(/\b([a-z][a-z0-9+.-]{1,20}):(?=\S)/gi, (m, scheme) => /^(javascript|vbscript|data|file)$/i.test(scheme) ? `${scheme} :` : m).replace(/-{2,}/g, "-").replace(/\s+/g, " ").trim().slice(0, max).trim();
  return out === "" ? void 0 : out;
}
function isTaughtRule(r) {
  const o = r;
  return typeof o === "object" && o !== null && o.kind === "taught" && typeof o.confidence_now === "number" && Number.isFinite(o.confidence_now) && typeof o.observations === "number";
}
function taughtRuleLine(r) {
  if (!isTaughtRule(r)) return void 0;
  const trigger = safeText(r.trigger);
  const action = safeText(r.action);
  if (trigger === void 0 || action === void 0) return void 0;
  const n = Math.max(0, Math.round(r.observations));
  return `- **[${Math.round(Math.min(1, Math.max(0, r.confidence_now)) * 100)}%, ${n}x taught]** When ${trigger}: ${action}`;
}

// exports/delivery.ts
function reaches(r, project) {
  return r.scope !== "project" || typeof r.project === "string" && r.project === project;
}
function showable(confidence, observations) {
  return typeof confidence === "number" && confidence >= 0 && confidence <= 1 && (observations === void 0 || typeof observations === "number" && observations >= 0 && observations < 1e12);
}
function readRulesForDelivery(home, project, opts = {}) {
  let doc;
  try {
    doc = JSON.parse(readDataFile(layout.rulesJson(home)).toString("utf8"));
  } catch (e) {
    const code = e.code;
    if (code !== "ENOENT") opts.onProblem?.(`rules.json ${code ? `cannot be read (${code})` : `does not parse (${e.message.split("\n")[0]})`}: no rules were given; move it aside and run homunculus bye to rebuild it`);
    return [];
  }
  const listed = doc?.rules;
  const taught = doc?.taught;
  const out = [];
  let skipped = 0;
  if (Array.isArray(listed)) {
    for (const r of listed) {
      if (typeof r === "object" && r !== null && showable(r.confidence_now, r.observations)) out.push(r);
      else skipped++;
    }
  }
  if (Array.isArray(taught)) {
    for (const r of taught) {
      if (isTaughtRule(r) && showable(r.confidence_now, r.observations)) out.push(r);
      else skipped++;
    }
  }
  if (!Array.isArray(listed) && listed !== void 0) opts.onProblem?.('rules.json has no list of rules ("rules" is not an array): no observed rules were given; move it aside and run homunculus bye to rebuild it');
  if (skipped > 0) opts.onProblem?.(`rules.json: ${skipped} entr${skipped === 1 ? "y" : "ies"} left out (not a rule, or a confidence outside 0-1, or a count out of range); homunculus bye rewrites it from the instincts`);
  const loaded = opts.cwd === void 0 ? /* @__PURE__ */ new Set() : keysLoadedIn(home, typeof opts.cwd === "string" && opts.cwd.length > 0 ? opts.cwd : void 0);
  return out.filter((r) => (project === void 0 || reaches(r, project)) && !(loaded.size > 0 && loaded.has(deliveryKey(r)))).sort((a, b) => b.confidence_now - a.confidence_now);
}
function deliveryKey(r) {
  return r.kind === "taught" ? r.pattern : storeKey(r.kind, r.pattern);
}

// claude/sessions.ts
var import_node_fs5 = require("node:fs");
var import_node_path4 = require("node:path");
var sessionsDir = layout.sessions;
var markPath = (home, session) => (0, import_node_path4.join)(sessionsDir(home), `${idFileStem(session)}.json`);
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
    names = (0, import_node_fs5.readdirSync)(sessionsDir(home)).filter((f) => f.endsWith(".json"));
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
  const path2 = markPath(home, mark.session);
  const tmp = `${path2}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(JSON.stringify(mark)), PRIVATE_FILE);
  (0, import_node_fs5.renameSync)(tmp, path2);
}
function transcriptStat(path2) {
  try {
    const st = (0, import_node_fs5.statSync)(path2);
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

// lib/tokens.ts
var TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
var ID = /^[A-Za-z0-9_-]{1,128}$/;
var DETAIL_PART = /^[A-Za-z0-9._:+@-]{1,40}$/;
function idToken(value) {
  return typeof value === "string" && ID.test(value) ? value : void 0;
}

// analyzer/rules-file.ts
var STEP = /^([A-Za-z0-9_.:-]{1,128})(?:\(([A-Za-z0-9._:+@ -]{1,81})\))?$/;
function safeSteps(rule) {
  const body = rule.kind === "error-retry" ? rule.pattern.replace(/ error-retry$/, "") : rule.pattern;
  const steps = rule.kind === "error-retry" ? [body] : body.split("->");
  if (rule.kind === "chain" && steps.length !== 3) return void 0;
  for (const s of steps) {
    const m = STEP.exec(s);
    if (!m || !TOOL_NAME.test(m[1])) return void 0;
    if (m[2] !== void 0 && !m[2].split(" ").every((w) => DETAIL_PART.test(w))) return void 0;
  }
  return steps;
}
function ruleLine(rule) {
  if (typeof rule.pattern !== "string" || rule.kind !== "chain" && rule.kind !== "error-retry") return void 0;
  const steps = safeSteps(rule);
  if (!steps || !Number.isFinite(rule.confidence_now) || !Number.isFinite(rule.observations)) return void 0;
  const n = Math.round(rule.observations);
  const head = `- **[${Math.round(rule.confidence_now * 100)}%, ${n}x seen]**`;
  return rule.kind === "chain" ? `${head} Frequent tool chain: ${steps.join("->")} (seen ${n}x)` : `${head} ${steps[0]} error-retry pairs detected (${n}x). Consider pre-validation.`;
}

// exports/session-context.ts
var MAX_SESSION_CONTEXT = 8e3;
var SESSION_CONTEXT_HEAD = "homunculus: workflow rules learned from your recent sessions (most confident first). Apply them where they fit the task:";
function deliveredLine(r) {
  return r.kind === "taught" ? taughtRuleLine(r) : ruleLine(r);
}
function sessionRulesContext(rules, maxChars = MAX_SESSION_CONTEXT) {
  let text = SESSION_CONTEXT_HEAD;
  let shown = 0;
  for (const r of rules) {
    const line = deliveredLine(r);
    if (line === void 0) continue;
    if (text.length + 1 + line.length > maxChars) break;
    text += `
${line}`;
    shown++;
  }
  return shown === 0 ? void 0 : { text, shown };
}

// claude/deliveries.ts
var import_node_fs6 = require("node:fs");
var import_node_path5 = require("node:path");
var path = (home) => (0, import_node_path5.join)(layout.state(home), "last-delivery.json");
function recordDelivery(home, d) {
  ensurePrivateDir(layout.state(home));
  const tmp = `${path(home)}.${process.pid}.tmp`;
  writeNewFile(tmp, Buffer.from(`${JSON.stringify(d)}
`), PRIVATE_FILE);
  (0, import_node_fs6.renameSync)(tmp, path(home));
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
var import_node_fs8 = require("node:fs");

// lib/append-line.ts
var import_node_fs7 = require("node:fs");
var import_node_path6 = require("node:path");
var NL = 10;
var NEWLINE = Buffer.from("\n");
function openAppend(path2) {
  try {
    return (0, import_node_fs7.openSync)(path2, APPEND_NOFOLLOW, PRIVATE_FILE);
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
    ensurePrivateDir((0, import_node_path6.dirname)(path2));
    fd = openAppend(path2);
  }
  try {
    const st = (0, import_node_fs7.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path2}: expected a regular file, found something else (a FIFO or device); move it aside`);
    if (st.nlink > 1) throw new DataHomeError(`${path2} has ${st.nlink} hard links; homunculus never writes to a file that has another name: move it aside (cp it to a file of its own)`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs7.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = typeof text === "string" ? Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`) : Buffer.concat([...torn ? [NEWLINE] : [], text, ...text.length > 0 && text[text.length - 1] === NL ? [] : [NEWLINE]]);
    const written = writeData(fd, data, path2);
    if (written !== data.length) throw noSpace(path2, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs7.closeSync)(fd);
  }
}

// lib/hook-errors.ts
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path2 = layout.hookErrors(home);
    try {
      if ((0, import_node_fs8.lstatSync)(path2).size > MAX_BYTES) (0, import_node_fs8.renameSync)(path2, `${path2}.1`);
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

// observer/observation.ts
var PayloadError = class extends Error {
};

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
  "reason"
]);
var NESTED_FIELDS = {
  tool_input: /* @__PURE__ */ new Set(["command"]),
  tool_response: /* @__PURE__ */ new Set(["interrupted"])
};
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
    } else if (depth === 2 && NESTED_FIELDS[this.key1]?.has(this.key2) && this.stack[0] === OBJ && this.stack[1] === OBJ) {
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
  return new Promise((resolve4) => {
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
      resolve4({ scanner, reason });
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

// store/projects.ts
var import_node_path8 = require("node:path");

// observer/project-id.ts
var import_node_fs9 = require("node:fs");
var import_node_path7 = require("node:path");
function isPresent(path2) {
  try {
    (0, import_node_fs9.statSync)(path2);
    return true;
  } catch {
    return false;
  }
}
function projectRoot(cwd, env, exists = isPresent) {
  const fromEnv = env["CLAUDE_PROJECT_DIR"];
  if (fromEnv) return (0, import_node_path7.resolve)(fromEnv);
  if (!cwd) return void 0;
  const start = (0, import_node_path7.resolve)(cwd);
  for (let dir = start; ; dir = (0, import_node_path7.dirname)(dir)) {
    if (exists((0, import_node_path7.resolve)(dir, ".git"))) return dir;
    if ((0, import_node_path7.dirname)(dir) === dir) return start;
  }
}
function projectId(root) {
  return fnv1a64Hex(root).slice(0, 12);
}

// lib/lock.ts
var STALE_LOCK_MS = 10 * 60 * 1e3;
var sleeper = new Int32Array(new SharedArrayBuffer(4));

// store/io.ts
function readIfFile(path2) {
  try {
    return readDataFile(path2);
  } catch {
    return void 0;
  }
}

// store/projects.ts
function currentProject(cwd, env) {
  const root = projectRoot(cwd, env);
  if (root === void 0) return void 0;
  return { id: projectId(root), name: (0, import_node_path8.basename)(root) || root, root };
}
function readProjects(home) {
  const bytes = readIfFile(layout.projects(home));
  if (bytes === void 0) return [];
  try {
    const v = JSON.parse(bytes.toString("utf8"));
    if (!Array.isArray(v?.projects)) return [];
    return v.projects.filter((p) => typeof p === "object" && p !== null && /^[0-9a-f]{12}$/.test(p.id) && typeof p.name === "string");
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
function recordPaths(home, env) {
  try {
    const path2 = env["HOMUNCULUS_CONFIG"] || layout.config(home);
    return JSON.parse(readDataFile(path2).toString("utf8")).recordProjectPaths === true;
  } catch {
    return false;
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
  if (typeof transcript === "string" && (0, import_node_path9.isAbsolute)(transcript)) {
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
  if (project) {
    try {
      touchProject(home, project, nowIso, recordPaths(home, env));
    } catch {
    }
  }
  const context = sessionRulesContext(readRulesForDelivery(home, project?.id ?? null, { cwd, onProblem: (why) => logHookError(home, "session-start", why) }));
  recordDelivery(home, { session, source: typeof source === "string" ? source.slice(0, 20) : "unknown", at: nowIso, rules: context?.shown ?? 0, chars: context?.text.length ?? 0 });
  if (context === void 0) return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context.text } }));
});
