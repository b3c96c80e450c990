import { CHAT_QUERY_SETTING_NAMES, type ChatQuerySettingName } from '@contract/chat-query';

/*
 * The chat page's address query: `prompt` or `q`
 * pre-fills the composer, `submit=true` sends it, and model settings open the conversation
 * with that setup. This module only reads the address; checking the settings against the
 * preset schema belongs to the setup (`parseSetupQuery`), which knows the endpoints and specs.
 */

/**
 * Instructions for one visit: once acted on they are removed from the address, so a reload
 * or a copied link does not pre-fill or send the text again. Settings stay: they describe
 * the conversation's setup, which the address keeps showing.
 */
export const ONE_SHOT_QUERY_NAMES = ['prompt', 'q', 'submit'] as const;

export interface ChatQuery {
  /** The text to pre-fill: `prompt`, else `q`; absent when both are missing or empty. */
  text?: string;
  /** `submit=true` (any letter case, as LibreChat compares it): send `text` automatically. */
  submit: boolean;
  /** The settings present in the address, as written (parsing is the setup's job). */
  settings: Partial<Record<ChatQuerySettingName, string>>;
}

export function readChatQuery(searchParams: URLSearchParams): ChatQuery {
  // `||` rather than `??`: an empty `prompt=` falls through to `q`, as LibreChat does.
  const text = searchParams.get('prompt') || searchParams.get('q') || undefined;
  const submit = searchParams.get('submit')?.toLowerCase() === 'true';
  const settings: ChatQuery['settings'] = {};
  for (const name of CHAT_QUERY_SETTING_NAMES) {
    // A repeated name keeps its first value; `stop` is one comma list, not repeated names.
    const value = searchParams.get(name);
    if (value !== null) settings[name] = value;
  }
  return text === undefined ? { submit, settings } : { text, submit, settings };
}

export function hasOneShotQuery(searchParams: URLSearchParams): boolean {
  return ONE_SHOT_QUERY_NAMES.some((name) => searchParams.has(name));
}

/** The same query without `prompt`, `q` and `submit`, as a `?…` search string (or ''). */
export function withoutOneShotQuery(searchParams: URLSearchParams): string {
  const next = new URLSearchParams(searchParams);
  for (const name of ONE_SHOT_QUERY_NAMES) next.delete(name);
  const search = next.toString();
  return search ? `?${search}` : '';
}
