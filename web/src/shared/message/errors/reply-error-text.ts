import type { TFunction } from '@/lib/i18n/translator';
import { extractFirstJsonObject, isRecord } from './extract-json';

/**
 * What a failed reply says: the first JSON
 * object in the text names the error by `code` or `type` (the server's refusals and provider
 * errors, see worker/engine/error-text.ts); anything else is shown after a generic
 * sentence, cut to a readable length.
 */
export interface ReplyErrorText {
  message: string;
  /** Further lines: the provider's own words, or the generations a balance check refers to. */
  details: string[];
}

/** Longest raw error text shown; longer ones are cut and end in an ellipsis. */
export const MAX_RAW_ERROR_CHARS = 512;

/** What the screen knows about the reply's endpoint, beyond the error text itself. */
export interface ReplyErrorContext {
  /**
   * The user brings this endpoint's key, so the header's key button exists and can fix a key
   * error; otherwise only the administrator can, and the text gives no key advice.
   */
  userProvidesKey?: boolean;
}

type ErrorJson = Record<string, unknown>;
/** A message for one error kind, or null when the JSON lacks what the message needs. */
type Formatter = (json: ErrorJson, t: TFunction, context: ReplyErrorContext) => ReplyErrorText | null;

const only = (message: string): ReplyErrorText => ({ message, details: [] });

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

const count = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** The provider's own words, when the server passed them along as `info`. */
const withInfo = (message: string, json: ErrorJson): ReplyErrorText => {
  const info = text(json.info);
  return { message, details: info ? [info] : [] };
};

const FORMATTERS: Record<string, Formatter> = {
  moderation: (_, t) => only(t('com_error_moderation')),
  no_user_key: (_, t) => only(t('com_error_no_user_key')),
  invalid_user_key: (_, t) => only(t('com_error_invalid_user_key')),
  no_base_url: (_, t) => only(t('com_error_no_base_url')),
  invalid_action_error: (_, t) => only(t('com_error_invalid_action_error')),
  invalid_request_error: (json, t) => withInfo(t('com_error_invalid_request_error'), json),
  no_system_messages: (_, t) => only(t('com_error_no_system_messages')),
  illegal_model_request: (_, t) => only(t('com_error_illegal_model_request')),
  expired_user_key: (json, t) => {
    const endpoint = text(json.endpoint);
    const expiredAt = text(json.expiredAt);
    return endpoint && expiredAt ? only(t('com_error_expired_user_key', { endpoint, expiredAt })) : null;
  },
  INPUT_LENGTH: (json, t) => {
    const info = text(json.info);
    return info ? only(t('com_error_input_length', { info })) : null;
  },
  invalid_agent_provider: (json, t) => {
    const provider = text(json.info) ?? text(json.provider);
    return provider ? only(t('com_error_invalid_agent_provider', { provider })) : null;
  },
  google_error: (json, t) => {
    const info = text(json.info);
    return info ? only(t('com_error_google_error', { info })) : null;
  },
  ban: (_, t) => only(t('com_error_ban')),
  invalid_api_key: (_, t, { userProvidesKey }) =>
    only(t(userProvidesKey ? 'com_error_invalid_api_key_user' : 'com_error_invalid_api_key')),
  insufficient_quota: (_, t, { userProvidesKey }) =>
    only(t(userProvidesKey ? 'com_error_insufficient_quota_user' : 'com_error_insufficient_quota')),
  concurrent: (json, t) => {
    const limit = count(json.limit);
    return limit === null ? null : only(t('com_error_concurrent', { count: limit }));
  },
  message_limit: (json, t) => {
    const max = count(json.max);
    const minutes = count(json.windowInMinutes);
    if (max === null || minutes === null) return null;
    return only(
      t('com_error_message_limit', { count: max, window: t('com_error_message_limit_window', { count: minutes }) }),
    );
  },
  token_balance: (json, t) => {
    const balance = count(json.balance);
    const promptTokens = count(json.promptTokens);
    const tokenCost = count(json.tokenCost);
    if (balance === null || promptTokens === null || tokenCost === null) return null;
    return {
      message: t('com_error_token_balance', { balance, promptTokens, tokenCost }),
      details: generationTexts(json.generations),
    };
  },
};

/** The generations a balance error lists: plain strings or messages with a `text`. */
function generationTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const line = isRecord(item) ? text(item.text) : text(item);
    return line ? [line] : [];
  });
}

/** `code` wins over `type`, at the top level or inside a provider's `{"error": {…}}` body. */
function errorKind(json: ErrorJson): string | null {
  const own = text(json.code) ?? text(json.type);
  if (own && Object.hasOwn(FORMATTERS, own)) return own;
  if (isRecord(json.error)) {
    const nested = text(json.error.code) ?? text(json.error.type);
    if (nested && Object.hasOwn(FORMATTERS, nested)) return nested;
  }
  return own;
}

/** Cuts `raw` to MAX_RAW_ERROR_CHARS without splitting a surrogate pair, adding an ellipsis. */
export function truncateErrorText(raw: string): string {
  if (raw.length <= MAX_RAW_ERROR_CHARS) return raw;
  let end = MAX_RAW_ERROR_CHARS;
  const last = raw.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${raw.slice(0, end)}...`;
}

export function formatReplyError(raw: string, t: TFunction, context: ReplyErrorContext = {}): ReplyErrorText {
  const json = extractFirstJsonObject(raw);
  const kind = json ? errorKind(json) : null;
  const formatter = kind && Object.hasOwn(FORMATTERS, kind) ? FORMATTERS[kind] : undefined;
  const known = json && formatter ? formatter(json, t, context) : null;
  return known ?? only(t('com_error_generic', { message: truncateErrorText(raw) }));
}
