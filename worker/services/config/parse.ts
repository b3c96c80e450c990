import { parseDocument, type YAMLError } from 'yaml';
import type { z } from 'zod';
import { isPlainObject } from './schema-common';
import { appConfigSchema, type AppConfig } from './schema';

export type ParseAppConfigResult = { ok: true; config: AppConfig } | { ok: false; errors: string[] };

/**
 * Parses and validates a `librechat.yaml` document. Every problem is reported — all YAML
 * syntax errors, or else every schema violation — so an operator can fix a file in one pass.
 * An empty document is a valid config made of defaults.
 */
export function parseAppConfig(yamlText: string): ParseAppConfigResult {
  // `merge`: YAML `<<: *anchor` keys, which LibreChat's YAML reader (js-yaml) honours.
  const doc = parseDocument(yamlText, { merge: true, prettyErrors: true });
  if (doc.errors.length > 0) return { ok: false, errors: doc.errors.map(formatYamlError) };
  let value: unknown;
  try {
    // toJS throws past its default alias limit (100), which stops "billion laughs" documents.
    value = doc.toJS();
  } catch (error) {
    return { ok: false, errors: [`YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  return parseAppConfigObject(value);
}

/** Validates a config that is already parsed (JSON from KV, YAML converted elsewhere). */
export function parseAppConfigObject(value: unknown): ParseAppConfigResult {
  // An empty YAML document is null: a config of defaults.
  const input = value === null || value === undefined ? {} : value;
  if (!isPlainObject(input)) {
    return { ok: false, errors: ['The config must be a mapping of keys to values (e.g. `version: 1.2.5`).'] };
  }
  const result = appConfigSchema.safeParse(input, { error: friendlierMessage });
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, errors: result.error.issues.map(formatIssue) };
}

/** `line 3, column 1: Flow sequence … must end with a ]` — the position first, no code frame. */
function formatYamlError(error: YAMLError): string {
  const [firstLine = error.message] = error.message.split('\n');
  const text = firstLine.replace(/ at line \d+, column \d+:?$/, '');
  const position = error.linePos?.[0];
  return position ? `line ${position.line}, column ${position.col}: ${text}` : text;
}

/** `endpoints.custom[0].models.default: Must list at least 1 model` */
export function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    const key = String(segment);
    return text === '' ? key : `${text}.${key}`;
  }, '');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/**
 * Messages for the generic cases the schema leaves to zod (notably the contract's model specs
 * list), in the same voice as the schema's own. Returning undefined keeps zod's message.
 */
function friendlierMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  if (issue.code === 'too_small' && issue.origin === 'array') {
    const minimum = Number(issue.minimum);
    return `Must have at least ${minimum} ${minimum === 1 ? 'entry' : 'entries'}`;
  }
  return undefined;
}
