import type { RuleEffect } from '../analyzer/effectiveness.js';
import type { InstinctRow, ReportData, RetryRow } from './model.js';
import { confidenceLine, esc, graph, hbars, vbars, type Series } from './svg.js';

// The report as one HTML string: inline CSS, inline SVG, no script, nothing fetched. Every chart
// has its numbers in a table inside a <details> right under it. Pure: data in, text out.

/** At most this many rows in a bar chart (its table lists them all). */
export const MAX_BARS = 20;
/** At most this many instincts drawn (a store of hundreds of taught ones stays small); the rest in one table. */
export const MAX_DRAWN = 50;

const CALLS: Series = { name: 'calls', cls: 's1' };
const FAILURES: Series = { name: 'failures', cls: 's2' };
const BEFORE: Series = { name: 'before promotion', cls: 's4' };
const AFTER: Series = { name: 'after promotion', cls: 's3' };
const COUNT: Series = { name: 'instincts', cls: 's1' };
const RATE: Series = { name: 'retried at once', cls: 's2' };

const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
const day = (iso: string | null) => (iso === null ? '–' : iso.slice(0, 10));
const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}Z`;

const CSS = `
:root{--bg:#fff;--fg:#1b1b1b;--muted:#5b5b5b;--line:#d0d0d0;--card:#f5f5f5;--s1:#0072B2;--s2:#D55E00;--s3:#009E73;--s4:#E69F00;--edge:#0072B2}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#e8e8e8;--muted:#a8a8a8;--line:#3a3a3a;--card:#1e1e1e;--s1:#56B4E9;--s2:#F0894A;--s3:#2BC69A;--s4:#F0C05A;--edge:#56B4E9}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1000px;padding:16px 20px 48px;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:1.8em;border-bottom:1px solid var(--line);padding-bottom:.2em}h3{margin:1.2em 0 .3em;font-size:1.05em}
.muted,figcaption{color:var(--muted)}a{color:var(--s1)}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
.card{background:var(--card);border-radius:6px;padding:8px 14px;min-width:110px}.card b{display:block;font-size:1.5em}
figure{margin:12px 0}svg{max-width:100%;height:auto;display:block}
svg text{fill:var(--fg);font-size:11px}svg .val{fill:var(--muted)}
.s1{fill:var(--s1)}.s2{fill:var(--s2)}.s3{fill:var(--s3)}.s4{fill:var(--s4)}
.axis{stroke:var(--line)}.line{fill:none;stroke:var(--s1);stroke-width:1.5}
.edge{fill:none;stroke:var(--edge);stroke-opacity:.75}.arrowhead{fill:var(--edge)}
.node circle{fill:var(--card);stroke:var(--fg)}
details{margin:4px 0 10px}summary{cursor:pointer;color:var(--muted)}
table{border-collapse:collapse;margin:6px 0;font-size:.92em}th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.grid{display:flex;flex-wrap:wrap;gap:24px}
article{border-top:1px solid var(--line);padding:6px 0}
.tag{display:inline-block;background:var(--card);border-radius:4px;padding:0 6px;margin-right:4px;font-size:.85em}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.95em;overflow-wrap:anywhere}
`;

type Cell = string | number | { n: number; text?: string };

/** A table; numbers right-aligned and carried in data-value (what the tests read). */
function table(id: string, head: readonly string[], rows: readonly Cell[][]): string {
  const cell = (c: Cell, i: number) => {
    if (typeof c === 'object') return `<td class="n" data-value="${c.n}">${esc(c.text ?? String(c.n))}</td>`;
    if (typeof c === 'number') return `<td class="n" data-value="${c}">${c}</td>`;
    return i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`;
  };
  return `<table data-table="${esc(id)}"><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

function chart(title: string, svg: string, tableHtml: string, note = ''): string {
  return `<figure><figcaption>${esc(title)}${note ? ` <span class="muted">${esc(note)}</span>` : ''}</figcaption>${svg}<details><summary>Table: ${esc(title)}</summary>${tableHtml}</details></figure>`;
}

function counts(id: string, title: string, o: Record<string, number>): string {
  const rows = Object.entries(o);
  return chart(title, hbars(id, title, rows.map(([k, v]) => ({ label: k, values: [v] })), [COUNT]), table(id, ['', 'instincts'], rows.map(([k, v]) => [k, v])));
}

function glance(d: ReportData): string {
  const s = d.stats;
  const card = (label: string, v: number | string) => `<div class="card"><b>${esc(v)}</b>${esc(label)}</div>`;
  const la = d.lastAnalysis;
  return `<section id="glance"><h2>At a glance</h2>
<div class="cards">${card('instincts', s.total)}${card('rules', s.rules)}${card('facts', s.facts)}${card('projects', s.projects)}${card('events', s.events)}${card('tool calls', d.records)}${card('sessions', d.sessions)}</div>
<p>${la ? `Last analysis at ${esc(minute(la.now))} over the window ${esc(minute(la.windowStart))} .. ${esc(minute(la.now))} (${la.recordsInWindow} tool calls).` : 'No analysis has run yet.'}
Tool use below covers ${esc(d.days[0] ?? '')} .. ${esc(d.days.at(-1) ?? '')}.</p>
<details open><summary>Table: totals</summary>${table('totals', ['', 'count'], [['instincts', s.total], ['rules', s.rules], ['facts', s.facts], ['projects', s.projects], ['events', s.events], ['problems', s.problems]])}</details>
<div class="grid"><div>${counts('levels', 'Instincts by level', s.levels)}</div><div>${counts('categories', 'Instincts by category', s.categories)}</div></div>
<div class="grid"><div><h3>By source</h3>${table('sources', ['', 'instincts'], Object.entries(s.sources))}</div><div><h3>By state</h3>${table('states', ['', 'instincts'], Object.entries(s.states))}</div><div><h3>By scope</h3>${table('scopes', ['', 'instincts'], Object.entries(s.scopes))}</div>
<div><h3>Projects</h3>${d.projects.length ? table('projects', ['project', 'name', 'instincts'], d.projects.map((p) => [p.id, p.name ?? '–', p.instincts])) : '<p class="muted">None yet.</p>'}</div></div>
</section>`;
}

function factsSection(d: ReportData): string {
  if (d.facts.length === 0) return '';
  return `<section id="facts"><h2>Facts</h2>${table('facts', ['fact', 'confidence', 'scope', 'id'], d.facts.map((f) => [f.fact, { n: f.confidence, text: pct(f.confidence) }, f.scope, f.id]))}</section>`;
}

function rulesSection(d: ReportData): string {
  if (d.rules.length === 0) return `<section id="rules"><h2>Rules</h2><p class="muted">No promoted rules yet: bye promotes confident, well-evidenced patterns.</p></section>`;
  return `<section id="rules"><h2>Rules</h2><p>Each rule with the day it will be archived if its pattern is not seen again (the first bye from then on archives it).</p>
${table('rules', ['rule', 'promoted', 'confidence now', 'observations', 'sessions', 'last seen', 'archived from', 'why'], d.rules.map((r) => [r.pattern, day(r.promoted_at), { n: r.confidence_now, text: pct(r.confidence_now) }, r.observations, r.sessions, day(r.last_seen), r.forecast.at ? minute(r.forecast.at) : '–', r.forecast.basis]))}</section>`;
}

function instinct(x: InstinctRow, i: number, d: ReportData): string {
  const fromMs = Date.parse(`${d.days[0] ?? d.now.slice(0, 10)}T00:00:00Z`);
  const toMs = Date.parse(d.now);
  const pts = x.history.map((h) => ({ ms: Date.parse(h.ts), value: h.confidence }));
  const firstMs = Math.min(fromMs, ...pts.map((p) => p.ms));
  const conf = chart(
    'Confidence over time',
    confidenceLine(`confidence-${i}`, `confidence of ${x.pattern} over time`, pts, firstMs, toMs),
    table(`confidence-${i}`, ['time', 'confidence'], x.history.map((h) => [minute(h.ts), { n: h.confidence, text: pct(h.confidence) }])),
    x.history.length ? '' : '(no events yet)',
  );
  const perDay = x.perDay.length
    ? chart('Observations per day', vbars(`per-day-${i}`, `observations of ${x.pattern} per day`, d.days, [x.perDay], [CALLS], { width: 240, height: 60, axis: false }), table(`per-day-${i}`, ['day', 'observations'], d.days.map((dd, k) => [dd, x.perDay[k]!])))
    : '';
  const tags = [x.level, x.state, x.category, x.source, x.scope, ...(x.promoted ? ['rule'] : [])].map((t) => `<span class="tag">${esc(t)}</span>`).join('');
  const what = x.trigger || x.action ? `<p>${x.trigger ? `When ${esc(x.trigger)}: ` : ''}${esc(x.action)}</p>` : '';
  return `<article id="instinct-${i}"><h3><code>${esc(x.pattern)}</code> ${esc(pct(x.confidence))}</h3>${what}<p>${tags} ${x.observations} observations in ${x.sessions} sessions, last seen ${esc(minute(x.last_seen))}.
Archived ${x.forecast.at ? `from <b>${esc(day(x.forecast.at))}</b> if not seen again (${esc(x.forecast.basis)})` : `never: ${esc(x.forecast.basis)}`}.</p>
<div class="grid"><div>${conf}</div><div>${perDay}</div></div></article>`;
}

function instinctsSection(d: ReportData): string {
  if (d.instincts.length === 0) return `<section id="instincts"><h2>Instincts</h2><p class="muted">No instincts yet.</p></section>`;
  return `<section id="instincts"><h2>Instincts</h2><p>Most confident first. Confidence over time is the store's event log (each change); observations per day are counted from the records.</p>
${d.instincts.slice(0, MAX_DRAWN).map((x, i) => instinct(x, i, d)).join('\n')}
${d.instincts.length > MAX_DRAWN ? `<h3>The other ${d.instincts.length - MAX_DRAWN}</h3>${table('other-instincts', ['pattern', 'confidence', 'level', 'source', 'observations', 'sessions', 'last seen', 'archived from'], d.instincts.slice(MAX_DRAWN).map((x) => [x.pattern, { n: x.confidence, text: pct(x.confidence) }, x.level, x.source, x.observations, x.sessions, day(x.last_seen), x.forecast.at ? day(x.forecast.at) : 'never']))}` : ''}</section>`;
}

function retry(id: string, title: string, rows: readonly RetryRow[], what: string): string {
  if (rows.length === 0) return `<h3>${esc(title)}</h3><p class="muted">No failure followed by another call.</p>`;
  return chart(
    title,
    hbars(id, title, rows.slice(0, MAX_BARS).map((r) => ({ label: r.name, values: [r.rate] })), [RATE], { max: 1, format: (v) => pct(v) }),
    table(id, [what, 'failures', 'retried at once', 'rate'], rows.map((r) => [r.name, r.failures, r.retried, { n: r.rate, text: pct(r.rate) }])),
    rows.length > MAX_BARS ? `(the ${MAX_BARS} with most failures; the table has all ${rows.length})` : '',
  );
}

function toolsSection(d: ReportData): string {
  const tools = d.perTool.slice(0, MAX_BARS);
  return `<section id="tools"><h2>Tool use</h2>
${chart('Calls and failures per day', vbars('calls-per-day', 'calls and failures per day', d.days, [d.perDay.map((r) => r.calls), d.perDay.map((r) => r.failures)], [CALLS, FAILURES]), table('calls-per-day', ['day', 'calls', 'failures'], d.perDay.map((r) => [r.day, r.calls, r.failures])))}
${chart('Calls and failures per tool', hbars('tools', 'calls and failures per tool', tools.map((r) => ({ label: r.tool, values: [r.calls, r.failures] })), [CALLS, FAILURES]), table('tools', ['tool', 'calls', 'failures'], d.perTool.map((r) => [r.tool, r.calls, r.failures])), d.perTool.length > MAX_BARS ? `(the ${MAX_BARS} most used; the table has all ${d.perTool.length})` : '')}
${d.edges.length ? chart('Strongest transitions: tool → next tool in the same session', graph('chains', 'strongest tool-to-tool transitions', d.edges), table('chains', ['from', 'to', 'count'], d.edges.map((e) => [e.from, e.to, e.count])), `(the ${d.edges.length} most frequent; arrow width by count)`) : '<h3>Strongest transitions</h3><p class="muted">No two calls in a row yet.</p>'}
${retry('retry-tools', 'Error-retry rate per tool', d.retryByTool, 'tool')}
${retry('retry-commands', 'Error-retry rate per Bash command', d.retryByCommand, 'command')}
</section>`;
}

function effectsSection(effects: RuleEffect[] | null): string {
  const intro = '<p>For each promoted rule, how often its habit was followed before and after the promotion: for a chain A→B→C, of the times A→B was followed by a call, how often that call was C; for an error-retry, of the failures, how often the same call came again at once.</p>';
  if (effects === null || effects.length === 0) return `<section id="effects"><h2>Effect of rules</h2>${intro}<p class="muted">No promoted rules yet: nothing to compare.</p></section>`;
  const rows = effects.map((e) => ({ label: e.pattern, values: [e.before.rate, e.after.rate] }));
  return `<section id="effects"><h2>Effect of rules</h2>${intro}
${chart('Habit followed, before and after promotion', hbars('effects', 'rate before and after promotion per rule', rows, [BEFORE, AFTER], { max: 1, format: (v) => pct(v) }), table('effects', ['rule', 'measure', 'promoted', 'before', 'of', 'after', 'of', 'change'], effects.map((e) => [e.pattern, e.measure, day(e.promoted_at), { n: e.before.rate ?? -1, text: pct(e.before.rate) }, e.before.opportunities, { n: e.after.rate ?? -1, text: pct(e.after.rate) }, e.after.opportunities, e.change === null ? '–' : `${e.change >= 0 ? '+' : '−'}${Math.round(Math.abs(e.change) * 100)} points${e.withoutEffect ? ' (without effect)' : ''}`])))}</section>`;
}

export function renderReport(d: ReportData): string {
  const scope = d.project === null ? 'all projects' : `project ${d.project}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>homunculus report ${esc(d.now.slice(0, 10))}</title><style>${CSS}</style></head>
<body><header><h1>What homunculus has learned</h1><p class="muted">Generated for ${esc(minute(d.now))}, ${esc(scope)}. One file: no script, nothing fetched.</p>
<nav><a href="#glance">At a glance</a> · <a href="#rules">Rules</a> · <a href="#instincts">Instincts</a> · <a href="#tools">Tool use</a> · <a href="#effects">Effect of rules</a></nav></header>
<main>${glance(d)}
${rulesSection(d)}
${instinctsSection(d)}
${factsSection(d)}
${toolsSection(d)}
${effectsSection(d.effects)}</main></body></html>
`;
}
