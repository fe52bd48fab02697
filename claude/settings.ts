// Claude Code settings files: parse with positions, and add or remove homunculus' hook entries
// without touching anything else (pure functions over parsed JSON).

export class SettingsError extends Error {}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const line = before.split('\n').length;
  return { line, column: before.length - before.lastIndexOf('\n') };
}

/** JSON.parse, with the file, line and column in the error. */
export function parseSettings(text: string, path: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    const { line, column } = lineColumn(text, m ? Number(m[1]) : text.length);
    throw new SettingsError(`${path}:${line}:${column}: not valid JSON (${msg}); the file was left as it is`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SettingsError(`${path}: expected a JSON object of settings, found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}; the file was left as it is`);
  }
  return value as Record<string, unknown>;
}

export const MARKER = '# homunculus';

export interface HookEntry {
  type: 'command';
  command: string;
  timeout: number;
  async?: boolean;
}

export type OurHooks = Partial<Record<string, HookEntry>>;

export function isOurs(command: unknown): boolean {
  return typeof command === 'string' && command.trimEnd().endsWith(MARKER);
}

type Group = { matcher?: string; hooks: Record<string, unknown>[] } & Record<string, unknown>;

/** Checks the shape of `hooks` (where homunculus reads or writes) and returns it. */
function hooksOf(settings: Record<string, unknown>, path: string): Record<string, Group[]> | undefined {
  const hooks = settings['hooks'];
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    throw new SettingsError(`${path}: expected "hooks" to be an object of events, found ${JSON.stringify(hooks)?.slice(0, 40)}; the file was left as it is`);
  }
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) throw new SettingsError(`${path}: expected "hooks.${event}" to be an array of {matcher, hooks}, found ${JSON.stringify(groups)?.slice(0, 40)}; the file was left as it is`);
    groups.forEach((g, i) => {
      if (typeof g !== 'object' || g === null || !Array.isArray((g as Group).hooks)) {
        throw new SettingsError(`${path}: expected "hooks.${event}[${i}]" to be {matcher, hooks: [...]}, found ${JSON.stringify(g)?.slice(0, 60)}; the file was left as it is`);
      }
    });
  }
  return hooks as Record<string, Group[]>;
}

/** Removes every homunculus entry; drops groups, events and `hooks` that it leaves empty. */
export function withoutOurHooks(settings: Record<string, unknown>, path: string): Record<string, unknown> {
  const hooks = hooksOf(settings, path);
  if (hooks === undefined) return settings;
  const out: Record<string, Group[]> = {};
  let removed = false;
  for (const [event, groups] of Object.entries(hooks)) {
    const kept: Group[] = [];
    for (const g of groups) {
      const entries = g.hooks.filter((h) => !isOurs(h['command']));
      if (entries.length === g.hooks.length) kept.push(g);
      else {
        removed = true;
        if (entries.length > 0) kept.push({ ...g, hooks: entries });
      }
    }
    if (kept.length > 0 || groups.length === 0) out[event] = kept;
  }
  if (!removed) return settings;
  const next = { ...settings };
  if (Object.keys(out).length === 0) delete next['hooks'];
  else next['hooks'] = out;
  return next;
}

/** Replaces homunculus' entries with `ours` (one group per event, matcher "*"), appended last. */
export function withOurHooks(settings: Record<string, unknown>, ours: OurHooks, path: string): Record<string, unknown> {
  const base = withoutOurHooks(settings, path);
  const hooks: Record<string, Group[]> = { ...(hooksOf(base, path) ?? {}) };
  for (const [event, entry] of Object.entries(ours)) {
    if (!entry) continue;
    hooks[event] = [...(hooks[event] ?? []), { matcher: '*', hooks: [{ ...entry }] }];
  }
  return { ...base, hooks };
}

/** Our entries per event, for doctor. */
export function ourEntries(settings: Record<string, unknown>, path: string): { event: string; command: string }[] {
  const hooks = hooksOf(settings, path) ?? {};
  return Object.entries(hooks).flatMap(([event, groups]) =>
    groups.flatMap((g) => g.hooks.filter((h) => isOurs(h['command'])).map((h) => ({ event, command: String(h['command']) }))),
  );
}

export function serialize(settings: Record<string, unknown>): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** POSIX shell quoting: safe for any path, spaces and quotes included. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
