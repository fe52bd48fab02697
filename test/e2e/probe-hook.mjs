#!/usr/bin/env node
// A hook command for experiments: appends what Claude Code gave it (the stdin payload, the
// CLAUDE_* / HOMUNCULUS_* environment, argv, when it started and ended) as one JSON line, then
// optionally answers. Usage:
//   node probe-hook.mjs LOGFILE [--stdout TEXT] [--sleep MS] [--detach-write FILE DELAY_MS]
// --stdout TEXT           print TEXT (e.g. a hookSpecificOutput JSON) before exiting
// --sleep MS              wait before answering (to measure budgets and cancellation)
// --detach-write F D      start a detached child that writes F after D ms and once Claude Code
//                         (CLAUDE_PID) has exited, then exit at once
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [logFile, ...rest] = process.argv.slice(2);
const opts = { stdout: undefined, sleep: 0, detach: undefined };
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--stdout') opts.stdout = rest[++i];
  else if (rest[i] === '--sleep') opts.sleep = Number(rest[++i]);
  else if (rest[i] === '--detach-write') opts.detach = [rest[++i], Number(rest[++i])];
}
const started = Date.now();

// Claude Code sometimes never closes a hook's stdin: stop reading after a short idle time.
function readStdin(idleMs = 300) {
  return new Promise((resolve) => {
    const chunks = [];
    let timer = setTimeout(done, idleMs);
    function done() {
      process.stdin.removeAllListeners();
      process.stdin.pause();
      resolve(Buffer.concat(chunks).toString('utf8'));
    }
    process.stdin.on('data', (c) => {
      chunks.push(c);
      clearTimeout(timer);
      timer = setTimeout(done, idleMs);
    });
    process.stdin.on('end', () => {
      clearTimeout(timer);
      done();
    });
    process.stdin.on('error', () => {
      clearTimeout(timer);
      done();
    });
  });
}

const raw = await readStdin();
let payload;
try {
  payload = JSON.parse(raw);
} catch {
  payload = raw;
}
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(CLAUDE|HOMUNCULUS|ANTHROPIC_BASE)/.test(k)));
const stdinRead = Date.now();
if (opts.sleep) await new Promise((r) => setTimeout(r, opts.sleep));
if (opts.detach) {
  const [file, delay] = opts.detach;
  // The child waits DELAY ms, then until Claude Code (CLAUDE_PID) is gone (at most 30 s), then
  // writes FILE: its existence with claudeAlive:false proves it outlived Claude Code.
  const code = `const pid = Number(process.env.CLAUDE_PID); const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
const start = Date.now();
setTimeout(function poll() {
  if (pid && alive() && Date.now() - start < 30000) return setTimeout(poll, 50);
  require('fs').writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, claudePid: pid, claudeAlive: pid ? alive() : null, at: Date.now() }));
}, ${delay});`;
  spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' }).unref();
}
appendFileSync(
  logFile,
  JSON.stringify({ event: payload?.hook_event_name, payload, env, argv: process.argv.slice(2), cwd: process.cwd(), pid: process.pid, ppid: process.ppid, started, stdinRead, ended: Date.now() }) + '\n',
);
if (opts.stdout !== undefined) process.stdout.write(opts.stdout);
