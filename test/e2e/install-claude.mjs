#!/usr/bin/env node
// Installs the real Claude Code binary for the end-to-end suite, outside the project's
// dependencies: @anthropic-ai/claude-agent-sdk brings a native `claude` for this platform
// (about 370 MB) through a platform package. @anthropic-ai/claude-code itself needs Node 22;
// the SDK's binary runs here on Node 20. Installed once into a cache folder
// ($HOMUNCULUS_E2E_CACHE, default ~/.cache/homunculus-e2e), one folder per pinned version.
// Prints the path of the `claude` executable.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SDK version and the Claude Code version it ships (its package.json `claudeCodeVersion`). */
export const SDK_VERSION = '0.3.330';
export const CLAUDE_CODE_VERSION = '2.1.330';

export function cacheDir() {
  return resolve(process.env.HOMUNCULUS_E2E_CACHE || join(homedir(), '.cache', 'homunculus-e2e'), `claude-agent-sdk-${SDK_VERSION}`);
}

/** The `claude` executable inside an installed cache folder, or undefined. */
export function locateClaude(dir = cacheDir()) {
  const scope = join(dir, 'node_modules', '@anthropic-ai');
  if (!existsSync(scope)) return undefined;
  // The platform package (claude-agent-sdk-<os>-<arch>[-musl]) holds the native binary.
  for (const name of readdirSync(scope)) {
    if (!name.startsWith('claude-agent-sdk-')) continue;
    const candidate = join(scope, name, 'claude');
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export function installClaude({ quiet = false } = {}) {
  const dir = cacheDir();
  const found = locateClaude(dir);
  if (found) return found;
  mkdirSync(dir, { recursive: true });
  // A package.json of its own so npm does not walk up to an enclosing project.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'homunculus-e2e-claude', private: true }, null, 2) + '\n');
  if (!quiet) process.stderr.write(`installing @anthropic-ai/claude-agent-sdk@${SDK_VERSION} (Claude Code ${CLAUDE_CODE_VERSION}, ~370 MB) into ${dir}\n`);
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `@anthropic-ai/claude-agent-sdk@${SDK_VERSION}`], {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const path = locateClaude(dir);
  if (!path) throw new Error(`expected a claude executable under ${join(dir, 'node_modules', '@anthropic-ai')}, found none (no platform package for ${process.platform}-${process.arch}?)`);
  return path;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(installClaude() + '\n');
  } catch (err) {
    process.stderr.write(`install-claude: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
