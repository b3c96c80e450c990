import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { formatReplyError, MAX_RAW_ERROR_CHARS, truncateErrorText } from './reply-error-text';

const t = i18n.fixedT('en-US');
const format = (text: string) => formatReplyError(text, t);
const message = (text: string) => format(text).message;
const GENERIC = "Something went wrong. Here's the specific error message we encountered: ";

describe('formatReplyError: LibreChat’s own wording', () => {
  it('ban', () => {
    expect(message('{"type":"ban"}')).toBe(
      'Your account has been temporarily banned due to violations of our service.',
    );
  });

  it('concurrent, singular and plural', () => {
    expect(message('{"type":"concurrent","limit":1}')).toMatch(/^Only 1 message at a time\..*wait one minute\.$/);
    expect(message('{"type":"concurrent","limit":3}')).toMatch(/^Only 3 messages at a time\..*wait one minute\.$/);
  });

  it('message_limit with its cap and window', () => {
    expect(message('{"type":"message_limit","max":40,"windowInMinutes":1}')).toBe(
      'You hit the message limit. You have a cap of 40 messages per minute.',
    );
    expect(message('{"type":"message_limit","max":1,"windowInMinutes":15}')).toBe(
      'You hit the message limit. You have a cap of 1 message per 15 minutes.',
    );
  });

  it('token_balance with balance, prompt tokens and cost, and generations when present', () => {
    expect(format('{"type":"token_balance","balance":120,"promptTokens":900,"tokenCost":1800}')).toEqual({
      message: 'Insufficient Funds! Balance: 120. Prompt tokens: 900. Cost: 1800.',
      details: [],
    });
    const withGenerations = format(
      JSON.stringify({
        type: 'token_balance',
        balance: 0,
        promptTokens: 5,
        tokenCost: 10,
        generations: ['first', { text: 'second' }, { x: 1 }],
      }),
    );
    expect(withGenerations.details).toEqual(['first', 'second']);
  });

  it('the generic text for plain errors', () => {
    expect(format('Connection reset by peer')).toEqual({ message: `${GENERIC}Connection reset by peer`, details: [] });
    expect(message('')).toBe(GENERIC);
  });

  it('cuts a long plain error to 512 characters and an ellipsis', () => {
    const long = 'x'.repeat(600);
    expect(message(long)).toBe(`${GENERIC}${'x'.repeat(512)}...`);
    const exact = 'y'.repeat(MAX_RAW_ERROR_CHARS);
    expect(message(exact)).toBe(`${GENERIC}${exact}`);
  });
});

describe('formatReplyError: every catalogued code', () => {
  it.each([
    ['moderation', /flagged by the moderation system/],
    ['no_user_key', /No API key was found/],
    ['invalid_user_key', /key you provided is invalid/],
    ['no_base_url', /No base URL was found/],
    ['invalid_action_error', /action's domain is not allowed/],
    ['invalid_request_error', /rejected the request/],
    ['no_system_messages', /does not support system messages/],
    ['illegal_model_request', /model is not available/],
    ['invalid_api_key', /API key this endpoint uses was rejected as invalid/],
    ['insufficient_quota', /API key this endpoint uses has reached its usage limit/],
  ])('%s', (type, expected) => {
    const result = format(JSON.stringify({ type }));
    expect(result.message).toMatch(expected);
    expect(result.message).not.toContain(GENERIC);
  });

  it('expired_user_key shows the endpoint and the expiry', () => {
    expect(message('{"type":"expired_user_key","endpoint":"openAI","expiredAt":"2025-01-02T03:04:05.000Z"}')).toBe(
      'Your key for openAI expired at 2025-01-02T03:04:05.000Z. Please provide a new key and try again.',
    );
  });

  it('INPUT_LENGTH shows its info', () => {
    expect(message('{"type":"INPUT_LENGTH","info":"12000 / 8192"}')).toMatch(/More info: 12000 \/ 8192\./);
  });

  it('google_error shows its info', () => {
    expect(message('{"type":"google_error","info":"Quota exceeded"}')).toBe(
      "Google's service reported an error: Quota exceeded",
    );
  });

  it('invalid_agent_provider names the provider', () => {
    expect(message('{"type":"invalid_agent_provider","info":"ollama"}')).toMatch(
      /^The "ollama" provider is not available for agents\./,
    );
  });

  it('invalid_request_error passes the provider’s words along', () => {
    expect(format('{"type":"invalid_request_error","info":"max_tokens is too large"}').details).toEqual([
      'max_tokens is too large',
    ]);
  });

  it('prefers code over type', () => {
    expect(message('{"type":"invalid_request_error","code":"invalid_api_key"}')).toMatch(/rejected as invalid/);
  });

  it('reads a provider body nested under "error"', () => {
    expect(
      message(
        'Error: 401 {"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}',
      ),
    ).toMatch(/rejected as invalid/);
  });

  it('finds the JSON after a prefix', () => {
    expect(message('Error: {"type":"no_user_key"}')).toMatch(/No API key was found/);
  });
});

describe('formatReplyError: what it does not recognise', () => {
  it('shows the text generically for an unknown code', () => {
    expect(message('{"type":"something_new"}')).toBe(`${GENERIC}{"type":"something_new"}`);
  });

  it('falls back to the generic text when a message lacks what it needs', () => {
    expect(message('{"type":"concurrent"}')).toBe(`${GENERIC}{"type":"concurrent"}`);
    expect(message('{"type":"message_limit","max":"lots"}')).toContain(GENERIC);
    expect(message('{"type":"token_balance","balance":1}')).toContain(GENERIC);
    expect(message('{"type":"expired_user_key","endpoint":"openAI"}')).toContain(GENERIC);
    expect(message('{"type":"INPUT_LENGTH"}')).toContain(GENERIC);
  });

  it('accepts numbers sent as strings', () => {
    expect(message('{"type":"concurrent","limit":"2"}')).toMatch(/^Only 2 messages at a time/);
  });

  it('does not treat inherited object keys as codes', () => {
    expect(message('{"type":"toString"}')).toContain(GENERIC);
    expect(message('{"type":"__proto__"}')).toContain(GENERIC);
  });

  it('cuts long unknown JSON too, so a huge body cannot flood the reply', () => {
    const body = JSON.stringify({ type: 'unknown', info: 'z'.repeat(1000) });
    expect(message(body).endsWith('...')).toBe(true);
    expect(message(body).length).toBe(GENERIC.length + 512 + 3);
  });
});

describe('truncateErrorText', () => {
  it('never splits an emoji in half', () => {
    const text = `${'a'.repeat(511)}😀tail`;
    expect(truncateErrorText(text)).toBe(`${'a'.repeat(511)}...`);
  });
});
