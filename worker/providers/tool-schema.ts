/**
 * Tool parameter schemas in the form Gemini accepts. Gemini's `parameters` take a subset of
 * OpenAPI 3.0 schemas, not JSON Schema: keywords outside it are refused with a 400 (the whole
 * request fails, not just the tool), so schemas from actions and MCP servers are cleaned first.
 * The other providers take JSON Schema and get the schema as it is.
 */
import type { JsonSchemaObject } from './types';

/**
 * The fields of Gemini's Schema object. Any other name is refused ("Unknown name …"), so the
 * schema is cleaned by keeping these rather than by dropping known offenders: JSON Schema's
 * `$schema`, `$id`, `$ref`, `additionalProperties`, `default`, `examples`, `const`, `not`,
 * `readOnly` and the rest all go. `type`, `anyOf`, `oneOf`, `allOf`, `enum` and `format` are
 * rewritten below.
 */
const KEPT = new Set([
  'description',
  'title',
  'nullable',
  'required',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'propertyOrdering',
]);

/** Keywords whose value is one schema, or a list of them. */
const SUBSCHEMA = new Set(['items']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

export function geminiSchema(schema: JsonSchemaObject): Record<string, unknown> {
  const cleaned = cleanSchema(schema);
  return { ...cleaned, type: 'object', properties: cleaned.properties ?? {} };
}

function cleanSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') Object.assign(out, typeOf(value));
    else if (key === 'properties' && isRecord(value))
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isRecord(sub) ? cleanSchema(sub) : {}]),
      );
    else if (SUBSCHEMA.has(key) && isRecord(value)) out[key] = cleanSchema(value);
    // Gemini knows anyOf only; "exactly one" and "all of" are loosened to it rather than refused.
    else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) out.anyOf = value.filter(isRecord).map(cleanSchema);
    else if (key === 'enum' && Array.isArray(value)) {
      // Gemini's enums are lists of strings; null means the value may be absent.
      out.enum = value.filter((item) => item !== null).map(String);
      if (value.includes(null)) out.nullable = true;
    } else if (key === 'format') {
      // For strings Gemini refuses every format but these two (uri, email… give a 400).
      const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
      if (!isString || value === 'enum' || value === 'date-time') out.format = value;
    } else if (KEPT.has(key)) out[key] = value;
  }
  if (out.type === 'object' && out.properties === undefined && out.anyOf === undefined) out.properties = {};
  // A `required` name that is not among the properties is refused.
  if (Array.isArray(out.required) && isRecord(out.properties)) {
    const properties = out.properties;
    out.required = out.required.filter((name) => typeof name === 'string' && name in properties);
  }
  return out;
}

/** `type: [x, 'null']` → `type: x, nullable: true`; several types → anyOf; a lone `null` → nullable. */
function typeOf(value: unknown): Record<string, unknown> {
  if (!Array.isArray(value)) return { type: value };
  const types = value.filter((type): type is string => typeof type === 'string' && type !== 'null');
  const nullable = value.includes('null') ? { nullable: true } : {};
  if (types.length === 1) return { type: types[0], ...nullable };
  if (types.length === 0) return nullable;
  return { anyOf: types.map((type) => ({ type })), ...nullable };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
