import { readRulesDoc } from '../../rules/read.js';
import { promotedKeysOf } from '../../rules/rule.js';

// What is a rule already, as the store marks its instincts: every rule of rules.json, observed
// (by its store key) and taught, read through the one reader (rules/).

/** Store key -> promoted_at, for every rule rules.json lists. */
export function promotedKeys(home: string): Map<string, string> {
  const doc = readRulesDoc(home);
  return promotedKeysOf([...doc.rules, ...doc.taught]);
}
