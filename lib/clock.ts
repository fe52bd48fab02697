// Every time-dependent command takes `now` from `--now`, else `HOMUNCULUS_NOW`, else the clock.

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

export class BadTimeError extends Error {}

/** Parses an ISO 8601 instant. A time of day needs a zone, so that results never depend on TZ. */
export function parseInstant(text: string, what: string): Date {
  const ms = ISO.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new BadTimeError(
      `${what}: expected an ISO 8601 time with a zone, like 2026-03-04T14:22:31Z or 2026-03-04, found ${JSON.stringify(text.slice(0, 60))}`,
    );
  }
  return new Date(ms);
}

export function resolveNow(flag: string | undefined, env: NodeJS.ProcessEnv): Date {
  if (flag !== undefined) return parseInstant(flag, '--now');
  const fromEnv = env['HOMUNCULUS_NOW'];
  if (fromEnv) return parseInstant(fromEnv, 'HOMUNCULUS_NOW');
  return new Date();
}

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant, in UTC: the name of its observation file. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
