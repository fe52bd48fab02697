import type { Arguments } from 'yargs';
import { CliError } from './errors.js';

// What yargs lets through: an option that takes a value given without one (`install --scope`
// parsed as if no --scope had been given, and so acted on the default scope), and a number option
// given words (`list --limit abc` read as NaN). Checked before any command runs.

export interface DeclaredOptions {
  string: string[];
  number: string[];
  alias: Record<string, string[]>;
}

/** Number options that count whole things (instincts, days). */
const WHOLE = new Set(['limit', 'days']);
/** Number options a command checks itself, with its own bounds and unit. */
const OWN_CHECK = new Set(['max-line-mib']);

export function checkOptionValues(rawArgs: readonly string[], argv: Arguments, opts: DeclaredOptions): void {
  const numbers = new Set(opts.number);
  const valued = new Set([...opts.string, ...opts.number]);
  const canonical = new Map<string, string>();
  for (const k of valued) {
    canonical.set(k, k);
    for (const a of opts.alias[k] ?? []) canonical.set(a, k);
  }
  const end = rawArgs.indexOf('--');
  const args = end === -1 ? rawArgs : rawArgs.slice(0, end);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--') || a.includes('=')) continue;
    const key = canonical.get(a.slice(2));
    if (key === undefined) continue;
    const next = args[i + 1];
    if (next === undefined || (next.startsWith('-') && !(numbers.has(key) && /^-\d/.test(next)))) {
      throw new CliError(`${a}: expected a value, found ${next === undefined ? 'none' : `the option ${next}`}`);
    }
  }
  for (const key of numbers) {
    if (OWN_CHECK.has(key)) continue;
    const v = argv[key];
    if (v === undefined) continue;
    const given = rawArgs.find((x) => x === `--${key}` || x.startsWith(`--${key}=`));
    if (given === undefined) continue; // a default
    const raw = given.includes('=') ? given.slice(given.indexOf('=') + 1) : rawArgs[rawArgs.indexOf(given) + 1];
    const ok = typeof v === 'number' && Number.isFinite(v) && v > 0 && (!WHOLE.has(key) || Number.isInteger(v));
    if (!ok) throw new CliError(`--${key}: expected a ${WHOLE.has(key) ? 'whole number' : 'number'} above 0, found ${JSON.stringify(raw ?? String(v))}`);
  }
}
