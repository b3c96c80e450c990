/**
 * Conversation titles: after the first reply of a new conversation, the endpoint's title model
 * (config `titleModel`, else OPENAI_TITLE_MODEL / ANTHROPIC_TITLE_MODEL / GOOGLE_TITLE_MODEL,
 * else the conversation's model; `current_model` means the conversation's model too) is asked
 * for a few words, through the same provider module as the reply. Failures keep "New Chat".
 */
import type { EnvVars } from '../../env';
import { resolveAzureTarget, type HeaderUser } from '../../providers/openai';
import type { AppConfig } from '../config/schema';
import { endpointSettings, type ChatEndpoint } from './endpoint';
import { callProvider, type ProviderTarget } from './provider-call';
import type { StoredUserCredentials } from './user-credentials';

/** A title is a few words: 40 tokens leave room for a non-Latin script and nothing more. */
export const TITLE_MAX_OUTPUT_TOKENS = 40;
/** The rename limit (100 characters) applies to generated titles too. */
export const TITLE_MAX_CHARS = 100;
/** Long messages are cut before they are sent for titling: the gist is at the start. */
const TITLE_INPUT_MAX_CHARS = 2_000;
/** A title that takes longer is not worth waiting for. */
export const TITLE_TIMEOUT_MS = 20_000;

/** LibreChat's default OpenAI title model (the .dev.vars documentation says the same). */
const DEFAULT_OPENAI_TITLE_MODEL = 'gpt-4o-mini';

export const DEFAULT_TITLE_PROMPT =
  'Please generate a concise, 5-word-or-less title for the conversation, using its same language, with no punctuation. ' +
  'Apply title case conventions appropriate for the language. Never directly mention the language name or the word "title". ' +
  'Reply with the title only.\n\n{convo}';

/** How to title a new conversation: the provider (same endpoint and key as the reply) and model. */
export interface TitleSpec {
  provider: ProviderTarget;
  model: string;
  /** The operator's title prompt (`{convo}` is replaced by the exchange), or the default. */
  prompt?: string;
}

export interface TitleSpecInput {
  endpoint: ChatEndpoint;
  model: string;
  target: ProviderTarget;
  env: EnvVars;
  config: AppConfig;
  user: StoredUserCredentials;
  headerUser: HeaderUser;
}

/** The title job of a new conversation, or null when its endpoint does not title. */
export function titleSpecFor(input: TitleSpecInput): TitleSpec | null {
  const settings = endpointSettings(input.endpoint, input.config);
  // Custom endpoints title only when their config asks to, as in LibreChat.
  const enabled = settings.titleConvo ?? input.endpoint.kind !== 'custom';
  if (!enabled) return null;
  const configured = settings.titleModel?.trim();
  const model = configured && configured !== 'current_model' ? configured : configured ? input.model : envTitleModel(input);
  let target = input.target;
  if (input.endpoint.kind === 'azureOpenAI' && model !== input.model) {
    try {
      target = { provider: 'openai', target: resolveAzureTarget(model, input.config.endpoints?.azureOpenAI, input.env, input.user, input.headerUser) };
    } catch {
      return null;
    }
  }
  return { provider: target, model, ...(settings.titlePrompt ? { prompt: settings.titlePrompt } : {}) };
}

function envTitleModel({ endpoint, env, model }: TitleSpecInput): string {
  switch (endpoint.kind) {
    case 'openAI':
      return env.OPENAI_TITLE_MODEL?.trim() || DEFAULT_OPENAI_TITLE_MODEL;
    case 'anthropic':
      return env.ANTHROPIC_TITLE_MODEL?.trim() || model;
    case 'google':
      return env.GOOGLE_TITLE_MODEL?.trim() || model;
    default:
      return model;
  }
}

/** Asks the title model; the cleaned title, or null when it failed or said nothing usable. */
export async function generateTitle(spec: TitleSpec, exchange: { userText: string; replyText: string }): Promise<string | null> {
  const convo = `User: ${clip(exchange.userText)}\nAI: ${clip(exchange.replyText)}`;
  const template = spec.prompt ?? DEFAULT_TITLE_PROMPT;
  const prompt = template.includes('{convo}') ? template.replace('{convo}', () => convo) : `${template}\n\n${convo}`;
  let raw = '';
  for await (const event of callProvider(spec.provider, {
    model: spec.model,
    messages: [{ role: 'user', content: prompt }],
    parameters: { maxOutputTokens: TITLE_MAX_OUTPUT_TOKENS, temperature: 0.2, thinking: false },
    signal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
  })) {
    if (event.type === 'text') raw += event.text;
  }
  return cleanTitle(raw);
}

function clip(text: string): string {
  return text.length > TITLE_INPUT_MAX_CHARS ? `${text.slice(0, TITLE_INPUT_MAX_CHARS)}…` : text;
}

/** The first line, without a `Title:` label, quotes, markdown emphasis or trailing punctuation. */
export function cleanTitle(raw: string): string | null {
  const line = raw.trim().split('\n')[0] ?? '';
  const title = line
    .replace(/^\s*(?:title\s*:\s*)/i, '')
    .replace(/^[\s"'“”‘’«»`*#_]+|[\s"'“”‘’«»`*_.。!！]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (title === '') return null;
  return title.length > TITLE_MAX_CHARS ? title.slice(0, TITLE_MAX_CHARS).trimEnd() : title;
}
