import { readRulesForDelivery } from '../exports/delivery.js';
import { storeKey } from './keys.js';

// What is a rule already: rules.json's observed rules (by their analyzer key) and taught ones.

/** Store key -> promoted_at, for every rule rules.json lists. */
export function promotedKeys(home: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of readRulesForDelivery(home)) {
    if (r.kind === 'taught') out.set(r.pattern, r.promoted_at);
    else if ((r.kind === 'chain' || r.kind === 'error-retry') && typeof r.pattern === 'string') out.set(storeKey(r.kind, r.pattern), r.promoted_at);
  }
  return out;
}
