import type { FactView, InstinctView } from '../store/views/query.js';

// The sharing format (`homunculus export json` / `import json`): instincts and facts, for a team or
// another machine. Versioned ("1.0": a reader takes any 1.x and refuses another major version) and
// described by schemas/export-v1.schema.json. It holds what a rule means and how sure it is, never
// observation records, session ids or, unless asked, where a project lives on this machine.

export const SHARE_FORMAT = 'homunculus-export';
// 1.1: an instinct's source may be user_correction (the calls the user stopped).
export const SHARE_VERSION = '1.1';

export interface SharedInstinct {
  key: string;
  category: string;
  domain: string;
  scope: 'global' | 'project';
  project?: string;
  trigger: string;
  action: string;
  explain: string;
  confidence: number;
  observations: number;
  level: string;
  source: string;
  first_seen: string;
  last_seen: string;
}

export interface SharedFact {
  text: string;
  domain: string;
  scope: 'global' | 'project';
  project?: string;
  confidence: number;
  observations: number;
}

export interface SharedProject {
  id: string;
  name: string;
  path?: string;
}

export interface ShareDoc {
  format: typeof SHARE_FORMAT;
  version: string;
  exported_at: string;
  instincts: SharedInstinct[];
  facts: SharedFact[];
  projects?: SharedProject[];
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function sharedInstinct(v: InstinctView): SharedInstinct {
  return {
    key: v.pattern,
    category: v.category,
    domain: v.domain,
    scope: v.scope,
    ...(v.scope === 'project' && v.project ? { project: v.project } : {}),
    trigger: v.trigger,
    action: v.action,
    explain: v.explain,
    confidence: r4(v.confidence),
    observations: v.observations,
    level: v.level,
    source: v.source,
    first_seen: v.first_seen,
    last_seen: v.last_seen,
  };
}

export function sharedFact(f: FactView): SharedFact {
  return { text: f.fact, domain: f.domain, scope: f.scope, ...(f.scope === 'project' && f.project ? { project: f.project } : {}), confidence: r4(f.confidence), observations: f.observations };
}

export function shareDoc(instincts: readonly InstinctView[], facts: readonly FactView[], exportedAt: string, projects?: readonly SharedProject[]): ShareDoc {
  return {
    format: SHARE_FORMAT,
    version: SHARE_VERSION,
    exported_at: exportedAt,
    instincts: instincts.map(sharedInstinct),
    facts: facts.map(sharedFact),
    ...(projects ? { projects: [...projects] } : {}),
  };
}

export class ShareFormatError extends Error {}

/** Checks the envelope (format, major version); rows are checked one by one at import, each skipped with why. */
export function readShareDoc(text: string): { version: string; instincts: unknown[]; facts: unknown[] } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new ShareFormatError(`not JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  const o = v as Partial<ShareDoc> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new ShareFormatError(`expected a JSON object written by \`homunculus export json\`, found ${Array.isArray(o) ? 'an array' : JSON.stringify(o)}`);
  if (o.format !== SHARE_FORMAT) throw new ShareFormatError(`expected "format": "${SHARE_FORMAT}", found ${JSON.stringify(o.format)?.slice(0, 60)}`);
  const version = typeof o.version === 'string' ? o.version : '';
  const major = /^(\d+)\.\d+$/.exec(version)?.[1];
  if (major !== SHARE_VERSION.split('.')[0]) throw new ShareFormatError(`unsupported version ${JSON.stringify(o.version)}: this homunculus reads version 1.x (a newer homunculus wrote it? upgrade to import it)`);
  if (!Array.isArray(o.instincts ?? []) || !Array.isArray(o.facts ?? [])) throw new ShareFormatError('expected "instincts" and "facts" to be arrays');
  return { version, instincts: (o.instincts ?? []) as unknown[], facts: (o.facts ?? []) as unknown[] };
}
