import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './helpers.js';

// The hooks run on every tool call: they must stay a single file that loads node built-ins only.
describe('hook bundles', () => {
  it.each(['observe.js', 'stop.bundle.js', 'prompt-router.js', 'code-cache.js'])('%s requires node built-ins only', (file) => {
    const code = readFileSync(join(DIST, 'hooks', file), 'utf8');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    // esbuild writes some `node:` imports of bundled packages (yaml's `node:process`) without the prefix.
    for (const r of required) expect(r!.startsWith('node:') || builtinModules.includes(r!), `${file} requires ${r}`).toBe(true);
    expect(code).not.toMatch(/from ["'](yargs|date-fns|fast-glob|ndjson)/);
  });

  // The large hooks: a loader that runs their bundle through V8's code cache (lib/code-cache.ts).
  it.each(['stop', 'reconcile'])('%s.js loads its bundle through the code cache, nothing else', (name) => {
    const code = readFileSync(join(DIST, 'hooks', `${name}.js`), 'utf8');
    expect(code.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required).toEqual(['./code-cache.js']);
    expect(code).toMatch(new RegExp(`runCached\\(__dirname, "${name}", "[0-9a-f]{16}"\\)`));
  });
});
