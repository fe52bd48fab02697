import { DEFAULT_MAX_LINE_MIB } from '../claude/transcript-import.js';
import { reportFailure } from './fail.js';
import { runImport, type ImportFlags } from './import-command.js';

// `homunculus import-transcripts` without yargs (as cli/analyze-fast.ts for analyze): loading
// yargs and the other commands' modules cost about as much as importing 30 MiB of transcripts.
// Only the plain forms are taken here (paths, --home, --now, --since, --json, --dry-run);
// anything else (--max-line-mib, --help, a typo) goes the full way (cli/main.ts), whose handler
// is the same function, and errors are reported by the same function.

function parse(args: readonly string[]): ImportFlags | undefined {
  const f: ImportFlags = { json: false, 'dry-run': false, 'max-line-mib': DEFAULT_MAX_LINE_MIB };
  const paths: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-')) {
      paths.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq === -1 ? a : a.slice(0, eq);
    const inline = eq === -1 ? undefined : a.slice(eq + 1);
    if (seen.has(name)) return undefined; // yargs makes a repeated option an array
    seen.add(name);
    if ((name === '--json' || name === '--dry-run') && inline === undefined) {
      if (args[i + 1] === 'true' || args[i + 1] === 'false') return undefined; // yargs reads `--json false` as a value
      f[name.slice(2) as 'json' | 'dry-run'] = true;
    }
    else if (name === '--home' || name === '--now' || name === '--since') {
      const v = inline ?? args[++i];
      if (v === undefined || v === '' || v.startsWith('-')) return undefined;
      f[name.slice(2) as 'home' | 'now' | 'since'] = v;
    } else return undefined;
  }
  if (paths.length) f.paths = paths;
  return f;
}

/** True when it ran (successfully or not: process.exitCode says); false to take the full path. */
export async function fastImport(args: readonly string[]): Promise<boolean> {
  const f = parse(args);
  if (f === undefined) return false;
  try {
    await runImport(f);
  } catch (e) {
    reportFailure(e);
  }
  return true;
}
