/**
 * An action's OpenAPI 3.0/3.1 document (JSON or YAML) → the operations a model can call, one per
 * path and method. Every problem is collected with where it is, so the user fixes the document
 * in one pass instead of one error at a time.
 */
import { loadSpec } from './load';
import { NameAllocator } from './names';
import { ACTION_METHODS, type ActionMethod, type ActionOperation } from './operation';
import { operationInputs } from './operation-schema';
import { isRecord, pathTo, type SpecProblem } from './problems';
import { RefInliner } from './refs';
import { domainHost, ServerResolver } from './servers';

export const MAX_OPERATIONS = 100;
const MAX_DESCRIPTION = 1024;
/** Path item keys that are not operations. Any other key (HEAD, OPTIONS, TRACE, …) is a method an action cannot call. */
const PATH_ITEM_FIELDS = new Set(['summary', 'description', 'servers', 'parameters', '$ref']);

export type ParsedActionSpec = { ok: true; operations: ActionOperation[] } | { ok: false; errors: SpecProblem[] };

/** `domain` is the action's (as the user set it): every operation's server must be on it. */
export function parseActionSpec(raw: string, domain: string): ParsedActionSpec {
  const loaded = loadSpec(raw);
  if (!loaded.ok) return { ok: false, errors: [loaded.problem] };
  const document = loaded.document;
  const problems: SpecProblem[] = [];
  const refs = new RefInliner(document, problems);
  const servers = new ServerResolver(domainHost(domain), problems);
  const names = new NameAllocator();
  const operations: ActionOperation[] = [];

  if (!isRecord(document.paths) || Object.keys(document.paths).length === 0)
    return { ok: false, errors: [{ path: 'paths', message: 'The document has no paths' }] };
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const itemAt = pathTo('paths', path);
    if (!path.startsWith('/')) {
      problems.push({ path: itemAt, message: `The path "${path}" must start with /` });
      continue;
    }
    // A path item may itself be a reference; its operations are inlined one by one below.
    const item = isRecord(rawItem) && typeof rawItem.$ref === 'string' ? refs.inline(rawItem, itemAt) : rawItem;
    if (!isRecord(item)) continue;
    for (const [key, rawOperation] of Object.entries(item)) {
      const method = key.toLowerCase();
      const at = pathTo(itemAt, key);
      if (PATH_ITEM_FIELDS.has(key) || key.startsWith('x-')) continue;
      if (!isActionMethod(method)) {
        problems.push({ path: at, message: `Unsupported HTTP method: ${method.toUpperCase()} ${path}` });
        continue;
      }
      if (!isRecord(rawOperation)) {
        problems.push({ path: at, message: `The operation ${method.toUpperCase()} ${path} must be an object` });
        continue;
      }
      const label = `${method.toUpperCase()} ${path}`;
      const inputs = operationInputs(
        label,
        path,
        {
          method,
          pathParams: item.parameters,
          pathParamsAt: pathTo(itemAt, 'parameters'),
          operation: rawOperation,
          at,
        },
        refs,
        problems,
      );
      const serverUrl = servers.resolve([
        { servers: rawOperation.servers, at: pathTo(at, 'servers') },
        { servers: item.servers, at: pathTo(itemAt, 'servers') },
        { servers: document.servers, at: 'servers' },
      ]);
      operations.push({
        name: names.allocate(rawOperation.operationId, method, path),
        method,
        serverUrl: serverUrl ?? '',
        path,
        description: describe(rawOperation, label),
        parameters: inputs.schema,
        params: inputs.params,
        body: inputs.body,
      });
    }
  }
  if (operations.length === 0 && problems.length === 0)
    problems.push({ path: 'paths', message: 'The document has no operations to call' });
  if (operations.length > MAX_OPERATIONS)
    problems.push({
      path: 'paths',
      message: `The document has ${operations.length} operations; at most ${MAX_OPERATIONS} are allowed`,
    });
  return problems.length > 0 ? { ok: false, errors: problems } : { ok: true, operations };
}

function isActionMethod(method: string): method is ActionMethod {
  return (ACTION_METHODS as readonly string[]).includes(method);
}

/** What the model reads about the operation: its summary and description, or its method and path. */
function describe(operation: Record<string, unknown>, label: string): string {
  const parts = [operation.summary, operation.description].filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  const text = [...new Set(parts.map((part) => part.trim()))].join('\n\n') || label;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}
