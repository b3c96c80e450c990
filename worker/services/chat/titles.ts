/**
 * Conversation titles, as the send decides them: after the first reply of a new conversation,
 * the endpoint's title model (config `titleModel`, else OPENAI_TITLE_MODEL /
 * ANTHROPIC_TITLE_MODEL / GOOGLE_TITLE_MODEL, else the conversation's model; `current_model`
 * means the conversation's model too) is asked for a few words, through the same provider
 * module as the reply. The ConversationDO asks (title-generation.ts); failures keep "New Chat".
 */
import type { EnvVars } from '../../env';
import type { TitleSpec } from '../../engine/run-spec';
import type { ProviderTarget } from '../../providers/registry';
import type { AppConfig } from '../config/schema';
import { resolveAzureTarget } from '../targets/azure';
import type { HeaderUser } from '../targets/openai';
import { endpointSettings, type ChatEndpoint } from './endpoint';
import type { StoredUserCredentials } from './user-credentials';

/** LibreChat's default OpenAI title model (the .dev.vars documentation says the same). */
const DEFAULT_OPENAI_TITLE_MODEL = 'gpt-4o-mini';

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
  const model =
    configured && configured !== 'current_model' ? configured : configured ? input.model : envTitleModel(input);
  let target = input.target;
  if (input.endpoint.kind === 'azureOpenAI' && model !== input.model) {
    try {
      target = {
        provider: 'openai',
        target: resolveAzureTarget(model, input.config.endpoints?.azureOpenAI, input.env, input.user, input.headerUser),
      };
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
