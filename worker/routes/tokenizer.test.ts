import { describe, expect, it } from 'vitest';
import { MAX_TOKENIZER_TEXT_CHARS, tokenCountResponseSchema } from '../contract/messages';
import { countTokens } from '../engine/tokens';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

describe('POST /api/tokenizer', () => {
  it('answers {count} for {text}, and for LibreChat’s {arg} bodies', async () => {
    const user = await createTestUser();
    const text = 'The quick brown fox jumps over the lazy dog.';
    for (const body of [{ text }, { arg: text }, { arg: { text } }]) {
      const res = await callAs(user, '/api/tokenizer', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(tokenCountResponseSchema.parse(await res.json())).toEqual({ count: countTokens(text) });
    }
    expect(await (await callAs(user, '/api/tokenizer', 'POST', { text: '' })).json()).toEqual({ count: 0 });
  });

  it('refuses a missing text and one over the cap', async () => {
    const user = await createTestUser();
    for (const body of [{}, { text: 42 }, { arg: null }]) {
      const res = await callAs(user, '/api/tokenizer', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await (await callAs(user, '/api/tokenizer', 'POST', {})).json()).toMatchObject({
      message: 'text is required',
    });
    const tooLong = await callAs(user, '/api/tokenizer', 'POST', { text: 'a'.repeat(MAX_TOKENIZER_TEXT_CHARS + 1) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      message: `text is too long (at most ${MAX_TOKENIZER_TEXT_CHARS} characters)`,
    });
    expect((await callAs(user, '/api/tokenizer', 'POST', { text: 'a'.repeat(MAX_TOKENIZER_TEXT_CHARS) })).status).toBe(
      200,
    );
  });

  it('answers 401 without a token', async () => {
    expect((await callAs(null, '/api/tokenizer', 'POST', { text: 'hi' })).status).toBe(401);
  });
});
