/**
 * The first JSON object embedded in a text (error replies carry one, such as
 * `Error: {"type":"no_user_key"}` or the whole text being the object). Braces inside JSON
 * strings are skipped; a candidate that does not close or parse is passed over for the next `{`.
 */
export function extractFirstJsonObject(text: string): Record<string, unknown> | null {
  let attempts = 0;
  for (let start = text.indexOf('{'); start !== -1 && attempts < MAX_CANDIDATES; start = text.indexOf('{', start + 1)) {
    attempts++;
    const end = matchingBrace(text, start);
    if (end === -1) continue;
    const parsed = tryParse(text.slice(start, end + 1));
    if (parsed) return parsed;
  }
  return null;
}

/** Each candidate scans to its closing brace; capped so a text full of stray braces stays linear-ish. */
const MAX_CANDIDATES = 32;

/** Index of the `}` closing the `{` at `start`, or -1 when it never closes. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}

function tryParse(candidate: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(candidate);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
