// A synthetic ~/.claude/projects tree of about `mb` MiB: sessions of assistant tool_use lines,
// user tool_result lines (some with large contents), progress and text lines, as seen in the
// real fixtures. Usage: node bench/generate-transcripts.mjs DIR [MB]
import { mkdirSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

const TOOLS = ['Read', 'Edit', 'Bash', 'Grep', 'Glob', 'Write', 'TodoWrite'];

export function generateTranscripts(dir, mb = 200, seed = 5) {
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const target = mb * 1024 * 1024;
  let bytes = 0;
  let calls = 0;
  let session = 0;
  const filler = 'const value = compute(input); // some source line of a file that was read\\n';
  while (bytes < target) {
    const sessionId = `00000000-0000-4000-8000-${String(session).padStart(12, '0')}`;
    const projectDir = join(dir, `-home-dev-project-${session % 5}`);
    mkdirSync(projectDir, { recursive: true });
    const fd = openSync(join(projectDir, `${sessionId}.jsonl`), 'w');
    let t = Date.parse('2026-11-01T00:00:00Z') + session * 3_600_000;
    const base = `"sessionId":"${sessionId}","cwd":"/home/dev/project-${session % 5}","version":"2.1.39","gitBranch":"main","isSidechain":false,"userType":"external"`;
    for (let i = 0; i < 400 && bytes < target; i++) {
      const id = `toolu_${session}_${i}`;
      const tool = TOOLS[Math.floor(rand() * TOOLS.length)];
      const input = tool === 'Bash' ? `{"command":"npm test -- --run src/file${i}.test.ts","description":"Run tests"}` : `{"file_path":"/home/dev/project/src/file${i}.ts"}`;
      const lines = [];
      lines.push(`{"parentUuid":"p${i}",${base},"type":"assistant","uuid":"a${i}","timestamp":"${new Date((t += 2000)).toISOString()}","message":{"id":"msg_${i}","role":"assistant","content":[{"type":"tool_use","id":"${id}","name":"${tool}","input":${input}}]}}`);
      for (let p = 0; p < 3; p++) lines.push(`{"parentUuid":"a${i}",${base},"type":"progress","uuid":"g${i}_${p}","timestamp":"${new Date((t += 100)).toISOString()}","data":{"type":"hook_progress","hookEvent":"PostToolUse","status":"running"}}`);
      const size = rand() < 0.1 ? 400 : 20;
      const isError = rand() < 0.05;
      lines.push(`{"parentUuid":"a${i}",${base},"type":"user","uuid":"u${i}","timestamp":"${new Date((t += 1500)).toISOString()}","message":{"role":"user","content":[{"tool_use_id":"${id}","type":"tool_result","content":"${filler.repeat(size)}"${isError ? ',"is_error":true' : ''}}]},"toolUseResult":{"stdout":"${filler.repeat(Math.min(size, 40))}"}}`);
      lines.push(`{"parentUuid":"u${i}",${base},"type":"assistant","uuid":"x${i}","timestamp":"${new Date((t += 500)).toISOString()}","message":{"id":"msg_t${i}","role":"assistant","content":[{"type":"text","text":"Looking at the result, the next step is to update the function."}]}}`);
      const chunk = lines.join('\n') + '\n';
      writeSync(fd, chunk);
      bytes += Buffer.byteLength(chunk);
      calls++;
    }
    closeSync(fd);
    session++;
  }
  return { bytes, calls, sessions: session };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(generateTranscripts(process.argv[2], Number(process.argv[3] ?? 200)));
}
