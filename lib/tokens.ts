// The only values homunculus ever writes are tokens from strict character sets. Everything that
// comes from a payload or a transcript passes through one of these checks first.

/** Tool names, including MCP tools (`mcp__server__tool`). */
export const TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
/** Session ids, agent ids and tool-use ids: these end up in file names, so no dots or slashes. */
export const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Agent types (`Explore`, `general-purpose`, `plugin:agent`). */
export const AGENT_TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;
/** One word of a Bash `detail`: `npm`, `test`, `pytest`. */
export const DETAIL_PART = /^[A-Za-z0-9._:+@-]{1,40}$/;
/** Words in a command detail at most: `program`, `program sub`, or `npm run build` (a common script's name kept). */
export const DETAIL_WORDS = 3;

export const INVALID_TOOL = 'invalid';

export function toolToken(name: unknown): string {
  return typeof name === 'string' && TOOL_NAME.test(name) ? name : INVALID_TOOL;
}

export function idToken(value: unknown): string | undefined {
  return typeof value === 'string' && ID.test(value) ? value : undefined;
}

export function agentTypeToken(value: unknown): string | undefined {
  return typeof value === 'string' && AGENT_TYPE.test(value) ? value : undefined;
}

const CREDENTIAL_PREFIXES = [
  /^(sk|rk|pk)[-_]/i, // OpenAI / Stripe style keys, sk-proj-…
  /^gh[pousr]_/, // GitHub tokens
  /^github_pat_/,
  /^glpat-/, // GitLab
  /^xox[abprs]-/, // Slack
  /^A[KS]IA[0-9A-Z]{8,}/, // AWS access key ids
  /^AIza/, // Google API keys
  /^eyJ/, // JWTs
  /^npm_[A-Za-z0-9]{16,}/,
];

/**
 * Heuristic, deliberately strict: a detail word that might be a secret is dropped. Losing a
 * harmless word costs a little learning; keeping a secret would break the privacy guarantee.
 */
export function looksLikeCredential(part: string): boolean {
  if (CREDENTIAL_PREFIXES.some((re) => re.test(part))) return true;
  if (part.includes('@') && part.includes(':')) return true; // user:pass@host
  if (/^-p./.test(part)) return true; // mysql -pPASSWORD
  const hasDigit = /[0-9]/.test(part);
  const hasUpper = /[A-Z]/.test(part);
  const hasLower = /[a-z]/.test(part);
  // Long mixed-case alphanumeric runs are what keys look like; command words rarely are.
  if (part.length >= 20 && hasDigit && (hasUpper || hasLower) && !/^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/.test(part)) return true;
  if (part.length >= 32 && hasDigit) return true;
  return false;
}

export function detailPartToken(part: string): string | undefined {
  return DETAIL_PART.test(part) && !looksLikeCredential(part) ? part : undefined;
}
