import { z } from 'zod';
import { AGENT_CAPABILITIES, ASSISTANT_CAPABILITIES, BUILT_IN_ENDPOINTS } from '../../contract/endpoints';
import { looseMap, nonNegativeNumber, stringList, stringMap } from './schema-common';

/** The `endpoints` section: settings of the built-in providers and the custom endpoints. */

export const TITLE_METHODS = ['completion', 'functions', 'structured'] as const;

/** Settings every endpoint understands (also the shape of `endpoints.all`). */
export const baseEndpointSchema = z.object({
  streamRate: nonNegativeNumber().optional(),
  baseURL: z.string().optional(),
  titleConvo: z.boolean().optional(),
  titleModel: z.string().optional(),
  titleMethod: z.enum(TITLE_METHODS).optional(),
  titlePrompt: z.string().optional(),
  titlePromptTemplate: z.string().optional(),
  titleEndpoint: z.string().optional(),
  /**
   * This app's own setting: models of the endpoint that can see images beyond those the built-in
   * rule knows (worker/contract/vision.ts), each matched as a part of the model's name.
   */
  visionModels: stringList().optional(),
});
export type BaseEndpointConfig = z.infer<typeof baseEndpointSchema>;

export const bedrockEndpointSchema = baseEndpointSchema.extend({
  availableRegions: stringList().optional(),
});

/** A model list needs at least one entry. */
const modelNameList = () => z.array(z.string().min(1)).min(1, { error: 'Must list at least 1 model' });

const modelsSchema = z.object({
  default: modelNameList(),
  fetch: z.boolean().optional(),
  userIdQuery: z.boolean().optional(),
});

/**
 * Capabilities listed by name. Names this version does not know (e.g. `web_search` from a
 * newer LibreChat) are dropped rather than rejected, like unknown keys elsewhere.
 */
function capabilityList<const T extends readonly string[]>(known: T) {
  return z
    .array(z.string())
    .transform((names) => names.filter((name): name is T[number] => (known as readonly string[]).includes(name)));
}

/** LibreChat's defaults when `endpoints.agents.capabilities` is not given. */
export const DEFAULT_AGENT_CAPABILITIES: readonly (typeof AGENT_CAPABILITIES)[number][] = [
  'execute_code',
  'file_search',
  'artifacts',
  'actions',
  'tools',
  'chain',
  'ocr',
];

export const assistantsEndpointSchema = baseEndpointSchema.extend({
  disableBuilder: z.boolean().optional(),
  pollIntervalMs: nonNegativeNumber().optional(),
  timeoutMs: nonNegativeNumber().optional(),
  // Defaults differ per endpoint (assistants 2, azureAssistants 1), so none is applied here.
  version: z.union([z.string(), z.number()]).optional(),
  supportedIds: z.array(z.string()).min(1).optional(),
  excludedIds: z.array(z.string()).min(1).optional(),
  privateAssistants: z.boolean().optional(),
  retrievalModels: z.array(z.string()).min(1).optional(),
  capabilities: capabilityList(ASSISTANT_CAPABILITIES).optional(),
  apiKey: z.string().optional(),
  models: modelsSchema.optional(),
  headers: stringMap().optional(),
});

export const agentsEndpointSchema = baseEndpointSchema.extend({
  recursionLimit: nonNegativeNumber().optional(),
  maxRecursionLimit: nonNegativeNumber().optional(),
  disableBuilder: z.boolean().default(false),
  allowedProviders: stringList().optional(),
  capabilities: capabilityList(AGENT_CAPABILITIES).default(() => [...DEFAULT_AGENT_CAPABILITIES]),
});

const BUILT_IN_NAMES: ReadonlySet<string> = new Set(BUILT_IN_ENDPOINTS);

/** One OpenAI-compatible endpoint (Ollama, OpenRouter, Groq, …). */
export const customEndpointSchema = baseEndpointSchema.extend({
  // Case-sensitive, like LibreChat: `OpenAI` is a valid custom name, `openAI` is not.
  name: z
    .string()
    .min(1, { error: 'Must not be empty' })
    .superRefine((name, ctx) => {
      if (BUILT_IN_NAMES.has(name)) {
        ctx.addIssue({ code: 'custom', message: `Custom endpoint name "${name}" is reserved for a built-in endpoint` });
      }
    }),
  // `${ENV_VAR}`, `user_provided` or a literal; kept as written and resolved at call time.
  apiKey: z.string().min(1, { error: 'Must not be empty' }),
  baseURL: z.string().min(1, { error: 'Must not be empty' }),
  models: modelsSchema,
  summarize: z.boolean().optional(),
  summaryModel: z.string().optional(),
  forcePrompt: z.boolean().optional(),
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  addParams: looseMap().optional(),
  dropParams: stringList().optional(),
  headers: stringMap().optional(),
  directEndpoint: z.boolean().optional(),
  titleMessageRole: z.string().optional(),
  customOrder: z.number().optional(),
});
export type CustomEndpointConfig = z.infer<typeof customEndpointSchema>;

/** An Azure model: `true`, or the deployment and API version that serve it. */
const azureModelSchema = z.union([
  z.boolean(),
  z.object({ deploymentName: z.string().optional(), version: z.string().optional() }),
]);

const azureGroupSchema = z
  .object({
    group: z.string().min(1),
    apiKey: z.string().min(1),
    instanceName: z.string().optional(),
    deploymentName: z.string().optional(),
    version: z.string().optional(),
    baseURL: z.string().optional(),
    serverless: z.boolean().optional(),
    assistants: z.boolean().optional(),
    addParams: looseMap().optional(),
    dropParams: stringList().optional(),
    forcePrompt: z.boolean().optional(),
    additionalHeaders: stringMap().optional(),
    models: z.record(z.string(), azureModelSchema),
  })
  .superRefine((group, ctx) => {
    // LibreChat's own group checks: a serverless group is addressed by URL, any other by instance.
    if (group.serverless && !group.baseURL) {
      ctx.addIssue({
        code: 'custom',
        path: ['baseURL'],
        message: `Group "${group.group}" is missing a baseURL for serverless configuration.`,
      });
    }
    if (!group.serverless && !group.instanceName) {
      ctx.addIssue({
        code: 'custom',
        path: ['instanceName'],
        message: `Group "${group.group}" is missing an instanceName for non-serverless configuration.`,
      });
    }
  });

export const azureOpenAIEndpointSchema = z
  .object({
    groups: z.array(azureGroupSchema).min(1),
    plugins: z.boolean().optional(),
    assistants: z.boolean().optional(),
    streamRate: nonNegativeNumber().optional(),
    titleConvo: z.boolean().optional(),
    titleMethod: z.enum(TITLE_METHODS).optional(),
    titleModel: z.string().optional(),
    titlePrompt: z.string().optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().optional(),
    customOrder: z.number().optional(),
  })
  .superRefine((azure, ctx) => {
    // A model name routes a request to one group, so it may appear in only one.
    const owner = new Map<string, string>();
    azure.groups.forEach((group, index) => {
      for (const model of Object.keys(group.models)) {
        const first = owner.get(model);
        if (first === undefined) owner.set(model, group.group);
        else
          ctx.addIssue({
            code: 'custom',
            path: ['groups', index, 'models', model],
            message: `Duplicate model name "${model}" in group "${group.group}" (already in group "${first}").`,
          });
      }
    });
  });
export type AzureOpenAIEndpointConfig = z.infer<typeof azureOpenAIEndpointSchema>;

export const endpointsSchema = z
  .object({
    all: baseEndpointSchema.optional(),
    openAI: baseEndpointSchema.optional(),
    google: baseEndpointSchema.optional(),
    anthropic: baseEndpointSchema.optional(),
    bedrock: bedrockEndpointSchema.optional(),
    azureOpenAI: azureOpenAIEndpointSchema.optional(),
    assistants: assistantsEndpointSchema.optional(),
    azureAssistants: assistantsEndpointSchema.optional(),
    agents: agentsEndpointSchema.optional(),
    custom: z.array(customEndpointSchema).optional(),
  })
  // Runs on the parsed value, so a section holding only unknown keys counts as empty too.
  .refine((endpoints) => Object.values(endpoints).some((value) => value !== undefined), {
    error: 'At least one `endpoints` field must be provided.',
  });
export type EndpointsSectionConfig = z.infer<typeof endpointsSchema>;
