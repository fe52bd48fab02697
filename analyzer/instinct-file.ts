import { fnv1a64Hex } from '../lib/fnv.js';
import { cappedId, MAX_ID_LENGTH } from '../lib/short-id.js';
import type { ScoredPattern } from './score.js';

// An instinct file: YAML frontmatter for machines, a short body for humans. Everything in it is
// built from validated tokens (tool names, Bash details) and numbers.

export interface InstinctMeta {
  id: string;
  kind: string;
  pattern: string;
  confidence: number;
  observations: number;
  sessions: number;
  sessions_in_window: number;
  first_seen: string;
  last_seen: string;
  state: string;
  created: string;
  [key: string]: string | number;
}

/** The cap of the first versions: ids up to 109 characters (kept here to resolve them: store/model/keys.ts formerIds). */
const LEGACY_MAX_SLUG = 100;

const SIMPLE_KEY = /^[A-Za-z0-9]+(?:->[A-Za-z0-9]+)*(?: error-retry)?$/;

function slugBase(kind: string, key: string): string {
  // A learner's key is its store key (`fix:...`, `cmd:...`): its prefix names it already.
  const named = kind === 'chain' || kind === 'error-retry' ? `${kind}-${key.replace(/ error-retry$/, '')}` : key;
  return named.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * `chain-bash-read-edit`, `error-retry-bash`: [a-z0-9-] only, at most 60 characters (lib/short-id.ts).
 * A key that lowercasing and dash folding could confuse with another (`mcp__gh__x`,
 * `Bash(npm test)`), or one too long to be read whole, gets a short hash of itself appended, so
 * distinct patterns never share a file.
 */
export function slugFor(kind: string, key: string): string {
  const base = slugBase(kind, key).replace(/^-+|-+$/g, '');
  return SIMPLE_KEY.test(key) && base.length <= MAX_ID_LENGTH ? base : cappedId(base, fnv1a64Hex(`${kind}:${key}`).slice(0, 8));
}

/** The id the first versions gave (up to 109 characters): an instinct made then keeps it, and it still resolves. */
export function legacySlugFor(kind: string, key: string): string {
  const base = slugBase(kind, key).slice(0, LEGACY_MAX_SLUG).replace(/^-+|-+$/g, '');
  return SIMPLE_KEY.test(key) && base.length < LEGACY_MAX_SLUG ? base : `${base}-${fnv1a64Hex(`${kind}:${key}`).slice(0, 8)}`;
}

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const pct = (x: number) => `${Math.round(x * 100)}%`;

function title(kind: string, pattern: string): string {
  return kind === 'chain' ? `${pattern} chain` : pattern;
}

export function metaFor(p: ScoredPattern, previous: InstinctMeta | undefined, nowIso: string): InstinctMeta {
  const first = new Date(p.firstSeen).toISOString();
  return {
    id: slugFor(p.kind, p.key),
    kind: p.kind,
    pattern: p.key,
    confidence: round(p.confidence),
    observations: p.observations,
    sessions: p.sessions,
    sessions_in_window: p.sessionsInWindow,
    first_seen: previous && previous.first_seen < first ? previous.first_seen : first,
    last_seen: new Date(p.lastSeen).toISOString(),
    state: 'active',
    frequency: round(p.frequency),
    consistency: round(p.consistency),
    recency: round(p.recency),
    lift: round(p.lift, 2),
    created: previous?.created ?? nowIso,
  };
}

function yamlValue(v: string | number): string {
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
}

export function renderInstinct(m: InstinctMeta, extraBody: string[] = []): string {
  const front = Object.entries(m).map(([k, v]) => `${k}: ${yamlValue(v)}`);
  return [
    '---',
    ...front,
    '---',
    `# Instinct: ${title(m.kind, m.pattern)}`,
    `- Confidence: ${pct(m.confidence)}`,
    `- Observations: ${m.observations}`,
    `- First seen: ${m.first_seen.slice(0, 10)}`,
    `- Last seen: ${m.last_seen.slice(0, 10)}`,
    `- Sessions: ${m.sessions}/${m.sessions_in_window}`,
    ...extraBody,
    '',
  ].join('\n');
}

/** Reads the frontmatter back. Returns undefined for anything that is not one of our files. */
export function parseInstinct(text: string): InstinctMeta | undefined {
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---\n', 4);
  if (end === -1) return undefined;
  const meta: Record<string, string | number> = {};
  for (const line of text.slice(4, end).split('\n')) {
    const m = /^([a-z_]+): (.*)$/.exec(line);
    if (!m) return undefined;
    try {
      const v: unknown = JSON.parse(m[2]!);
      if (typeof v !== 'string' && typeof v !== 'number') return undefined;
      meta[m[1]!] = v;
    } catch {
      return undefined;
    }
  }
  if (typeof meta['id'] !== 'string' || !SLUG.test(meta['id']) || typeof meta['pattern'] !== 'string') return undefined;
  return meta as InstinctMeta;
}
