import { describe, expect, it } from 'vitest';
import { agentTypeToken, detailPartToken, idToken, INVALID_TOOL, looksLikeCredential, toolToken } from '../lib/tokens.js';

// lib/tokens.ts: the only values a record holds are tokens from strict character sets, and a word
// of a command's detail that might be a secret is dropped (the hook and the import keep what these
// return; test/privacy.test.ts is their face).

describe('looksLikeCredential', () => {
  it.each([
    ['sk-proj-abc123', true],
    ['ghp_0123456789abcdef', true],
    ['github_pat_11ABCDEF', true],
    ['glpat-xyz', true],
    ['xoxb-123-456', true],
    ['AKIAABCDEFGHIJKLMNOP', true],
    ['AIzaSyA-something', true],
    ['eyJhbGciOiJIUzI1NiJ9', true],
    ['user:hunter2@db.example.com', true],
    ['-pS3cretPassw0rd', true], // mysql -pPASSWORD
    ['-p1', true],
    ['aB3dE5fG7hJ9kL1mN3pQ', true], // 20 mixed-case characters with digits
    ['0123456789abcdef0123456789abcdef', true], // 32 with digits
    ['npm', false],
    ['test', false],
    ['-p', false], // the flag alone
    ['--project', false],
    ['pytest', false],
    ['vitest.config.ts', false],
    ['build-2026-11-28-release', false], // long, but lower-case words joined
  ])('%s: %s', (word, secret) => {
    expect(looksLikeCredential(word)).toBe(secret);
  });
});

describe('detailPartToken', () => {
  it.each([
    ['npm', 'npm'],
    ['run', 'run'],
    ['@scope/pkg', undefined], // a slash is outside the set
    ['a b', undefined],
    ['$(rm', undefined],
    ['x'.repeat(41), undefined],
    ['-pS3cret', undefined], // in the set, but a secret's shape
    ['ghp_abcdef', undefined],
  ])('%s -> %s', (word, token) => {
    expect(detailPartToken(word)).toBe(token);
  });
});

describe('tool, id and agent-type tokens', () => {
  it.each([
    ['toolToken', toolToken('Bash'), 'Bash'],
    ['toolToken of an MCP tool', toolToken('mcp__github__create_issue'), 'mcp__github__create_issue'],
    ['toolToken of free text', toolToken('rm -rf /'), INVALID_TOOL],
    ['toolToken of a number', toolToken(42), INVALID_TOOL],
    ['idToken', idToken('0b7e4d52-9c3a'), '0b7e4d52-9c3a'],
    ['idToken with a dot (a file name)', idToken('../x'), undefined],
    ['idToken of 129 characters', idToken('a'.repeat(129)), undefined],
    ['agentTypeToken', agentTypeToken('plugin:agent'), 'plugin:agent'],
    ['agentTypeToken with a space', agentTypeToken('general purpose'), undefined],
  ])('%s', (_name, got, want) => {
    expect(got).toBe(want);
  });
});
