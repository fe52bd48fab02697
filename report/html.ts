import type { RuleEffect } from '../analyzer/effectiveness.js';
import type { DayRow, ReportData, RetryRow } from './model.js';
import { esc, hbars, vbars, type Series } from './svg.js';
import { figuresSentence } from '../analyzer/window-figures.js';
import { plural } from '../lib/plural.js';

// The report as one HTML string: inline CSS, inline SVG, no script, nothing fetched. What reaches
// Claude and what was learned come first; then the projects and the tool use behind them. Every
// chart has its numbers in a table inside a <details> right under it; a chart draws the top rows
// only and a table lists at most MAX_ROWS, so the page stays small and short on a year of
// history as on a week. Pure: data in, text out.

/** At most this many rows in a bar chart (its table lists more). */
export const MAX_BARS = 12;
/** At most this many rows in a table; the rest are counted under it. */
export const MAX_ROWS = 100;
/** Rows of a long table shown before its summary opens the rest. */
export const SHOWN_ROWS = 10;
/** A time chart has at most about this many bars: days are grouped into weeks or months beyond. */
export const MAX_BUCKETS = 62;

const CALLS: Series = { name: 'calls', cls: 's1' };
const FAILURES: Series = { name: 'failures', cls: 's2' };
const BEFORE: Series = { name: 'before promotion', cls: 's4' };
const AFTER: Series = { name: 'after promotion', cls: 's3' };
const COUNT: Series = { name: 'instincts', cls: 's1' };
const RATE: Series = { name: 'retried at once', cls: 's2' };
const HELD: Series = { name: 'rate (the share of times it held)', cls: 's3' };
const TRANSITIONS: Series = { name: 'times', cls: 's1' };

const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
const day = (iso: string | null) => (iso === null ? '–' : iso.slice(0, 10));
const dayCell = (iso: string | null): Cell => ({ day: day(iso) });
const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}Z`;
const score = (x: number) => x.toFixed(2);

const CSS = `
:root{--bg:#fff;--fg:#1b1b1b;--muted:#5b5b5b;--line:#d0d0d0;--card:#f5f5f5;--s1:#0072B2;--s2:#D55E00;--s3:#009E73;--s4:#E69F00}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#e8e8e8;--muted:#a8a8a8;--line:#3a3a3a;--card:#1e1e1e;--s1:#56B4E9;--s2:#F0894A;--s3:#2BC69A;--s4:#F0C05A}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1000px;padding:16px 20px 48px;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:1.8em;border-bottom:1px solid var(--line);padding-bottom:.2em}h3{margin:1.2em 0 .3em;font-size:1.05em}
.muted,figcaption{color:var(--muted)}a{color:var(--s1)}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
.card{background:var(--card);border-radius:6px;padding:8px 14px;min-width:110px}.card b{display:block;font-size:1.5em}
figure{margin:12px 0}svg{max-width:100%;height:auto;display:block}
svg text{fill:var(--fg);font-size:11px}svg .val{fill:var(--muted)}
.s1{fill:var(--s1)}.s2{fill:var(--s2)}.s3{fill:var(--s3)}.s4{fill:var(--s4)}
.axis{stroke:var(--line)}
details{margin:4px 0 10px}summary{cursor:pointer;color:var(--muted)}
table{border-collapse:collapse;margin:6px 0;font-size:.92em}th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}td.n,td.d{white-space:nowrap}
.grid{display:flex;flex-wrap:wrap;gap:24px}
.no{color:var(--muted)}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;overflow-wrap:anywhere}
th[scope=row]{font-weight:normal}code.key{font-size:.78em;color:var(--muted)}
`;

type Cell = string | number | { n: number; text?: string } | { said: string; key: string; note?: string | undefined } | { day: string };

function cellHtml(c: Cell, i: number): string {
  // What a row says, and its key under it in small type (what feedback and exports name).
  if (typeof c === 'object' && 'day' in c) return `<td class="d">${esc(c.day)}</td>`;
  if (typeof c === 'object' && 'said' in c) return `<th scope="row">${esc(c.said)}<br><code class="key">${esc(c.key)}</code>${c.note ? ` <span class="muted">${esc(c.note)}</span>` : ''}</th>`;
  if (typeof c === 'object') return `<td class="n" data-value="${c.n}">${esc(c.text ?? String(c.n))}</td>`;
  if (typeof c === 'number') return `<td class="n" data-value="${c}">${c}</td>`;
  return i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`;
}

function tableHtml(id: string, head: readonly string[], rows: readonly Cell[][], total: number): string {
  return `<table data-table="${esc(id)}" data-rows="${total}"><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cellHtml).join('')}</tr>`).join('')}</tbody></table>`;
}

const notListed = (rest: number, all: number, more: string) => (rest > 0 ? `<p class="muted">and ${rest} ${esc(more)} not listed (${all} in all).</p>` : '');

/** A table; numbers right-aligned and carried in data-value (what the tests read); at most MAX_ROWS rows, the rest counted. */
function table(id: string, head: readonly string[], rows: readonly Cell[][], more = 'more'): string {
  const shown = rows.slice(0, MAX_ROWS);
  return `${tableHtml(id, head, shown, rows.length)}${notListed(rows.length - shown.length, rows.length, more)}`;
}

/**
 * A table whose first `visible` rows show, and the rest (up to MAX_ROWS) open from a summary
 * under it (`<id>-more`): the page reads at a glance however many rows there are.
 */
function shortTable(id: string, head: readonly string[], rows: readonly Cell[][], more: string, visible = SHOWN_ROWS): string {
  const first = rows.slice(0, visible);
  const rest = rows.slice(visible, MAX_ROWS);
  return `${tableHtml(id, head, first, rows.length)}${rest.length ? `<details><summary>The other ${rows.length - first.length} ${esc(more)}</summary>${tableHtml(`${id}-more`, head, rest, rows.length)}${notListed(rows.length - MAX_ROWS, rows.length, more)}</details>` : ''}`;
}

function chart(title: string, svg: string, tableHtml: string, note = ''): string {
  return `<figure><figcaption>${esc(title)}${note ? ` <span class="muted">${esc(note)}</span>` : ''}</figcaption>${svg}<details><summary>Table: ${esc(title)}</summary>${tableHtml}</details></figure>`;
}

function counts(id: string, title: string, o: Record<string, number>): string {
  const rows = Object.entries(o);
  return chart(title, hbars(id, title, rows.map(([k, v]) => ({ label: k, values: [v] })), [COUNT]), table(id, ['', 'instincts'], rows.map(([k, v]) => [k, v])));
}

const topNote = (shown: number, all: number, what: string) => (all > shown ? `(the ${shown} ${what}; the table has ${all > MAX_ROWS ? `the first ${MAX_ROWS} of ${all}` : `all ${all}`})` : '');

function glance(d: ReportData): string {
  const s = d.stats;
  const card = (label: string, v: number | string) => `<div class="card"><b>${esc(v)}</b>${esc(label)}</div>`;
  const la = d.lastAnalysis;
  const given = d.rules.filter((r) => r.delivered).length;
  return `<section id="glance"><h2>At a glance</h2>
<div class="cards">${card('rules given to Claude', given)}${card('instincts', s.total)}${card('facts', s.facts)}${card('projects', s.projects)}${card('tool calls', d.records)}${card('sessions', d.sessions)}${card('days', d.days.length)}</div>
<p>${la ? `Last analysis at ${esc(minute(la.now))} over its ${la.windowDays}-day window ${esc(minute(la.windowStart))} .. ${esc(minute(la.now))}: ${esc(figuresSentence(la))}.` : 'No analysis has run yet.'}
Tool use below covers ${esc(d.days[0] ?? '')} .. ${esc(d.days.at(-1) ?? '')}: ${esc(plural(d.records, 'tool call'))} in ${esc(plural(d.sessions, 'session'))}.</p>
<details><summary>Table: totals</summary>${table('totals', ['', 'count'], [['instincts', s.total], ['rules', s.rules], ['facts', s.facts], ['projects', s.projects], ['events', s.events], ['problems', s.problems]])}</details>
<div class="grid"><div>${counts('levels', 'Instincts by level', s.levels)}</div><div>${counts('categories', 'Instincts by category', s.categories)}</div></div>
<details><summary>By source, state and scope</summary><div class="grid"><div><h3>By source</h3>${table('sources', ['', 'instincts'], Object.entries(s.sources))}</div><div><h3>By state</h3>${table('states', ['', 'instincts'], Object.entries(s.states))}</div><div><h3>By scope</h3>${table('scopes', ['', 'instincts'], Object.entries(s.scopes))}</div></div></details>
</section>`;
}

/** A project given nothing of its own: what the last analysis saw of it, and the claims nearest to being given. */
function nothingHereHtml(d: ReportData): string {
  const n = d.nothingHere;
  if (n === null) return '';
  return `<div id="nothing-here"><p>Nothing of this project's own is given to Claude yet. ${esc(n.seen)}</p>${n.nearest.length ? `<ul>${n.nearest.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : ''}</div>`;
}

function rulesSection(d: ReportData): string {
  if (d.rules.length === 0) return `<section id="rules"><h2>What Claude is given</h2><p class="muted">No rules yet: bye promotes the patterns that hold, and the SessionStart hook gives them to Claude.</p>${nothingHereHtml(d)}</section>`;
  const given = d.rules.filter((r) => r.delivered);
  const rated = given.filter((r) => r.rate !== null);
  const top = rated.slice(0, MAX_BARS);
  return `<section id="rules"><h2>What Claude is given</h2><p>The rules in the order the SessionStart hook gives them (most useful first, within its budget of lines; a project's own only in that project), each as its claim. The percentage is the claim's rate: the share of the times it could apply that it held (shrunk toward chance when seen only a few times). A rule the delivery test holds back is listed last, with why. <em>Since given</em>: how often its claim held in the sessions that started after it was given (in the records kept, retentionDays); bye withdraws a claim whose rate there falls under minRate.</p>
${top.length ? chart('How often each rule held (its rate)', hbars('rule-rates', 'rate of each rule given to Claude', top.map((r) => ({ label: r.key, values: [r.rate] })), [HELD], { max: 1, format: (v) => pct(v) }), table('rule-rates', ['rule', 'rate', 'held', 'of'], rated.map((r) => [r.key, { n: r.rate!, text: pct(r.rate) }, r.hits ?? 0, r.opportunities ?? 0])), topNote(top.length, rated.length, 'given first')) : ''}
${shortTable('rules', ['what Claude is told', 'project', 'given', 'since given', 'last seen', 'archived from'], d.rules.map((r) => [{ said: r.text, key: r.key, note: r.held ? `held back: ${r.held}` : undefined }, r.scope, r.delivered ? 'yes' : 'no', r.live ? `${r.live.hits} of ${r.live.opportunities}` : '-', dayCell(r.last_seen), r.forecast.at ? { day: minute(r.forecast.at) } : 'never']), 'rules')}${nothingHereHtml(d)}</section>`;
}

function instinctsSection(d: ReportData): string {
  if (d.instincts.length === 0) return `<section id="instincts"><h2>What was learned</h2><p class="muted">No instincts yet.</p></section>`;
  return `<section id="instincts"><h2>What was learned</h2><p>The instincts: patterns seen in your sessions, and what you or Claude taught. Those that may reach Claude first, then by rate. An observed one states its claim with its rate; its score (the seed's confidence: frequency × consistency × recency) only ranks patterns and is not a percentage.</p>
${shortTable('instincts', ['what it says', 'source', 'level', 'project', 'may reach Claude', 'sessions', 'last seen', 'score'], d.instincts.map((x) => [{ said: x.text, key: x.pattern }, x.source, x.level, x.scope, x.delivered ? 'yes' : 'no', x.sessions, dayCell(x.last_seen), { n: x.score, text: score(x.score) }]), 'instincts')}</section>`;
}

function projectsSection(d: ReportData): string {
  if (d.projects.length === 0) return '';
  return `<section id="projects"><h2>Projects</h2><p>Each by its folder's name (its id beside it where two share a name), most active first.</p>
${shortTable('projects', ['project', 'tool calls', 'instincts', 'rules'], d.projects.map((p) => [p.label, p.calls, p.instincts, p.rules]), 'projects')}</section>`;
}

function factsSection(d: ReportData): string {
  if (d.facts.length === 0) return '';
  return `<section id="facts"><h2>Facts</h2>${shortTable('facts', ['fact', 'score', 'project', 'id'], d.facts.map((f) => [f.fact, { n: f.confidence, text: score(f.confidence) }, f.scope, f.id]), 'facts')}</section>`;
}

/** Days grouped so that a chart has at most MAX_BUCKETS bars: days, weeks, or periods of 30 days (60, 90, ... beyond). */
export function bucketSize(days: number): number {
  return days <= MAX_BUCKETS ? 1 : days <= MAX_BUCKETS * 7 ? 7 : 30 * Math.ceil(days / (MAX_BUCKETS * 30));
}

/** perDay summed in buckets of `size` days from the first, each named by its first day. */
export function buckets(perDay: readonly DayRow[], size: number): DayRow[] {
  const out: DayRow[] = [];
  for (let i = 0; i < perDay.length; i += size) {
    const part = perDay.slice(i, i + size);
    out.push({ day: part[0]!.day, calls: part.reduce((n, r) => n + r.calls, 0), failures: part.reduce((n, r) => n + r.failures, 0) });
  }
  return out;
}

function retry(id: string, title: string, rows: readonly RetryRow[], what: string): string {
  if (rows.length === 0) return `<h3>${esc(title)}</h3><p class="muted">No failure followed by another call.</p>`;
  return chart(
    title,
    hbars(id, title, rows.slice(0, MAX_BARS).map((r) => ({ label: r.name, values: [r.rate] })), [RATE], { max: 1, format: (v) => pct(v) }),
    table(id, [what, 'failures', 'retried at once', 'rate'], rows.map((r) => [r.name, r.failures, r.retried, { n: r.rate, text: pct(r.rate) }])),
    topNote(Math.min(MAX_BARS, rows.length), rows.length, 'with most failures'),
  );
}

function toolsSection(d: ReportData): string {
  const size = bucketSize(d.perDay.length);
  const unit = size === 1 ? 'day' : size === 7 ? 'week' : `${size} days`;
  const series = buckets(d.perDay, size);
  const tools = d.perTool.slice(0, MAX_BARS);
  const edges = d.edges.slice(0, MAX_BARS);
  return `<section id="tools"><h2>Tool use</h2>
${chart(`Calls and failures per ${unit}`, vbars('calls-over-time', `calls and failures per ${unit}`, series.map((r) => r.day), [series.map((r) => r.calls), series.map((r) => r.failures)], [CALLS, FAILURES]), table('calls-over-time', [size === 1 ? 'day' : `${unit} from`, 'calls', 'failures'], series.map((r) => [r.day, r.calls, r.failures])))}
${chart('Calls and failures per tool', hbars('tools', 'calls and failures per tool', tools.map((r) => ({ label: r.tool, values: [r.calls, r.failures] })), [CALLS, FAILURES]), table('tools', ['tool', 'calls', 'failures'], d.perTool.map((r) => [r.tool, r.calls, r.failures]), 'tools'), topNote(tools.length, d.perTool.length, 'most used'))}
${edges.length ? chart('Strongest transitions: a tool, then the next tool in the same session', hbars('transitions', 'strongest tool-to-tool transitions', edges.map((e) => ({ label: `${e.from} → ${e.to}`, values: [e.count] })), [TRANSITIONS]), table('transitions', ['from', 'to', 'times'], d.edges.map((e) => [e.from, e.to, e.count])), `(the ${edges.length} most frequent)`) : '<h3>Strongest transitions</h3><p class="muted">No two calls in a row yet.</p>'}
${retry('retry-tools', 'Error-retry rate per tool', d.retryByTool, 'tool')}
${retry('retry-commands', 'Error-retry rate per Bash command', d.retryByCommand, 'command')}
</section>`;
}

function effectsSection(effects: RuleEffect[] | null): string {
  const intro = '<p>For each promoted rule, how often its habit was followed before and after the promotion: for a chain A→B→C, of the times A→B was followed by a call, how often that call was C; for an error-retry, of the failures, how often the same call came again at once.</p>';
  if (effects === null || effects.length === 0) return `<section id="effects"><h2>Effect of rules</h2>${intro}<p class="muted">No promoted rules yet: nothing to compare.</p></section>`;
  const top = effects.slice(0, MAX_BARS);
  const rows = top.map((e) => ({ label: e.pattern, values: [e.before.rate, e.after.rate] }));
  return `<section id="effects"><h2>Effect of rules</h2>${intro}
${chart('Habit followed, before and after promotion', hbars('effects', 'rate before and after promotion per rule', rows, [BEFORE, AFTER], { max: 1, format: (v) => pct(v) }), table('effects', ['rule', 'measure', 'promoted', 'before', 'of', 'after', 'of', 'change'], effects.map((e) => [e.pattern, e.measure, dayCell(e.promoted_at), { n: e.before.rate ?? -1, text: pct(e.before.rate) }, e.before.opportunities, { n: e.after.rate ?? -1, text: pct(e.after.rate) }, e.after.opportunities, e.change === null ? '–' : `${e.change >= 0 ? '+' : '−'}${Math.round(Math.abs(e.change) * 100)} points${e.withoutEffect ? ' (without effect)' : ''}`]), 'rules'), topNote(top.length, effects.length, 'first'))}</section>`;
}

export function renderReport(d: ReportData): string {
  const scope = d.project === null ? 'all projects' : `project ${d.projectLabel ?? d.project}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>homunculus report ${esc(d.now.slice(0, 10))}</title><style>${CSS}</style></head>
<body><header><h1>What homunculus has learned</h1><p class="muted">Generated for ${esc(minute(d.now))}, ${esc(scope)}. One file: no script, nothing fetched.</p>
<nav><a href="#glance">At a glance</a> · <a href="#rules">What Claude is given</a> · <a href="#instincts">What was learned</a>${d.projects.length ? ' · <a href="#projects">Projects</a>' : ''} · <a href="#tools">Tool use</a> · <a href="#effects">Effect of rules</a>${d.facts.length ? ' · <a href="#facts">Facts</a>' : ''}</nav></header>
<main>${glance(d)}
${rulesSection(d)}
${instinctsSection(d)}
${projectsSection(d)}
${toolsSection(d)}
${effectsSection(d.effects)}
${factsSection(d)}</main></body></html>
`;
}
