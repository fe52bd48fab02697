import type { Analysis } from './analyze.js';
import { figuresSentence, type WindowFigures } from './window-figures.js';

export interface DayEvents {
  created: Map<string, string[]>; // day -> instinct ids
  archived: Map<string, string[]>;
}

const list = (xs: [string, number][]) => (xs.length === 0 ? 'none' : xs.map(([k, n]) => `${k} (${n})`).join(', '));
const ids = (xs: string[] | undefined) => (xs === undefined || xs.length === 0 ? 'none' : [...xs].sort().join(', '));

/**
 * daily-summary.md: one section per UTC day of the window, newest first. Consecutive days with no
 * tool call and no instinct event are one line (`## 2026-11-01 .. 2026-11-06: no activity`). Its
 * first line states the run's figures, as analyze does (analyzer/window-figures.ts).
 */
export function renderDailySummary(a: Analysis, events: DayEvents, figures: WindowFigures): string {
  const out = ['# homunculus daily summary', '', `Window: ${figures.windowStart} to ${figures.now}. ${figuresSentence(figures)}.`, ''];
  const quiet = (d: Analysis['days'][number]) => d.calls === 0 && !events.created.get(d.day)?.length && !events.archived.get(d.day)?.length;
  const days = [...a.days].reverse();
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    if (quiet(d)) {
      let j = i;
      while (j + 1 < days.length && quiet(days[j + 1]!)) j++;
      out.push(j === i ? `## ${d.day}: no activity` : `## ${days[j]!.day} .. ${d.day}: no activity (${j - i + 1} days)`, '');
      i = j;
      continue;
    }
    out.push(`## ${d.day}`);
    out.push(`- Sessions: ${d.sessions}`);
    out.push(`- Tool calls: ${d.calls}`);
    out.push(`- Failures: ${d.failures}`);
    out.push(`- Top chains: ${list(d.topChains)}`);
    out.push(`- Error-retries: ${list(d.errorRetries)}`);
    out.push(`- Instincts created: ${ids(events.created.get(d.day))}`);
    out.push(`- Instincts archived: ${ids(events.archived.get(d.day))}`);
    out.push('');
  }
  return out.join('\n');
}
