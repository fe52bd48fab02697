// The generated parts of the reference docs say what the code says: the command reference
// (docs/commands.md) what the CLI's command table declares, the configuration table
// (docs/configuration.md) lib/config.ts's keys and checks with config/'s defaults. When one
// fails, run `npm run docs:gen` and commit the docs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../cli/commands.js';
import { CONFIG_KEYS, CONFIG_RULES, loadConfig } from '../lib/config.js';
import { CONFIG_MEANINGS } from '../lib/config-meanings.js';
import { configTable, describeCommand, renderAll, replaceRegion, TARGETS } from '../scripts/gen-docs.mjs';
import { ROOT } from './helpers.js';

const parts = renderAll({ commands, config: configTable({ CONFIG_KEYS, CONFIG_RULES, CONFIG_MEANINGS, loadConfig }, ROOT) }) as Record<string, string>;

describe('generated docs', () => {
  it.each(TARGETS as { file: string; region: string }[])('$file agrees with the code (else: npm run docs:gen)', ({ file, region }) => {
    const doc = readFileSync(join(ROOT, file), 'utf8');
    expect(doc).toBe(replaceRegion(doc, region, parts[region]!));
  });

  it('the command reference has a section for every command and every option it declares', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8');
    for (const c of commands) {
      const d = describeCommand(c) as unknown as { name: string; options: Record<string, unknown>; positional: { usage: string }[] };
      const at = doc.indexOf(`\n### homunculus ${d.name}\n`);
      expect(at, d.name).toBeGreaterThan(-1);
      const section = doc.slice(at + 1, doc.indexOf('\n### ', at + 1) >>> 0);
      for (const o of Object.keys(d.options)) expect(section, `${d.name} --${o}`).toContain(`| \`--${o}\` |`);
      for (const p of d.positional) expect(section, `${d.name} ${p.usage}`).toContain(`| \`${p.usage}\` |`);
    }
    expect(commands.length).toBeGreaterThan(30);
  });

  it('the configuration table has one row per key, in the order of lib/config.ts', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const keys = [...doc.matchAll(/^\| `([A-Za-z]+)` \| /gm)].map((m) => m[1]);
    expect(keys).toEqual(CONFIG_KEYS);
  });

  it('a doc whose generated part is stale fails the check', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const stale = doc.replace('| `windowDays` | `7` |', '| `windowDays` | `8` |');
    expect(stale).not.toBe(doc);
    expect(replaceRegion(stale, 'config', parts['config']!)).toBe(doc);
  });
});
