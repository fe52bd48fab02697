import { safeText } from '../lib/safe-text.js';
import { blockBody } from './marker-block.js';
import { PREFIXES } from '../store/model/keys.js';

// Reading rules back from Markdown (`homunculus import claude-md <file>`): the bullets `export` and
// `inject` write, and hand-written ones that follow the key convention:
//   - `pref:pkg=pnpm` use pnpm, not npm (0.8)
//   - Always run the linter before committing `fix:lint-before-commit` (80%)
// Pure: text in, parsed rules and skipped lines (with why) out.

/** Prefix -> category: the seed's and each learner's (store/model/keys.ts), so that every line `export` writes reads back. */
export const KEY_PREFIXES: Record<string, string> = PREFIXES;

export interface ParsedRule {
  key: string;
  category: string;
  domain?: string;
  scope?: 'global' | 'project';
  project?: string;
  confidence?: number;
  observations?: number;
  explain?: string;
  /** The line it came from (1-based), for the report. */
  line: number;
}

export interface ParseResult {
  rules: ParsedRule[];
  skipped: { line: number; why: string }[];
}

const KEY = new RegExp(`\`((${Object.keys(KEY_PREFIXES).join('|')}):[^\`\n]{1,200})\``);
const META = /^\s*\(([^()]*)\)/;

function confidenceOf(text: string): number | undefined {
  const m = /\(\s*(?:confidence\s+)?(\d{1,3}(?:\.\d+)?)\s*(%?)\s*\)\s*$/.exec(text);
  if (!m) return undefined;
  const v = m[2] === '%' ? Number(m[1]) / 100 : Number(m[1]);
  return v >= 0 && v <= 1 ? v : undefined;
}

/** Our own bullet: `- <text> `<key>` (<category>; <domain>; <scope>; confidence c; n observations): <explain>`. */
function ours(after: string): Omit<ParsedRule, 'key' | 'category' | 'line'> | undefined {
  const m = META.exec(after);
  if (!m) return undefined;
  const parts = m[1]!.split(';').map((p) => p.trim());
  if (parts.length !== 5 || !/^(?:confidence|score) \d+(\.\d+)?$/.test(parts[3]!) || !/^\d+ observations?$/.test(parts[4]!)) return undefined;
  const scope = parts[2]!.startsWith('project ') ? { scope: 'project' as const, project: parts[2]!.slice(8) } : { scope: 'global' as const };
  const rest = after.slice(m[0].length);
  const explain = rest.startsWith(': ') ? rest.slice(2).trim() : undefined;
  return { domain: parts[1]!, ...scope, confidence: Number(parts[3]!.split(' ')[1]), observations: Number(parts[4]!.split(' ')[0]), ...(explain ? { explain } : {}) };
}

/** Parses the homunculus block if the file has one, else every bullet of the file. */
export function parseRulesMarkdown(text: string): ParseResult {
  const body = blockBody(text) ?? text;
  const out: ParseResult = { rules: [], skipped: [] };
  const offset = blockBody(text) === undefined ? 0 : text.slice(0, text.indexOf(body)).split('\n').length - 1;
  body.split(/\r?\n/).forEach((raw, i) => {
    const line = offset + i + 1;
    if (!/^\s*[-*+]\s/.test(raw)) return;
    const m = KEY.exec(raw);
    if (!m) {
      if (/`[a-z]+:[^`]*`/.test(raw)) out.skipped.push({ line, why: `unknown key prefix (expected one of ${Object.keys(KEY_PREFIXES).join(', ')})` });
      return;
    }
    const key = m[1]!.trim();
    if (/[\r\n]/.test(key) || key !== safeText(key, 220)) {
      out.skipped.push({ line, why: 'the key holds characters a key cannot hold' });
      return;
    }
    const category = KEY_PREFIXES[m[2]!]!;
    const after = raw.slice(m.index + m[0].length);
    const meta = ours(after);
    if (meta) {
      out.rules.push({ key, category, ...meta, line });
      return;
    }
    // Hand-written: the words around the key are its explanation; a trailing (0.8) or (80%) its confidence.
    const lead = raw.replace(/^\s*[-*+]\s+/, '');
    const words = `${lead.slice(0, lead.indexOf(m[0])).trim()} ${after.trim()}`.trim();
    const confidence = confidenceOf(words);
    const explain = safeText(words.replace(/\(\s*(?:confidence\s+)?\d{1,3}(?:\.\d+)?\s*%?\s*\)\s*$/, '').replace(/^[:\-–—\s]+|[:\-–—\s]+$/g, ''));
    out.rules.push({ key, category, ...(confidence !== undefined ? { confidence } : {}), ...(explain ? { explain } : {}), line });
  });
  return out;
}
