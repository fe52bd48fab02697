// The held-out benchmark's scoring (bench/heldout.mjs): pure functions over records as the
// observer writes them ({tool, detail, ok, session, agentId, ts, stop, id}) and over the text the
// SessionStart hook delivered. No I/O here: test/heldout-score.test.ts runs them on hand-written
// records. What was delivered is read, and each project scored, in bench/heldout-delivered.mjs.

/** The protocol's parameters, in one place (printed in the bench's header). */
export const PARAMS = {
  learnShare: 0.6, // learn from the first max(2, round(0.6 n)) sessions, at most n - 1
  minLearned: 2,
  minSessions: 3, // projects with fewer sessions are not measured
  nowAfterLastMs: 60_000, // now = the last learned record + 1 minute
  fixWindowCalls: 10, // a failure's success must come within this many calls to make an episode
  calibrationMinOpportunities: 2, // claims with fewer later opportunities are left out of calibration
  baselineSize: 3, // chains per baseline and project
  lineSize: 5, // commands in the 5-commands line
  ceilingMinOpportunities: 5,
  lowRate: 0.5, // delivered claims stated below this are counted
};

/** Tool-result texts of Claude Code for a call the user stopped (matched to records by tool-use id). */
export const REJECTED_TEXT = "The user doesn't want to proceed with this tool use";
export const INTERRUPTED_TEXT = '[Request interrupted by user for tool use]';

/**
 * Read-only commands left out of command recall: the program alone (`ls`) or the program and
 * subcommand (`git status`) as the observer records them. A detail is one of these when it is an
 * entry or starts with an entry and a space.
 */
export const INSPECTION_COMMANDS = [
  'ls', 'cat', 'head', 'tail', 'pwd', 'echo', 'printf', 'cd', 'find', 'fd', 'grep', 'egrep', 'rg', 'ag', 'wc', 'which', 'where',
  'whereis', 'type', 'tree', 'file', 'stat', 'du', 'df', 'less', 'more', 'sort', 'uniq', 'diff', 'whoami', 'hostname', 'date',
  'env', 'printenv', 'ps', 'dir', 'realpath', 'readlink', 'basename', 'dirname', 'jq', 'uname', 'id', 'sleep', 'true', 'test',
  'git status', 'git diff', 'git log', 'git show', 'git branch', 'git remote', 'git rev-parse', 'git blame', 'git ls-files',
  'git describe', 'git reflog', 'git shortlog', 'git config',
];

export function isInspection(detail) {
  return INSPECTION_COMMANDS.some((c) => detail === c || detail.startsWith(`${c} `));
}

/** A call's key: its tool, or `Bash(<detail>)` for a Bash call with a detail (as the analyzer keys chains). */
export function callKey(r) {
  return r.tool === 'Bash' && typeof r.detail === 'string' && r.detail !== '' ? `Bash(${r.detail})` : r.tool;
}

/**
 * The sessions in which each non-inspection Bash command succeeded at least once: key
 * `Bash(<detail>)` -> Set of sessions, in the order first seen.
 */
export function succeededIn(streams) {
  const m = new Map();
  for (const s of streams) for (const c of s) {
    if (!c.ok || c.tool !== 'Bash' || !isCommandKey(c.key)) continue;
    let set = m.get(c.key);
    if (!set) m.set(c.key, (set = new Set()));
    set.add(c.session);
  }
  return m;
}

/** The detail of a `Bash(<detail>)` key, else undefined. */
export function bashDetailOf(key) {
  const m = /^Bash\((.+)\)$/.exec(key);
  return m ? m[1] : undefined;
}

/**
 * Records into streams: one per session and agent, each in time order (ties keep the input order).
 * Each call gets `key`, and `corrected` ('rejected' | 'interrupted' | undefined): a record with
 * stop "interrupt" was interrupted; `corrections` (tool-use id -> 'rejected' | 'interrupted', read
 * from the transcripts) adds what the records do not carry.
 */
export function streamsOf(records, corrections = new Map()) {
  const by = new Map();
  records.forEach((r, i) => {
    const s = `${r.session}\u0000${r.agentId ?? ''}`;
    let list = by.get(s);
    if (!list) by.set(s, (list = []));
    const fromTranscript = r.id === undefined ? undefined : corrections.get(r.id);
    const corrected = fromTranscript === 'rejected' ? 'rejected' : r.stop === 'interrupt' || fromTranscript === 'interrupted' ? 'interrupted' : undefined;
    list.push({ key: callKey(r), tool: r.tool, ok: r.ok !== false, session: r.session, ts: Date.parse(r.ts), corrected, at: i });
  });
  return [...by.values()].map((list) => list.sort((a, b) => a.ts - b.ts || a.at - b.at));
}

/**
 * Failure -> recovery episodes of Bash calls in one stream: for each Bash key F, the first failure
 * of F since F's last success (or the stream's start) with the first later success of F, when it
 * comes within `window` calls of the failure. Consecutive failures of F before its success are so
 * one episode, however many there are. The recovery: the keys of the Bash calls strictly between
 * them, other than F, that are commands (isCommandKey: `ls` or `git status` is looking, not a
 * step that fixes anything), in order.
 */
export function episodes(stream, window = PARAMS.fixWindowCalls) {
  const open = new Map(); // key -> index of its first failure since its last success
  const out = [];
  stream.forEach((c, i) => {
    if (c.tool !== 'Bash') return;
    if (!c.ok) {
      if (!open.has(c.key)) open.set(c.key, i);
      return;
    }
    const f = open.get(c.key);
    if (f === undefined) return;
    open.delete(c.key);
    if (i - f > window) return;
    const recovery = stream.slice(f + 1, i).filter((x) => x.tool === 'Bash' && x.key !== c.key && isCommandKey(x.key)).map((x) => x.key);
    out.push({ failed: c.key, session: c.session, failedAt: f, succeededAt: i, recovery });
  });
  return out;
}

/**
 * The observer's placeholder for a file run by its path (`./deploy.sh`): it names no command, so
 * nothing can name it back (issue 38: never a command Claude is told to run).
 */
export const PLACEHOLDERS = ['local-script'];

/**
 * A `Bash(<detail>)` key of a command that does something: not an inspection command, not the
 * placeholder of a script run by its path, and with a detail (a Bash call recorded without one
 * names no command).
 */
export function isCommandKey(key) {
  const d = bashDetailOf(key);
  return d !== undefined && !isInspection(d) && !PLACEHOLDERS.includes(d);
}

const counts = () => ({ status: 'scored', hits: 0, opportunities: 0 });

/**
 * How each kind of claim is counted on later streams, by key prefix: (body, streams) -> counts.
 * A new kind of claim is one entry here.
 */
export const SCORERS = {
  // After A then B, C comes next: an opportunity wherever A, B are followed by a call.
  seq(body, streams) {
    const steps = body.split('->');
    if (steps.length !== 3) return { status: 'not scored', why: 'a seq: key of other than 3 steps' };
    const [a, b, c] = steps;
    const r = counts();
    for (const s of streams) {
      for (let i = 2; i < s.length; i++) {
        if (s[i - 2].key !== a || s[i - 1].key !== b) continue;
        r.opportunities++;
        if (s[i].key === c) r.hits++;
      }
    }
    return r;
  },
  // After X fails, X comes next: an opportunity at each failed X followed by a call.
  retry(body, streams) {
    const r = counts();
    for (const s of streams) {
      for (let i = 0; i + 1 < s.length; i++) {
        if (s[i].key !== body || s[i].ok) continue;
        r.opportunities++;
        if (s[i + 1].key === body) r.hits++;
      }
    }
    return r;
  },
  // After F fails, S is run before F succeeds: an opportunity per recovered episode of F.
  fix(body, streams) {
    const at = body.indexOf('->');
    if (at === -1) return { status: 'not scored', why: 'a fix: key without ->' };
    const f = body.slice(0, at);
    const step = body.slice(at + 2);
    const r = counts();
    for (const s of streams) {
      for (const e of episodes(s)) {
        if (e.failed !== f) continue;
        r.opportunities++;
        if (e.recovery.includes(step)) r.hits++;
      }
    }
    return r;
  },
  // The user rejects or interrupts K: an opportunity per call of K.
  ask(body, streams) {
    const r = counts();
    for (const s of streams) {
      for (const c of s) {
        if (c.key !== body) continue;
        r.opportunities++;
        if (c.corrected !== undefined) r.hits++;
      }
    }
    return r;
  },
  // `<detail>` runs here and succeeds (the product states it "k of n sessions that ran it"): an
  // opportunity per session that ran `<detail>` (any outcome, any of its agents), a hit when it
  // succeeded at least once in it. The purpose before `=` does not change the count.
  cmd(body, streams) {
    const eq = body.indexOf('=');
    if (eq === -1) return { status: 'not scored', why: 'a cmd: key without =' };
    return sessionsRunning(body.slice(eq + 1), streams);
  },
};

/** Sessions of the streams that ran `Bash(<detail>)` (opportunities) and those where it succeeded at least once (hits). */
export function sessionsRunning(detail, streams) {
  const key = `Bash(${detail})`;
  const ran = new Set();
  const ok = new Set();
  for (const s of streams) for (const c of s) {
    if (c.key !== key) continue;
    ran.add(c.session);
    if (c.ok) ok.add(c.session);
  }
  return { status: 'scored', hits: ok.size, opportunities: ran.size };
}

/** Counts a claim by its key's prefix; keys without a scorer (taught `pref:` ...) are not scored. */
export function scoreKey(key, streams) {
  const i = typeof key === 'string' ? key.indexOf(':') : -1;
  const scorer = i === -1 ? undefined : SCORERS[key.slice(0, i)];
  if (scorer === undefined) return { status: 'not scored', why: key === undefined ? 'no key' : 'no scorer for this kind of key' };
  return scorer(key.slice(i + 1), streams);
}

/** Split of n sessions: how many are learned from. */
export function learnedCount(n) {
  return Math.min(n - 1, Math.max(PARAMS.minLearned, Math.round(PARAMS.learnShare * n)));
}

/**
 * The tool-use ids of a transcript's calls the user rejected or interrupted, from its parsed
 * lines: a tool_result whose text holds REJECTED_TEXT (rejected) or INTERRUPTED_TEXT, or whose
 * line's toolUseResult says interrupted (interrupted).
 */
export function correctionsOf(lines) {
  const out = new Map();
  for (const line of lines) {
    const content = line?.message?.content;
    if (!Array.isArray(content)) continue;
    for (const b of content) {
      if (b?.type !== 'tool_result' || typeof b.tool_use_id !== 'string') continue;
      const text = typeof b.content === 'string' ? b.content : Array.isArray(b.content) ? b.content.map((x) => (typeof x?.text === 'string' ? x.text : '')).join('\n') : '';
      if (text.includes(REJECTED_TEXT)) out.set(b.tool_use_id, 'rejected');
      else if (text.includes(INTERRUPTED_TEXT) || line.toolUseResult?.interrupted === true) out.set(b.tool_use_id, 'interrupted');
    }
  }
  return out;
}
