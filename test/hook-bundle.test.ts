import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './helpers.js';

// The hooks run on every tool call: they must stay a single file that loads node built-ins only.
describe('hook bundles', () => {
  it.each(['observe.js', 'stop.js', 'prompt-router.js'])('%s requires node built-ins only', (file) => {
    const code = readFileSync(join(DIST, 'hooks', file), 'utf8');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    // esbuild writes some `node:` imports of bundled packages (yaml's `node:process`) without the prefix.
    for (const r of required) expect(r.startsWith('node:') || builtinModules.includes(r), `${file} requires ${r}`).toBe(true);
    expect(code).not.toMatch(/from ["'](yargs|date-fns|fast-glob|ndjson)/);
  });
});
