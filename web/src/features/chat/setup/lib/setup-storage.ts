import type { ChatSetup } from '@/shared/conversation/types';

/**
 * The last-used setup and the last model picked per endpoint, in local storage
 * under LibreChat's own key names so the
 * browser state of a migrated user still means the same thing. Everything read back is
 * untrusted: initial-setup.ts validates it against the current configuration.
 */
export const LAST_SETUP_STORAGE_KEY = 'lastConversationSetup';
export const LAST_MODEL_STORAGE_KEY = 'lastSelectedModel';

/** Belongs to one conversation, never to the next one: not remembered. */
const PER_CONVERSATION_FIELDS = ['isTemporary', 'title', 'file_ids', 'greeting'] as const;

function readJson(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    // Storage blocked (private mode, policy) or a corrupt value: nothing remembered.
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: remembering is a convenience, the chat works without it.
  }
}

export const readStoredSetup = (): unknown => readJson(LAST_SETUP_STORAGE_KEY);

export function writeStoredSetup(setup: ChatSetup): void {
  const remembered: Record<string, unknown> = { ...setup };
  for (const field of PER_CONVERSATION_FIELDS) delete remembered[field];
  writeJson(LAST_SETUP_STORAGE_KEY, remembered);
}

/** endpoint → the model last picked there; non-string entries are dropped. */
export function readLastModels(): Record<string, string> {
  const stored = readJson(LAST_MODEL_STORAGE_KEY);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function rememberModel(endpoint: string, model: string): void {
  const models = readLastModels();
  if (models[endpoint] === model) return;
  writeJson(LAST_MODEL_STORAGE_KEY, { ...models, [endpoint]: model });
}
