import { readdirSync } from 'node:fs';
import { readRegularText } from '../../lib/regular-file.js';
import { join } from 'node:path';
import type { Config } from '../../lib/config.js';
import { DAY_MS } from '../../lib/clock.js';
import { decayed, pruneCategory, type LifecycleConfig } from '../model/lifecycle.js';
import type { Instinct } from '../model/model.js';
import { conflictPairs, conflicts, mergeLoses, mergePairs, mergeSimilarity, textSimilarity } from '../views/similarity.js';
import { plural } from '../../lib/plural.js';
import { observedSource } from '../model/model.js';

// `homunculus dream`: one deterministic pass over the whole store, planned here (pure over the
// instincts, the texts that may shadow them, the configuration and `now`) and carried out by
// store/verbs/dream-apply.ts under the store's lock. Only the user's instincts (taught and imported) are merged,
// removed or promoted: observed ones belong to the analyzer, which would write them again.
// Planning on the result of each step makes a second run find nothing to do.

export type DreamConfig = LifecycleConfig & Pick<Config, 'mergeThreshold' | 'duplicateThreshold' | 'dreamStaleInactive' | 'promoteGlobalConfidence' | 'promoteGlobalConfirmations'>;

/** A line of CLAUDE.md, AGENTS.md or a skill's description that may already say an instinct. */
export interface ShadowText {
  /** Where it was found: `CLAUDE.md:12`, `skill deploy`. */
  where: string;
  text: string;
}

export interface DreamPlan {
  removed: { id: string; pattern: string; reason: string }[];
  merged: { from: string; into: string; similarity: number }[];
  contradictions: { weaker: string; stronger: string }[];
  promoted: { id: string; pattern: string; from_project: string }[];
}

export const emptyPlan = (): DreamPlan => ({ removed: [], merged: [], contradictions: [], promoted: [] });

export function planIsEmpty(p: DreamPlan): boolean {
  return p.removed.length + p.merged.length + p.contradictions.length + p.promoted.length === 0;
}

const user = (x: Instinct) => !observedSource(x);
const sameScope = (a: Instinct, b: Instinct) => a.scope === b.scope && a.project === b.project;
const lower = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The text an instinct says, as CLAUDE.md would say it. */
function said(x: Instinct): string {
  return `${x.trigger} ${x.action}`.trim();
}

/** Whether `s` already says `x`: its action or its whole sentence verbatim, or a near-duplicate. */
export function shadows(s: ShadowText, x: Instinct, threshold: number): boolean {
  const t = lower(s.text);
  if (t === '') return false;
  const action = lower(x.action);
  if (action.length >= 12 && t.includes(action)) return true;
  return textSimilarity(t, lower(said(x))) >= threshold || (action.length > 0 && textSimilarity(t, action) >= threshold);
}

/**
 * The plan, in order: remove (below pruneRemoveBelow or unseen pruneRemoveUnseenDays, stale: no
 * confirmation and dreamStaleInactive turns where it did not apply, shadowed by CLAUDE.md, AGENTS.md
 * or a skill); merge near-duplicates (key similarity at mergeThreshold, or trigger and action text
 * at duplicateThreshold, same scope) into the more confident; flag and down-weight the weaker of
 * each contradiction not flagged before; promote project instincts at promoteGlobalConfidence with
 * promoteGlobalConfirmations confirmations to global.
 */
export function planDream(all: readonly Instinct[], shadowTexts: readonly ShadowText[], nowMs: number, c: DreamConfig): DreamPlan {
  const plan = emptyPlan();
  const gone = new Set<string>();
  const conf = new Map<string, number>();
  const eff = (x: Instinct) => conf.get(x.id) ?? decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
  const xs = all.filter(user).sort((a, b) => (a.id < b.id ? -1 : 1));

  for (const x of xs) {
    const p = pruneCategory(eff(x), Date.parse(x.last_seen), nowMs, c);
    let reason: string | undefined;
    // A flagged contradiction stays (down-weighted, never deleted): that is what was reported.
    if (p.category === 'remove' && !(x.contradicts?.length && !p.reason?.startsWith('unseen'))) reason = p.reason;
    else if (x.confirmed === 0 && x.inactive >= c.dreamStaleInactive) reason = `stale: injected ${plural(x.inactive, 'time')} where it did not apply, never confirmed`;
    else {
      const s = shadowTexts.find((t) => shadows(t, x, c.duplicateThreshold));
      if (s) reason = `already said by ${s.where}`;
    }
    if (reason) {
      plan.removed.push({ id: x.id, pattern: x.pattern, reason });
      gone.add(x.id);
    }
  }

  // Merges, the most alike pair first (the first in id order among equals), again until none is
  // left. Nothing a merge changes (who is left, a confidence) changes how alike two others are, so
  // the pairs are found and scored once: only those that share a rare word (store/views/candidates.ts).
  {
    const pairs: { i: number; j: number; sim: number }[] = [];
    const scopes = xs.map((x) => `${x.scope}\u0000${x.project ?? ''}`);
    for (const [i, j] of mergePairs(xs, c, scopes)) {
      const a = xs[i]!;
      const b = xs[j]!;
      if (gone.has(a.id) || gone.has(b.id) || !sameScope(a, b)) continue;
      const sim = mergeSimilarity(a, b, c);
      // Different values (port 3000, port 8080; node 18, node 22) and a word swapped (tabs,
      // spaces; pnpm, yarn) are different instincts.
      if (sim === 0 || mergeLoses(a, b) || conflicts(a, b, c.mergeThreshold)) continue;
      pairs.push({ i, j, sim });
    }
    pairs.sort((p, q) => q.sim - p.sim || p.i - q.i || p.j - q.j);
    for (const p of pairs) {
      const a = xs[p.i]!;
      const b = xs[p.j]!;
      if (gone.has(a.id) || gone.has(b.id)) continue;
      const [from, into] = eff(a) > eff(b) || (eff(a) === eff(b) && a.observations >= b.observations) ? [b, a] : [a, b];
      plan.merged.push({ from: from.id, into: into.id, similarity: p.sim });
      gone.add(from.id);
      conf.set(into.id, Math.max(eff(into), eff(from)));
    }
  }

  const flagged = new Set<string>();
  const live = xs.filter((x) => !gone.has(x.id));
  for (const [i, j] of conflictPairs(live, c.mergeThreshold, true)) {
    const a = live[i]!;
    const b = live[j]!;
    if (!(a.scope === 'global' || b.scope === 'global' || a.project === b.project)) continue;
    if (a.contradicts?.includes(b.id) || b.contradicts?.includes(a.id)) continue;
    if (!conflicts(a, b, c.mergeThreshold)) continue;
    const weaker = eff(a) < eff(b) || (eff(a) === eff(b) && a.last_seen <= b.last_seen) ? a : b;
    const stronger = weaker === a ? b : a;
    plan.contradictions.push({ weaker: weaker.id, stronger: stronger.id });
    flagged.add(weaker.id);
  }

  for (const x of live) {
    if (x.scope !== 'project' || x.project === undefined || flagged.has(x.id) || x.contradicts?.length) continue;
    if (eff(x) >= c.promoteGlobalConfidence && x.confirmed >= c.promoteGlobalConfirmations) plan.promoted.push({ id: x.id, pattern: x.pattern, from_project: x.project });
  }
  return plan;
}

// ---- the texts that may shadow an instinct (edges)

const START = '<!-- homunculus:start -->';
const END = '<!-- homunculus:end -->';

/** Lines of a Markdown file worth comparing: no headings, bullets unwrapped, homunculus's own block left out. */
export function shadowLines(text: string, where: string): ShadowText[] {
  const a = text.indexOf(START);
  const b = a === -1 ? -1 : text.indexOf(END, a);
  const own = a !== -1 && b !== -1 ? [a, b + END.length] : undefined;
  const out: ShadowText[] = [];
  let at = 0;
  text.split('\n').forEach((line, i) => {
    const from = at;
    at += line.length + 1;
    if (own && from >= own[0]! && from <= own[1]!) return;
    const t = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/[*_`]/g, '').trim();
    if (t.length < 8 || t.startsWith('#') || t.startsWith('<!--')) return;
    out.push({ where: `${where}:${i + 1}`, text: t });
  });
  return out;
}

/** A memory or skill file's text; undefined when absent or not a regular file (a FIFO is never waited on). */
function readText(path: string): string | undefined {
  try {
    return readRegularText(path);
  } catch {
    return undefined;
  }
}

/** A SKILL.md's `description:` (one line of frontmatter). */
export function skillDescription(text: string): string | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const d = m ? /^description:\s*(.+)$/m.exec(m[1]!) : null;
  return d ? d[1]!.replace(/^["']|["']$/g, '').trim() : undefined;
}

/**
 * The user's CLAUDE.md (in the Claude config folder), the project's CLAUDE.md, .claude/CLAUDE.md
 * and AGENTS.md, and the description of every skill in the user's and the project's skills
 * folders (except homunculus's own).
 */
export function readShadowTexts(claudeDir: string, projectRoot: string | undefined): ShadowText[] {
  const out: ShadowText[] = [];
  const files: [string, string][] = [[join(claudeDir, 'CLAUDE.md'), '~/.claude/CLAUDE.md']];
  if (projectRoot) for (const f of ['CLAUDE.md', join('.claude', 'CLAUDE.md'), 'AGENTS.md']) files.push([join(projectRoot, f), f]);
  for (const [path, where] of files) {
    const t = readText(path);
    if (t !== undefined) out.push(...shadowLines(t, where));
  }
  const skillDirs = [join(claudeDir, 'skills'), ...(projectRoot ? [join(projectRoot, '.claude', 'skills')] : [])];
  for (const dir of skillDirs) {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith('homunculus')) continue;
      const t = readText(join(dir, name, 'SKILL.md'));
      const d = t === undefined ? undefined : skillDescription(t);
      if (d) out.push({ where: `skill ${name}`, text: d });
    }
  }
  return out;
}

/** Whether the analyzer should dream now: dreamEveryDays since the last one and dreamMinSessions new sessions. */
export function dreamDue(last: { ts: string } | undefined, newSessions: number, nowMs: number, c: Pick<Config, 'dreamEveryDays' | 'dreamMinSessions'>): boolean {
  if (last === undefined) return false;
  return nowMs - Date.parse(last.ts) >= c.dreamEveryDays * DAY_MS && newSessions >= c.dreamMinSessions;
}
