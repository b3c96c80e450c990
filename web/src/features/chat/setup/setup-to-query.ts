import { CHAT_QUERY_TUNING_PARAMS } from '@contract/chat-query';
import type { EndpointsConfig, ModelSpec } from '@contract/config';
import { conversationOptionsSchema } from '@contract/conversation';
import type { NumericRange } from '@contract/model-parameters';
import type { ChatSetup } from '@/shared/conversation/types';
import { endpointTypeOf } from './lib/endpoint-options';
import { findSpec, setupFromSpec } from './lib/model-specs';
import { numericRangeOf, widestRangeOf } from './lib/parameter-fields';
import { parameterKindOf } from './lib/parameter-kind';
import { toNumber } from './lib/parameter-values';

/**
 * The chat page's address (its query parameters) and the conversation setup.
 * Pure: the page decides when to read and write the address.
 */

/** The id of an agent configured on the fly for one conversation: it cannot be linked to. */
export const EPHEMERAL_AGENT_ID = 'ephemeral';

/** The tuning parameters a new conversation writes into its address (the contract's list), all setup fields. */
const QUERY_TUNING_PARAMS = CHAT_QUERY_TUNING_PARAMS satisfies readonly (keyof ChatSetup)[];

/** A query value as text, or undefined when it has none (or cannot be written as one). */
function queryText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (Array.isArray(value)) {
    // `stop` travels as a comma list: a sequence containing a comma cannot, so none is written.
    const entries = value.filter((entry): entry is string => typeof entry === 'string' && entry !== '');
    if (entries.length === 0 || entries.some((entry) => entry.includes(','))) return undefined;
    return entries.join(',');
  }
  return undefined;
}

/**
 * (a) What a new conversation writes into its address: the model spec; or the agent (not an
 * ephemeral one); or the assistant; otherwise the endpoint, the model and the tuning
 * parameters that are set.
 */
export function setupToQuery(setup: ChatSetup): URLSearchParams {
  const params = new URLSearchParams();
  if (setup.spec) {
    params.set('spec', setup.spec);
    return params;
  }
  if (setup.agent_id && setup.agent_id !== EPHEMERAL_AGENT_ID) {
    params.set('agent_id', setup.agent_id);
    return params;
  }
  if (setup.assistant_id) {
    params.set('assistant_id', setup.assistant_id);
    return params;
  }
  for (const key of ['endpoint', 'model', ...QUERY_TUNING_PARAMS] as const) {
    const text = queryText(setup[key]);
    if (text !== undefined) params.set(key, text);
  }
  return params;
}

/** Why a query parameter was not applied. */
export type SetupQueryWarningReason = 'invalid' | 'out_of_range' | 'unknown_endpoint' | 'unknown_spec';

export interface SetupQueryWarning {
  param: string;
  value: string;
  reason: SetupQueryWarningReason;
}

export interface SetupQueryContext {
  /** `modelSpecs.list` of the startup config: a spec outside it is ignored. */
  modelSpecs?: readonly ModelSpec[];
  /** `GET /api/endpoints`: when given, an endpoint outside it is ignored. */
  endpoints?: EndpointsConfig;
  /** The setup the patch will apply to: its endpoint and model decide the ranges when the query names none. */
  current?: Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model'>;
}

export interface ParsedSetupQuery {
  /** Only settings that passed; merge it over the current setup. */
  patch: Partial<ChatSetup>;
  warnings: SetupQueryWarning[];
}

/** Settings a query string can carry: every option with a scalar value, plus `stop`. */
const STRUCTURED_OPTIONS = new Set(['examples', 'tools', 'additionalModelRequestFields', 'agentOptions', 'file_ids']);
const optionShape = conversationOptionsSchema.shape;
const isQuerySetting = (key: string): key is keyof typeof optionShape =>
  key in optionShape && !STRUCTURED_OPTIONS.has(key);

/** Read first, in this order: a spec's preset is the base, and the ranges depend on endpoint and model. */
const LEADING_KEYS = ['spec', 'endpoint', 'model'] as const;

/** true, false, a number, or else the text itself. */
export function parseQueryValue(raw: string): boolean | number | string {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return toNumber(raw) ?? raw;
}

/**
 * Checks one value against the option schema. The typed reading comes first; a text option
 * (a model named "1106", an id of digits) still accepts the text as written.
 */
function validOption(key: keyof typeof optionShape, raw: string): { ok: true; value: unknown } | { ok: false } {
  const schema = optionShape[key];
  const candidates = key === 'stop' ? [raw.split(',').filter((entry) => entry !== '')] : [parseQueryValue(raw), raw];
  for (const candidate of candidates) {
    const result = schema.safeParse(candidate);
    if (result.success && result.data !== undefined && result.data !== null) return { ok: true, value: result.data };
  }
  return { ok: false };
}

/** The range to check against: the endpoint's table, or the widest of all when no endpoint is known. */
function rangeFor(
  key: string,
  setup: Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model'>,
): NumericRange | undefined {
  const kind = parameterKindOf(setup);
  return kind ? numericRangeOf(kind, setup.model, key)?.range : widestRangeOf(key);
}

/**
 * (b) The setup a chat address asks for. Each known setting is read as true, false, a number
 * or text, checked against the option schema and (numbers) the parameter range of the
 * endpoint; what fails is skipped with a warning. `spec` counts only when it is in the model
 * specs list, and then its preset is the base the other settings adjust. `stop` is a comma
 * list. Blank values are ignored; other parameters (prompt, q, submit…) are not settings.
 */
export function parseSetupQuery(query: URLSearchParams | string, context: SetupQueryContext = {}): ParsedSetupQuery {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const values = new Map<string, string>();
  for (const [key, value] of params) if (!values.has(key) && value.trim() !== '') values.set(key, value);

  const warnings: SetupQueryWarning[] = [];
  const warn = (param: string, reason: SetupQueryWarningReason) =>
    warnings.push({ param, value: values.get(param) ?? '', reason });
  let base: ChatSetup = {};
  const fields: Record<string, unknown> = {};

  const specName = values.get('spec');
  if (specName !== undefined) {
    const spec = findSpec(context.modelSpecs, specName.trim());
    if (spec) base = setupFromSpec(spec, context.endpoints);
    else warn('spec', 'unknown_spec');
  }

  const endpoint = values.get('endpoint');
  if (endpoint !== undefined) {
    const checked = validOption('endpoint', endpoint);
    if (!checked.ok || typeof checked.value !== 'string') warn('endpoint', 'invalid');
    else if (context.endpoints && !context.endpoints[checked.value]) warn('endpoint', 'unknown_endpoint');
    else {
      fields.endpoint = checked.value;
      fields.endpointType = endpointTypeOf(context.endpoints, checked.value);
    }
  }

  const model = values.get('model');
  if (model !== undefined) {
    const checked = validOption('model', model);
    if (checked.ok) fields.model = checked.value;
    else warn('model', 'invalid');
  }

  // Ranges follow the endpoint and model the conversation will have once the patch applies.
  // A query or spec that names the endpoint starts from nothing: the current model belongs to another one.
  const namesEndpoint = fields.endpoint !== undefined || Boolean(base.endpoint);
  const target = { ...(namesEndpoint ? pickTarget(base) : pickTarget(context.current ?? {})), ...pickTarget(fields) };

  for (const [key, raw] of values) {
    if ((LEADING_KEYS as readonly string[]).includes(key) || !isQuerySetting(key)) continue;
    const checked = validOption(key, raw);
    if (!checked.ok) {
      warn(key, 'invalid');
      continue;
    }
    const range = typeof checked.value === 'number' ? rangeFor(key, target) : undefined;
    if (range && typeof checked.value === 'number' && (checked.value < range.min || checked.value > range.max)) {
      warn(key, 'out_of_range');
      continue;
    }
    fields[key] = checked.value;
  }

  // An agent's link names only the agent (see setupToQuery): the agent is reached on the agents endpoint.
  const agentId = typeof fields.agent_id === 'string' ? fields.agent_id : undefined;
  if (agentId && agentId !== EPHEMERAL_AGENT_ID && !namesEndpoint && (!context.endpoints || context.endpoints.agents)) {
    fields.endpoint = 'agents';
    fields.endpointType = 'agents';
  }

  return { patch: { ...base, ...typedPatch(fields) }, warnings };
}

/** The checked fields as setup fields: each passed its own schema, so the whole object parses. */
function typedPatch(fields: Record<string, unknown>): Partial<ChatSetup> {
  const parsed = conversationOptionsSchema.safeParse(fields);
  if (!parsed.success) return {};
  const patch: Partial<ChatSetup> = {};
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== undefined && key in fields) Object.assign(patch, { [key]: value });
  }
  return patch;
}

function pickTarget(fields: {
  readonly endpoint?: unknown;
  readonly endpointType?: unknown;
  readonly model?: unknown;
}): Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model'> {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const picked: Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model'> = {};
  const endpoint = text(fields.endpoint);
  const endpointType = text(fields.endpointType);
  const model = text(fields.model);
  if (endpoint !== undefined) picked.endpoint = endpoint;
  if (endpointType !== undefined) picked.endpointType = endpointType;
  if (model !== undefined) picked.model = model;
  return picked;
}
