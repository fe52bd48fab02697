// invocationOf (lib/invocation.ts), in process: how this installation is run, and so how every
// hint names the command. Through doctor, demo and bye: test/doctor.test.ts.
import { describe, expect, it } from 'vitest';
import { invocationOf } from '../lib/invocation.js';

const GLOBAL_CLI = '/usr/lib/node_modules/homunculus/dist/cli/homunculus.js';

describe('invocationOf', () => {
  it.each([
    ['a global bin on PATH', { root: '/usr/lib/node_modules/homunculus', onPath: GLOBAL_CLI, cli: GLOBAL_CLI, plugin: false }, { kind: 'global', command: 'homunculus' }],
    // Another copy is first on PATH: typing `homunculus` would not run this one.
    ["a project's node_modules, another copy on PATH", { root: '/w/app/node_modules/homunculus', onPath: GLOBAL_CLI, cli: '/w/app/node_modules/homunculus/dist/cli/homunculus.js', plugin: false }, { kind: 'project' }],
    ["npx's cache", { root: '/h/.npm/_npx/ab/node_modules/homunculus', onPath: undefined, cli: 'x', plugin: false }, { kind: 'npx' }],
    ['a clone in a path that needs quoting', { root: "/h/my work/it's", onPath: undefined, cli: 'x', plugin: false }, { command: `node '/h/my work/it'\\''s/dist/cli/homunculus.js'` }],
    ['the plugin', { root: '/h/.claude/plugins/cache/homunculus', onPath: undefined, cli: 'x', plugin: true }, { command: 'node /h/.claude/plugins/cache/homunculus/dist/cli/homunculus.mjs' }],
  ])('%s', (_name, where, expected) => {
    const got = invocationOf(where);
    if ('kind' in expected && 'command' in expected) expect(got).toEqual(expected);
    else expect(got).toMatchObject(expected);
  });
});
