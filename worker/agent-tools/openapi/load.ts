/**
 * From the text a user pasted to an OpenAPI 3 document object: JSON or YAML, bounded in size,
 * with YAML aliases limited (a few anchors can otherwise expand into gigabytes).
 */
import { parseDocument } from 'yaml';
import { isRecord, type SpecProblem } from './problems';

/** The largest document accepted, in bytes of UTF-8. */
export const MAX_SPEC_BYTES = 1024 * 1024;

export type LoadedSpec = { ok: true; document: Record<string, unknown> } | { ok: false; problem: SpecProblem };

export function loadSpec(raw: string): LoadedSpec {
  const size = new TextEncoder().encode(raw).length;
  if (size > MAX_SPEC_BYTES)
    return fail('', `The document is ${size} bytes; at most ${MAX_SPEC_BYTES} bytes are accepted`);
  const text = raw.trim();
  if (text === '') return fail('', 'The document is empty');
  let value: unknown;
  if (text.startsWith('{')) {
    try {
      value = JSON.parse(text);
    } catch (error) {
      return fail('', `The document is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
    const [first] = document.errors;
    if (first) return fail('', `The document is not valid YAML: ${first.message.split('\n')[0] ?? ''}`);
    try {
      value = document.toJS({ maxAliasCount: 100 });
    } catch (error) {
      return fail('', `The document is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!isRecord(value)) return fail('', 'The document must be an object');
  const version = value.openapi;
  if (typeof version !== 'string' || !/^3\.[01](?:\.\d+)?$/.test(version))
    return fail('openapi', 'Only OpenAPI 3 documents are supported (openapi: 3.0.x or 3.1.x)');
  return { ok: true, document: value };
}

function fail(path: string, message: string): LoadedSpec {
  return { ok: false, problem: { path, message } };
}
