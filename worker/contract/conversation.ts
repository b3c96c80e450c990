import { z } from 'zod';

/**
 * A number that may arrive as a numeric string (query strings, YAML); blank means unset.
 */
const numberLike = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z.number().finite().optional(),
);

/**
 * The settings a conversation (and a preset, and a model spec's preset) carries: endpoint,
 * model and every model parameter LibreChat knows. Ranges per provider are enforced where the
 * request reaches a provider; here every field is optional and shapes are checked.
 */
export const conversationOptionsSchema = z.object({
  endpoint: z.string().max(100).nullish(),
  endpointType: z.string().max(100).nullish(),
  model: z.string().max(256).nullish(),
  modelLabel: z.string().max(256).nullish(),
  chatGptLabel: z.string().max(256).nullish(),
  title: z.string().max(200).nullish(),
  promptPrefix: z.string().max(100_000).nullish(),
  system: z.string().max(100_000).nullish(),
  temperature: numberLike,
  topP: numberLike,
  topK: numberLike,
  top_p: numberLike,
  frequency_penalty: numberLike,
  presence_penalty: numberLike,
  maxOutputTokens: numberLike,
  maxContextTokens: numberLike,
  max_tokens: numberLike,
  maxTokens: numberLike,
  promptCache: z.boolean().optional(),
  thinking: z.boolean().optional(),
  thinkingBudget: numberLike,
  artifacts: z.string().max(100).optional(),
  context: z.string().max(100_000).nullish(),
  examples: z
    .array(z.object({ input: z.object({ content: z.string() }), output: z.object({ content: z.string() }) }))
    .max(100)
    .optional(),
  tools: z
    .array(z.union([z.string().max(200), z.object({ pluginKey: z.string().max(200) })]))
    .max(100)
    .optional(),
  resendFiles: z.boolean().optional(),
  resendImages: z.boolean().optional(),
  imageDetail: z.enum(['low', 'auto', 'high']).optional(),
  reasoning_effort: z.enum(['low', 'medium', 'high']).nullish(),
  assistant_id: z.string().max(200).optional(),
  agent_id: z.string().max(200).optional(),
  region: z.string().max(100).optional(),
  additionalModelRequestFields: z.record(z.string(), z.unknown()).optional(),
  instructions: z.string().max(100_000).optional(),
  additional_instructions: z.string().max(100_000).optional(),
  append_current_datetime: z.boolean().optional(),
  stop: z.array(z.string().max(500)).max(4).optional(),
  greeting: z.string().max(10_000).optional(),
  spec: z.string().max(200).nullish(),
  iconURL: z.string().max(2048).nullish(),
  file_ids: z.array(z.string().max(200)).max(100).optional(),
  agentOptions: z
    .object({
      agent: z.enum(['functions', 'classic']).optional(),
      skipCompletion: z.boolean().optional(),
      model: z.string().optional(),
      temperature: numberLike,
    })
    .optional(),
});
export type ConversationOptions = z.infer<typeof conversationOptionsSchema>;
