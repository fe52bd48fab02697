import { cli } from '../../lib/invocation.js';
import { event } from '../files/events.js';
import { withEvidence } from '../model/frontmatter.js';
import { idFor, validId } from '../model/keys.js';
import { reinforced } from '../model/lifecycle.js';
import { MAX_TEXT, zeroFeedback, type Fact, type Scope } from '../model/model.js';
import { addProject, addSession, archiveFact, capFor, domainOf, factRef, latest, mutate, saveFact, settleDecay, StoreError, text, type Mut } from './mutate.js';
import { textSimilarity, valuesDiffer } from '../views/similarity.js';
import type { StoreCtx } from '../views/snapshot.js';

// Facts: a statement about the project or the user (`writeFact`), reinforced when stated again
// (the same id, or a text close enough), capped per scope; `deleteFact` archives one.

export interface FactInput {
  fact: string;
  domain?: string;
  scope?: Scope;
  id?: string;
}

export function writeFact(ctx: StoreCtx, input: FactInput): { id: string; fact: string; confidence: number; created: boolean; evicted: string[] } {
  return mutate(ctx, (m) => writeFactIn(m, input, 'taught'));
}

export function writeFactIn(m: Mut, input: FactInput, source: 'taught' | 'imported'): { id: string; fact: string; confidence: number; created: boolean; evicted: string[] } {
  const c = m.ctx.config;
  const statement = text(input.fact, 'fact', MAX_TEXT, true);
  let entry = input.id !== undefined ? m.facts.find((e) => e.value?.id === input.id) : undefined;
  if (input.id !== undefined && entry === undefined && !validId(input.id)) throw new StoreError(`an id is a slug of [a-z0-9-], found ${JSON.stringify(input.id).slice(0, 60)}`);
  entry ??= m.facts.find((e) => e.value && textSimilarity(e.value.text, statement) >= c.duplicateThreshold && !valuesDiffer(e.value.text, statement) && (e.value.scope === 'global' || e.value.project === m.ctx.project));
  if (entry?.value) {
    const x: Fact = { ...entry.value };
    const ref = factRef(x);
    settleDecay(m, x, ref);
    const before = x.confidence;
    x.confidence = reinforced(x.confidence, c);
    m.events.push(event(m.nowIso, ref, x.confidence - before, 'reinforce: fact stated again'));
    if (input.id !== undefined && statement !== x.text) x.text = statement;
    x.observations++;
    x.last_seen = latest(x.last_seen, m.nowIso);
    addSession(x, m.ctx.session);
    addProject(x, m.ctx.project, c.universalProjects);
    x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: stated again${m.ctx.session ? ` in session ${m.ctx.session}` : ''}`);
    saveFact(m, entry, x);
    return { id: x.id, fact: x.text, confidence: x.confidence, created: false, evicted: [] };
  }
  const global = input.scope === 'global' || m.ctx.project === null;
  let id = input.id ?? idFor('fact', statement);
  for (let n = 2; m.facts.some((e) => e.file === `${id}.md`); n++) id = `${input.id ?? idFor('fact', statement)}-${n}`;
  const x: Fact = {
    id,
    text: statement,
    domain: domainOf(input.domain, 'architecture'),
    scope: global ? 'global' : 'project',
    ...(global ? {} : { project: m.ctx.project! }),
    projects: m.ctx.project ? [m.ctx.project] : [],
    source,
    confidence: c.taughtStart,
    observations: 1,
    state: 'active',
    sessions: 0,
    session_ids: [],
    first_seen: m.nowIso,
    last_seen: m.nowIso,
    created: m.nowIso,
    ...zeroFeedback(),
    extra: {},
    evidence: [`${m.nowIso.slice(0, 16)}Z: ${source}${m.ctx.session ? ` in session ${m.ctx.session}` : ''}`],
    body: `# Fact\n\n${statement}\n`,
  };
  addSession(x, m.ctx.session);
  m.events.push(event(m.nowIso, factRef(x), x.confidence, `observe: new ${source} fact`));
  saveFact(m, undefined, x);
  // Caps: the least confident facts of the same scope go first.
  const same = m.facts.filter((e) => e.value && e.value.scope === x.scope && (x.scope === 'global' || e.value.project === x.project) && e.value.id !== x.id);
  const cap = capFor(x.scope, c, true);
  const evicted: string[] = [];
  same.sort((a, b) => a.value!.confidence - b.value!.confidence || (a.value!.last_seen < b.value!.last_seen ? -1 : 1));
  while (same.length + 1 > cap && same.length) {
    const e = same.shift()!;
    evicted.push(e.value!.id);
    archiveFact(m, e, `evicted: over the cap of ${cap} facts, least confident`);
  }
  return { id, fact: statement, confidence: x.confidence, created: true, evicted };
}

export function deleteFact(ctx: StoreCtx, id: string): { id: string; archived: true } {
  return mutate(ctx, (m) => {
    const e = m.facts.find((f) => f.value?.id === id);
    if (!e) throw new StoreError(`no fact ${JSON.stringify(id)}: list the facts for its id (${cli('facts list')}; over MCP fact_list)`);
    archiveFact(m, e, 'deleted');
    return { id, archived: true as const };
  });
}
