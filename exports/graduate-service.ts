import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { filterViews } from '../store/views/query.js';
import { scanInstincts } from '../store/files/scan.js';
import { graduateStore, ttlVerdict, type TtlRow } from '../store/verbs/graduate-ops.js';
import { refuseUnsafeClock } from '../store/verbs/mutate.js';
import { snapshot, type StoreCtx } from '../store/views/snapshot.js';
import { evolveClusters, guidelinesBlock, planGraduation, renderCommand, toExportRule } from './graduate.js';
import { recordInjection } from './injected.js';
import { GUIDELINES } from './marker-block.js';
import { injectFile, writeWhole, ExportError } from './service.js';
import { renderSkill } from './skill.js';

// `homunculus graduate` and `homunculus evolve`: the plan (exports/graduate.ts) made into files
// in the project folder, then the store told (evolved_to, the TTL rule). --dry-run / no --write:
// the same answer, nothing written.

export interface Placed {
  name?: string;
  file: string;
  keys: string[];
  changed: boolean;
}

export interface GraduateResult {
  dry_run: boolean;
  guidelines: Placed | null;
  skills: Placed[];
  commands: Placed[];
  ttl: { removed: TtlRow[]; halved: TtlRow[] };
}

export function skillPath(dir: string, name: string): string {
  return join(resolve(dir), '.claude', 'skills', name, 'SKILL.md');
}

export function commandPath(dir: string, name: string): string {
  return join(resolve(dir), '.claude', 'commands', `${name}.md`);
}

export function graduate(ctx: StoreCtx, opts: { dir: string; file?: string; dryRun: boolean }): GraduateResult {
  if (!opts.dryRun) refuseUnsafeClock(ctx, 'graduate');
  const s = snapshot(ctx);
  const views = filterViews(s.instincts, { scope: 'current' }, ctx.project);
  const plan = planGraduation(views, ctx.now.getTime(), ctx.config);
  const evolved = new Map<string, string>();
  const out: GraduateResult = { dry_run: opts.dryRun, guidelines: null, skills: [], commands: [], ttl: { removed: [], halved: [] } };
  const write = (f: () => { changed: boolean }) => (opts.dryRun ? false : f().changed);

  if (plan.guidelines.length > 0) {
    const file = resolve(opts.file ?? join(opts.dir, 'CLAUDE.md'));
    const to = `guideline:${file}`;
    const all = [...views.filter((v) => v.evolved_to === to), ...plan.guidelines];
    const changed = write(() => injectFile(file, guidelinesBlock(all.map(toExportRule)), GUIDELINES));
    if (!opts.dryRun) recordInjection(ctx.home, `${file}#guidelines`, all.map((v) => v.pattern), ctx.now.toISOString());
    for (const v of plan.guidelines) evolved.set(v.id, to);
    out.guidelines = { file, keys: plan.guidelines.map((v) => v.pattern), changed };
  }
  for (const k of plan.skills) {
    const file = skillPath(opts.dir, k.name);
    const to = `skill:${file}`;
    const all = [...views.filter((v) => v.evolved_to === to), ...k.members];
    let text: string | undefined;
    try {
      text = renderSkill(all.map(toExportRule), { name: k.name, description: `Habits of the ${k.domain} domain homunculus learned from how this user works: apply them when planning or reviewing ${k.domain} work.` });
    } catch (e) {
      throw new ExportError((e as Error).message, { cause: e });
    }
    const changed = write(() => writeWhole(file, text!));
    for (const v of k.members) evolved.set(v.id, to);
    out.skills.push({ name: k.name, file, keys: k.members.map((v) => v.pattern), changed });
  }
  for (const k of plan.commands) {
    const file = commandPath(opts.dir, k.name);
    const to = `command:${file}`;
    const all = [...views.filter((v) => v.evolved_to === to), ...k.members];
    const changed = write(() => writeWhole(file, renderCommand(all.map(toExportRule), 'workflow')));
    for (const v of k.members) evolved.set(v.id, to);
    out.commands.push({ name: k.name, file, keys: k.members.map((v) => v.pattern), changed });
  }
  if (opts.dryRun) {
    for (const e of scanInstincts(ctx.home)) {
      const x = e.value;
      if (!x || evolved.has(x.id) || (x.scope === 'project' && x.project !== ctx.project)) continue;
      const v = ttlVerdict(x, ctx.now.getTime(), ctx.config);
      if (v) (v.remove ? out.ttl.removed : out.ttl.halved).push({ id: x.id, pattern: x.pattern, from: v.from, to: v.to });
    }
    return out;
  }
  const r = graduateStore(ctx, evolved, { ttl: true });
  out.ttl = { removed: r.removed, halved: r.halved };
  return out;
}

export interface EvolveResult {
  written: boolean;
  clusters: { domain: string; name: string; file: string; keys: string[]; mean_confidence: number; changed: boolean }[];
}

export function evolve(ctx: StoreCtx, opts: { dir: string; write: boolean }): EvolveResult {
  const s = snapshot(ctx);
  const views = filterViews(s.instincts, { scope: 'current' }, ctx.project);
  const clusters = evolveClusters(views, ctx.config, (name) => existsSync(skillPath(opts.dir, name)));
  return {
    written: opts.write,
    clusters: clusters.map((c) => {
      const file = skillPath(opts.dir, c.name);
      let changed = false;
      if (opts.write) {
        const text = renderSkill(c.members.map(toExportRule), { name: c.name, description: `Habits of the ${c.domain} domain homunculus learned from how this user works: apply them when planning or reviewing ${c.domain} work.` });
        if (text !== undefined) changed = writeWhole(file, text).changed;
      }
      return { domain: c.domain, name: c.name, file, keys: c.members.map((v) => v.pattern), mean_confidence: c.mean_confidence, changed };
    }),
  };
}
