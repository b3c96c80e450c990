/**
 * One operation's inputs (path, query and header parameters and a JSON request body) merged
 * into the single object schema a model fills, with a record of where each argument goes.
 */
import { isModelSettableHeader } from '../actions/headers';
import type { JsonSchemaObject } from '../types';
import type { OperationBody, OperationParameter } from './operation';
import { isRecord, pathTo, setOwn, type SpecProblem } from './problems';
import type { RefInliner } from './refs';

/** Headers OpenAPI itself says a document's parameters cannot define. */
const IGNORED_HEADER_PARAMS = new Set(['accept', 'content-type', 'authorization']);

export interface OperationInputs {
  schema: JsonSchemaObject;
  params: OperationParameter[];
  body: OperationBody | null;
}

interface OperationSources {
  method: string;
  /** The path item's own parameters, shared by its operations. */
  pathParams: unknown;
  pathParamsAt: string;
  operation: Record<string, unknown>;
  at: string;
}

interface RawParameter {
  entry: Record<string, unknown>;
  at: string;
}

export function operationInputs(
  label: string,
  path: string,
  sources: OperationSources,
  refs: RefInliner,
  problems: SpecProblem[],
): OperationInputs {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const params: OperationParameter[] = [];
  for (const { entry, at } of mergedParameters(sources, refs)) {
    const name = entry.name;
    const location = entry.in;
    if (typeof name !== 'string' || name === '') {
      problems.push({ path: at, message: `A parameter of ${label} has no name` });
      continue;
    }
    if (location === 'cookie') {
      problems.push({ path: at, message: `Cookie parameters are not supported (${name} in ${label})` });
      continue;
    }
    if (location !== 'path' && location !== 'query' && location !== 'header') {
      problems.push({
        path: at,
        message: `Parameter ${name} of ${label} has an unknown location "${String(location)}"`,
      });
      continue;
    }
    if (location === 'header' && (IGNORED_HEADER_PARAMS.has(name.toLowerCase()) || !isModelSettableHeader(name)))
      continue;
    if (Object.hasOwn(properties, name)) {
      problems.push({ path: at, message: `Parameter name ${name} is used twice in ${label}` });
      continue;
    }
    const isRequired = location === 'path' || entry.required === true;
    setOwn(properties, name, parameterSchema(entry));
    if (isRequired) required.push(name);
    params.push({ name, in: location, required: isRequired });
  }
  for (const [, name = ''] of path.matchAll(/\{([^}]*)\}/g))
    if (!params.some((param) => param.in === 'path' && param.name === name))
      problems.push({ path: sources.at, message: `Path parameter {${name}} of ${label} is not declared` });

  const body = requestBody(label, sources, refs, problems);
  let mode: OperationBody | null = null;
  if (body) {
    const bodyProperties = isRecord(body.schema.properties) ? body.schema.properties : null;
    const clash = bodyProperties && Object.keys(bodyProperties).some((key) => Object.hasOwn(properties, key));
    // Documents often leave out `type: object` beside `properties`.
    const isObject = body.schema.type === 'object' || body.schema.type === undefined;
    if (isObject && bodyProperties && !clash) {
      for (const [key, value] of Object.entries(bodyProperties)) setOwn(properties, key, value);
      if (body.required && Array.isArray(body.schema.required))
        required.push(...body.schema.required.filter((key): key is string => typeof key === 'string'));
      mode = { mode: 'merged', properties: Object.keys(bodyProperties) };
    } else if (Object.hasOwn(properties, 'body')) {
      problems.push({ path: body.at, message: `${label} has a parameter named "body" beside a request body` });
    } else {
      properties.body = { description: 'The JSON request body.', ...body.schema };
      if (body.required) required.push('body');
      mode = { mode: 'wrapped' };
    }
  }
  const schema: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) schema.required = [...new Set(required)];
  return { schema, params, body: mode };
}

/** Path-level parameters overridden by the operation's own (same name and location). */
function mergedParameters(sources: OperationSources, refs: RefInliner): RawParameter[] {
  const collect = (list: unknown, at: string): RawParameter[] =>
    Array.isArray(list)
      ? list.flatMap((item, index) => {
          const where = pathTo(at, index);
          const entry = refs.inline(item, where);
          return isRecord(entry) ? [{ entry, at: where }] : [];
        })
      : [];
  const own = collect(sources.operation.parameters, pathTo(sources.at, 'parameters'));
  const key = (raw: RawParameter) => `${String(raw.entry.in)}:${String(raw.entry.name)}`;
  const inherited = collect(sources.pathParams, sources.pathParamsAt).filter(
    (raw) => !own.some((mine) => key(mine) === key(raw)),
  );
  return [...inherited, ...own];
}

function parameterSchema(entry: Record<string, unknown>): Record<string, unknown> {
  const content = isRecord(entry.content) ? entry.content['application/json'] : undefined;
  const raw = isRecord(entry.schema)
    ? entry.schema
    : isRecord(content) && isRecord(content.schema)
      ? content.schema
      : {};
  const schema: Record<string, unknown> = { type: 'string', ...raw };
  if (typeof entry.description === 'string' && schema.description === undefined) schema.description = entry.description;
  return schema;
}

function requestBody(
  label: string,
  sources: OperationSources,
  refs: RefInliner,
  problems: SpecProblem[],
): { schema: Record<string, unknown>; required: boolean; at: string } | null {
  // fetch cannot send a body with GET: such a body is not offered to the model.
  if (sources.operation.requestBody === undefined || sources.method === 'get') return null;
  const at = pathTo(sources.at, 'requestBody');
  const body = refs.inline(sources.operation.requestBody, at);
  if (!isRecord(body) || !isRecord(body.content)) return null;
  const types = Object.keys(body.content);
  const json = types.find((type) => /^application\/(?:[\w.-]+\+)?json(?:\s*;.*)?$/i.test(type));
  if (json === undefined) {
    if (types.length > 0)
      problems.push({ path: at, message: `The request body of ${label} must be JSON (found ${types.join(', ')})` });
    return null;
  }
  const media = body.content[json];
  const schema = isRecord(media) && isRecord(media.schema) ? media.schema : {};
  return { schema, required: body.required === true, at };
}
