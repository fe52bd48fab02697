import { DAY_MS } from '../lib/clock.js';

// A project's habits over its own activity. The window is windowDays of calendar time; a project
// used every few days has too few sessions in it to learn from. Such a project (fewer than
// minSessions of its sessions in the calendar window) is judged over its last windowDays active
// days instead: the days it was used, however far apart. Decay and demotion stay on calendar
// time (a rule's confidence decays from when its pattern was last seen), and a project not used
// in the calendar window is not reached back for: left alone, it fades as before. Retention keeps
// every day file inside a recently used project's active window. Pure: day numbers in, days out.

/** UTC day number of a time. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** The `k` most recent of `days` at or before `today`, most recent first. */
export function lastActiveDays(days: Iterable<number>, k: number, today: number): number[] {
  return [...new Set(days)].filter((d) => d <= today).sort((a, b) => b - a).slice(0, k);
}

/**
 * Where a sparse project's window starts (ms, exclusive, as the calendar window's start): just
 * before its windowDays-th most recent active day; undefined when that is not earlier than the
 * calendar window's start (nothing to reach back for).
 */
export function activeWindowStart(activeDays: Iterable<number>, windowDays: number, nowMs: number, calendarStartMs: number): number | undefined {
  const last = lastActiveDays(activeDays, windowDays, dayOf(nowMs));
  if (last.length === 0) return undefined;
  const start = last[last.length - 1]! * DAY_MS - 1;
  return start < calendarStartMs ? start : undefined;
}

/**
 * The day files retention keeps whatever their age: each day among a project's last windowDays
 * active days, for every project used on or after `recentFrom` (a project not used since retention
 * began keeps nothing: it has faded). `presence`: day number -> the projects with records that day.
 */
export function protectedDays(presence: ReadonlyMap<number, ReadonlySet<string>>, windowDays: number, recentFrom: number, today: number): Set<number> {
  const daysOf = new Map<string, number[]>();
  for (const [day, projects] of presence) for (const p of projects) daysOf.set(p, [...(daysOf.get(p) ?? []), day]);
  const out = new Set<number>();
  for (const days of daysOf.values()) {
    const last = lastActiveDays(days, windowDays, today);
    if (last.length > 0 && last[0]! >= recentFrom) for (const d of last) out.add(d);
  }
  return out;
}
