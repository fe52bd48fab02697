// The reference scenario (a workflow that changes: grep through Bash, Bash(grep)->Read->Edit, gives
// way to the Grep tool, Grep->Read->Edit),
// shipped with the project so that the demo and the tests play the same thing. Each block repeats
// its three tool calls `times` times, one call a minute from the session's start, all successful.

export interface ExampleSession {
  id: string;
  start: string;
  blocks: { tools: [string, string, string]; times: number }[];
}

const BRE: [string, string, string] = ['Bash', 'Read', 'Edit'];
const GRE: [string, string, string] = ['Grep', 'Read', 'Edit'];

export const WORKED_EXAMPLE: ExampleSession[] = [
  { id: 's1', start: '2026-11-01T09:00:00Z', blocks: [{ tools: BRE, times: 3 }] },
  { id: 's2', start: '2026-11-01T13:00:00Z', blocks: [{ tools: BRE, times: 5 }] },
  { id: 's3', start: '2026-11-01T17:00:00Z', blocks: [{ tools: BRE, times: 4 }] },
  { id: 's4', start: '2026-11-07T20:00:00Z', blocks: [{ tools: GRE, times: 6 }, { tools: BRE, times: 2 }] },
  { id: 's5', start: '2026-11-08T08:00:00Z', blocks: [{ tools: GRE, times: 8 }] },
  { id: 's6', start: '2026-11-08T12:00:00Z', blocks: [{ tools: GRE, times: 7 }] },
  { id: 's7', start: '2026-11-08T18:00:00Z', blocks: [{ tools: GRE, times: 9 }] },
];

/** The two analysis times of the scenario. */
export const EXAMPLE_TIMES = { afterS4: '2026-11-07T21:00:00Z', afterS7: '2026-11-08T19:00:00Z' };

export interface ExampleCall {
  now: string;
  payload: Record<string, unknown>;
}

const INPUTS: Record<string, Record<string, unknown>> = {
  Bash: { command: 'grep -rn qty src', description: 'Find qty' },
  Grep: { pattern: 'qty', path: '/home/dev/work/shop/src' },
  Read: { file_path: '/home/dev/work/shop/src/cart.ts' },
  Edit: { file_path: '/home/dev/work/shop/src/cart.ts', old_string: 'i.qty', new_string: 'Math.max(0, i.qty)' },
};

/** The hook payloads of one session, each with the time the hook should see. */
export function sessionCalls(s: ExampleSession): ExampleCall[] {
  const calls: ExampleCall[] = [];
  const start = Date.parse(s.start);
  for (const block of s.blocks) {
    for (let r = 0; r < block.times; r++) {
      for (const tool of block.tools) {
        const i = calls.length;
        calls.push({
          now: new Date(start + i * 60_000).toISOString(),
          payload: {
            session_id: s.id,
            transcript_path: `/home/dev/.claude/projects/-home-dev-work-shop/${s.id}.jsonl`,
            cwd: '/home/dev/work/shop',
            hook_event_name: 'PostToolUse',
            tool_name: tool,
            tool_input: INPUTS[tool],
            tool_response: {},
            tool_use_id: `toolu_${s.id}_${String(i).padStart(3, '0')}`,
            duration_ms: 20,
          },
        });
      }
    }
  }
  return calls;
}
