import type { CommandModule } from 'yargs';
import type { RuleEffect, Side } from '../analyzer/effectiveness.js';
import { measureEffectiveness, type EffectivenessReport } from '../runs/effectiveness-run.js';
import { RulesStateError } from '../runs/consolidate-run.js';
import { CliError } from './errors.js';
import { commonOptions, context, printJson } from './context.js';
import { plural } from '../lib/plural.js';

const pct = (x: number) => `${Math.round(x * 100)}%`;

function sideText(s: Side): string {
  return s.rate === null ? 'no opportunity' : `${pct(s.rate)} of ${s.opportunities}`;
}

function effectLine(e: RuleEffect): string {
  const change = e.change === null ? '' : ` (${e.change >= 0 ? '+' : '-'}${Math.round(Math.abs(e.change) * 100)} points)`;
  const flag = e.withoutEffect ? ': without effect' : '';
  return `- ${e.pattern} (promoted ${e.promoted_at.slice(0, 10)}): ${e.measure} ${sideText(e.before)} before, ${sideText(e.after)} after${change}${flag}.`;
}

export function renderEffectiveness(r: EffectivenessReport): string {
  if (r.rules.length === 0) return 'No promoted rules yet: nothing to measure.';
  const span = r.from === null ? 'no observation files' : `${plural(r.files, 'observation file')} (${r.from} .. ${r.to}), ${plural(r.records, 'tool call')}`;
  return [`Each rule's habit before and after its promotion, over ${span}:`, ...r.rules.map(effectLine)].join('\n');
}

export const effectivenessCommand: CommandModule<object, { home?: string; now?: string; json: boolean }> = {
  command: 'effectiveness',
  describe: "for each promoted rule, how often its habit was followed before and after the promotion",
  builder: (y) => y.options(commonOptions),
  handler: (argv) => {
    const ctx = context(argv);
    let report: EffectivenessReport;
    try {
      report = measureEffectiveness({ home: ctx.home, now: ctx.now, config: ctx.config });
    } catch (e) {
      if (e instanceof RulesStateError) throw new CliError(e.message, 2, { cause: e });
      throw e;
    }
    if (argv.json) printJson(report);
    else process.stdout.write(`${renderEffectiveness(report)}\n`);
  },
};
