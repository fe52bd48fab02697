import { readDataFile } from '../lib/data-files.js';
import { layout } from '../lib/data-home.js';
import type { Rule } from './promotion.js';

/**
 * The promoted rules for the hooks that show them (session start, prompt router): whatever entries
 * of rules.json can be shown, most confident first; nothing when there is no usable rules.json.
 * Lenient on purpose: a hook must never fail Claude over a damaged file (bye reports it).
 */
export function readRulesForDelivery(home: string): Rule[] {
  let listed: unknown;
  try {
    listed = (JSON.parse(readDataFile(layout.rulesJson(home)).toString('utf8')) as { rules?: unknown } | null)?.rules;
  } catch {
    return []; // no rules yet
  }
  if (!Array.isArray(listed)) return [];
  // Entries that cannot be shown (null, no pattern, NaN) are skipped again by ruleLine.
  return listed
    .filter((r): r is Rule => typeof r === 'object' && r !== null && typeof (r as Rule).confidence_now === 'number' && Number.isFinite((r as Rule).confidence_now))
    .sort((a, b) => b.confidence_now - a.confidence_now);
}
