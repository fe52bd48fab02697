import { writeFileAtomic } from '../lib/atomic-write.js';
import { layout } from '../lib/data-home.js';
import { RULES_FORMAT, type RulesDoc } from './rule.js';

// The one writer of rules.json: bye's plan, and a person's taught rule the moment it is taught.
// Callers hold the analysis lock (layout.lock), so that two writers never interleave.

export function rulesJsonText(doc: RulesDoc): string {
  return `${JSON.stringify({ version: RULES_FORMAT, rules: doc.rules, ...(doc.taught.length ? { taught: doc.taught } : {}), ...(doc.withdrawn?.length ? { withdrawn: doc.withdrawn } : {}) }, null, 2)}\n`;
}

/** Writes rules.json (atomic, 0600); returns whether its bytes changed. */
export function writeRulesDoc(home: string, doc: RulesDoc): boolean {
  return writeFileAtomic(layout.rulesJson(home), rulesJsonText(doc));
}
