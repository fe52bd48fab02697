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
  calibrationMinOpportunities: 5, // claims with fewer later opportunities are left out of calibration
  baselineSize: 3, // chains per baseline and project
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
 * comes within `window` calls of the failure. The recovery: the keys of the Bash calls strictly
 * between them, other than F, in order.
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
    const recovery = stream.slice(f + 1, i).filter((x) => x.tool === 'Bash' && x.key !== c.key).map((x) => x.key);
    out.push({ failed: c.key, session: c.session, failedAt: f, succeededAt: i, recovery });
  });
  return out;
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
  // A session that runs a command of the purpose (for `other`, any Bash command) is an
  // opportunity; a hit when `<detail>` succeeded in it. The purposes come from the product's own
  // table (usePurposes), so that the bench and the learner agree on what a test run is.
  cmd(body, streams) {
    if (PURPOSE === undefined) return { status: 'not scored yet', why: 'no command-purpose table given (usePurposes)' };
    const eq = body.indexOf('=');
    if (eq === -1) return { status: 'not scored', why: 'a cmd: key without =' };
    const purpose = body.slice(0, eq);
    const detail = body.slice(eq + 1);
    const sessions = new Map(); // session -> { ran: purpose seen, ok: detail succeeded }
    for (const s of streams) {
      for (const c of s) {
        const d = bashDetailOf(c.key);
        if (c.tool !== 'Bash') continue;
        let x = sessions.get(c.session);
        if (x === undefined) sessions.set(c.session, (x = { ran: false, ok: false }));
        if (purpose === 'other') x.ran = true;
        else if (d !== undefined && PURPOSE.purposeOf(d) === purpose) x.ran = true;
        if (d === detail && c.ok) x.ok = true;
      }
    }
    const r = counts();
    for (const x of sessions.values()) {
      if (!x.ran && !x.ok) continue;
      r.opportunities++;
      if (x.ok) r.hits++;
    }
    return r;
  },
};

let PURPOSE;
/** The product's command-purpose table ({ purposeOf }), for cmd: claims. */
export function usePurposes(table) {
  PURPOSE = table;
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
