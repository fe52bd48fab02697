import { join } from 'node:path';
import { parseInstinct as parseLegacy, renderInstinct as renderLegacy, type InstinctMeta } from '../../analyzer/instinct-file.js';
import { layout } from '../../lib/data-home.js';
import { parseFact, parseInstinct, renderFact, renderInstinct } from '../model/file-format.js';
import { FileProblem } from '../model/frontmatter.js';
import { fileStamp, listDir, readIfFile } from './io.js';
import { storeKey, type AnalyzerKind } from '../model/keys.js';
import { zeroFeedback, type Fact, type Instinct } from '../model/model.js';
import { observedAction, observedDomain, observedExplain, observedTitle, observedTrigger } from '../model/text.js';
import { plural } from '../../lib/plural.js';

// Reading the store's folders: every instinct and fact file, classified. A file of the first
// release (hand-written `key: JSON` frontmatter) is read as the observed instinct it describes.

export interface Entry<T> {
  file: string;
  stamp: string | undefined;
  text: string;
  value?: T;
  /** The file is exactly what the store (or the first release) would write for its value. */
  pristine: boolean;
  /** A first-release file. */
  legacy?: InstinctMeta;
  problem?: string;
}

const LEGACY_KEYS = new Set(['id', 'kind', 'pattern', 'confidence', 'observations', 'sessions', 'first_seen', 'last_seen', 'state', 'created']);

export function observedBody(kind: AnalyzerKind, key: string, x: { confidence: number; observations: number; first_seen: string; last_seen: string; sessions: number }, sessionsInWindow: number): string {
  return [
    `# Instinct: ${observedTitle(kind, key)}`,
    `- Confidence: ${Math.round(x.confidence * 100)}%`,
    `- Observations: ${x.observations}`,
    `- First seen: ${x.first_seen.slice(0, 10)}`,
    `- Last seen: ${x.last_seen.slice(0, 10)}`,
    `- Sessions: ${x.sessions}/${sessionsInWindow}`,
    '',
  ].join('\n');
}

/** The observed instinct a first-release file describes, numbers unchanged. */
export function fromLegacy(meta: InstinctMeta): Instinct | undefined {
  const kind = meta.kind as AnalyzerKind;
  if (kind !== 'chain' && kind !== 'error-retry') return undefined;
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta)) if (!LEGACY_KEYS.has(k)) extra[k] = v;
  const sessionsInWindow = typeof meta.sessions_in_window === 'number' ? meta.sessions_in_window : meta.sessions;
  return {
    id: meta.id,
    pattern: storeKey(kind, meta.pattern),
    category: kind === 'chain' ? 'sequence' : 'error_retry',
    domain: observedDomain(kind, meta.pattern),
    trigger: observedTrigger(kind, meta.pattern),
    action: observedAction(kind, meta.pattern),
    explain: observedExplain(kind, meta.pattern, meta.observations, meta.sessions, sessionsInWindow),
    scope: 'global',
    projects: [],
    source: 'observed',
    confidence: meta.confidence,
    score: meta.confidence,
    observations: meta.observations,
    level: 'seedling',
    state: 'active',
    sessions: meta.sessions,
    session_ids: [],
    first_seen: meta.first_seen,
    last_seen: meta.last_seen,
    created: meta.created,
    ...zeroFeedback(),
    aliases: [],
    extra,
    evidence: [`${meta.created.slice(0, 10)}: ${plural(meta.observations, 'observation')} in ${meta.sessions} of ${plural(sessionsInWindow, 'session')} (from the first release's file)`],
    body: observedBody(kind, meta.pattern, meta, sessionsInWindow),
  };
}

/**
 * `classify: false` skips rendering each file back to tell the store's own bytes from a person's
 * (`pristine` is then false for all): the index needs the values only, and rendering YAML is most
 * of a scan's cost. `reuse`: entries read earlier (by file name), taken as they are when the file
 * still has their stamp (the index after a store change: only the files it wrote are read again).
 */
export function scanInstincts(home: string, opts: { classify?: boolean; reuse?: ReadonlyMap<string, Entry<Instinct>> } = {}): Entry<Instinct>[] {
  const classify = opts.classify ?? true;
  const dir = layout.instincts(home);
  const out: Entry<Instinct>[] = [];
  for (const f of listDir(dir)) {
    if (!f.endsWith('.md')) continue;
    const path = join(dir, f);
    // Stamped before it is read: a file changed meanwhile looks stale, never wrongly fresh.
    const stamp = fileStamp(path);
    const prior = opts.reuse?.get(f);
    if (prior !== undefined && prior.stamp !== undefined && prior.stamp === stamp) {
      out.push(prior);
      continue;
    }
    const bytes = readIfFile(path);
    if (bytes === undefined) continue; // a link (replaced, never followed), a folder, unreadable
    const text = bytes.toString('utf8');
    const e: Entry<Instinct> = { file: f, stamp, text, pristine: false };
    try {
      e.value = parseInstinct(text);
      e.pristine = classify && renderInstinct(e.value) === text;
    } catch (err) {
      const legacy = /\nsource: /.test(text.slice(0, text.indexOf('\n---\n', 3) + 1)) ? undefined : parseLegacy(text);
      const converted = legacy ? fromLegacy(legacy) : undefined;
      if (legacy && converted) {
        e.legacy = legacy;
        e.value = converted;
        e.pristine = classify && renderLegacy(legacy) === text;
      } else {
        e.problem = err instanceof FileProblem ? err.message : String(err);
      }
    }
    if (e.value && `${e.value.id}.md` !== f) {
      e.problem = `its id "${e.value.id}" does not match its file name`;
      delete e.value;
    }
    out.push(e);
  }
  return out;
}

/** What `classify` says of an entry scanned without it: whether the file is the store's own bytes. */
export function classifyEntry(e: Entry<Instinct>): void {
  if (e.value === undefined) return;
  e.pristine = e.legacy ? renderLegacy(e.legacy) === e.text : renderInstinct(e.value) === e.text;
}

/** As scanInstincts, `classify: false` for values only. */
export function scanFacts(home: string, opts: { classify?: boolean; reuse?: ReadonlyMap<string, Entry<Fact>> } = {}): Entry<Fact>[] {
  const classify = opts.classify ?? true;
  const dir = layout.facts(home);
  const out: Entry<Fact>[] = [];
  for (const f of listDir(dir)) {
    if (!f.endsWith('.md')) continue;
    const path = join(dir, f);
    const stamp = fileStamp(path);
    const prior = opts.reuse?.get(f);
    if (prior !== undefined && prior.stamp !== undefined && prior.stamp === stamp) {
      out.push(prior);
      continue;
    }
    const bytes = readIfFile(path);
    if (bytes === undefined) continue;
    const text = bytes.toString('utf8');
    const e: Entry<Fact> = { file: f, stamp, text, pristine: false };
    try {
      e.value = parseFact(text);
      e.pristine = classify && renderFact(e.value) === text;
      if (`${e.value.id}.md` !== f) {
        e.problem = `its id "${e.value.id}" does not match its file name`;
        delete e.value;
      }
    } catch (err) {
      e.problem = err instanceof FileProblem ? err.message : String(err);
    }
    out.push(e);
  }
  return out;
}
