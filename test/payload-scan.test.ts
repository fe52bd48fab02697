import { describe, expect, it } from 'vitest';
import { PayloadScanner, scanPayload } from '../observer/payload-scan.js';

function scanInChunks(text: string, size: number) {
  const buf = Buffer.from(text);
  const s = new PayloadScanner();
  for (let i = 0; i < buf.length && !s.done; i += size) s.push(buf.subarray(i, i + size));
  s.finish();
  return s;
}

const payload = JSON.stringify({
  session_id: 'abc-123',
  hook_event_name: 'PostToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'npm test -- "with \\"quotes\\""', nested: { command: 'not this one' } },
  tool_response: { stdout: 'a } ] { [ " \\ \u00e9\u{1F600}', interrupted: true, deep: [1, { interrupted: false }] },
  tool_use_id: 'toolu_1',
  duration_ms: 12.5,
  agent_id: null,
  is_interrupt: false,
});

describe('PayloadScanner', () => {
  it('extracts the wanted fields and nothing else', () => {
    const { payload: p, done, error } = scanPayload(payload);
    expect(error).toBeUndefined();
    expect(done).toBe(true);
    expect(Object.fromEntries(p.top)).toEqual({
      session_id: 'abc-123',
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      duration_ms: 12.5,
      agent_id: null,
      is_interrupt: false,
    });
    expect(Object.fromEntries(p.nested)).toEqual({ 'tool_input.command': 'npm test -- "with \\"quotes\\""', 'tool_response.interrupted': true });
  });

  it.each([1, 2, 3, 7, 64])('gives the same result when fed %i bytes at a time', (size) => {
    const s = scanInChunks(payload, size);
    const whole = scanPayload(payload).payload;
    expect(s.done).toBe(true);
    expect(s.result).toEqual(whole);
  });

  it('stops at the end of the top-level object, whatever follows', () => {
    const s = new PayloadScanner();
    s.push(Buffer.from('{"tool_name":"Read"}\n{"tool_name":"Edit"}'));
    expect(s.done).toBe(true);
    expect(s.result.top.get('tool_name')).toBe('Read');
  });

  it.each([
    ['null', 'expected a JSON object'],
    ['[]', 'expected a JSON object'],
    ['"str"', 'expected a JSON object'],
  ])('refuses %s', (input, message) => {
    expect(scanPayload(input).error).toContain(message);
  });

  it('reports an unfinished object as not done', () => {
    const r = scanPayload('{"tool_name":"Read", "tool_input": {');
    expect(r.done).toBe(false);
    expect(r.payload.top.get('tool_name')).toBe('Read');
  });

  it('drops values over the size limit rather than truncating them', () => {
    const r = scanPayload(JSON.stringify({ session_id: 'x'.repeat(70_000), tool_name: 'Read' }));
    expect(r.payload.top.has('session_id')).toBe(false);
    expect(r.payload.top.get('tool_name')).toBe('Read');
  });
});

// Issue 38, item 9: a key named like an Object.prototype member one level down (`"toString": {...}`)
// was looked up in a plain object of the fields kept by parent, found a function there, and every
// hook crashed with exit 1.
describe('PayloadScanner: keys named like Object.prototype members', () => {
  it.each(Object.getOwnPropertyNames(Object.prototype))('%s at every depth is skipped, the wanted fields kept', (name) => {
    const deep = { [name]: { [name]: { [name]: 1 }, scalar: 2 }, other: [{ [name]: 'x' }], scalar: 3 };
    const text = `{"session_id":"s1","${name}":${JSON.stringify(deep)},"tool_input":{"${name}":${JSON.stringify(deep)},"command":"npm test"},"tool_response":{"${name}":2},"tool_name":"Bash"}`;
    const { payload: p, done, error } = scanPayload(text);
    expect(error).toBeUndefined();
    expect(done).toBe(true);
    expect(Object.fromEntries(p.top)).toEqual({ session_id: 's1', tool_name: 'Bash' });
    expect(Object.fromEntries(p.nested)).toEqual({ 'tool_input.command': 'npm test' });
  });
});
