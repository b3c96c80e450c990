import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { updateUserKeyBodySchema } from '../contract/auth';
import { MAX_MESSAGE_TEXT_CHARS, sendBodySchema } from '../contract/chat-request';

/**
 * A field whose type carries a "… is required" error must not answer a value that is merely
 * too long with it: the person was told to fill in a field they had filled in.
 */
function messages(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('too long is not "required"', () => {
  const send = { text: 'Hello', endpoint: 'Test' };

  it('a message text over the limit is named too long', () => {
    const found = messages(sendBodySchema, { ...send, text: 'x'.repeat(MAX_MESSAGE_TEXT_CHARS + 1) });
    expect(found).toEqual([`text is too long (at most ${MAX_MESSAGE_TEXT_CHARS} characters)`]);
    expect(messages(sendBodySchema, { ...send, text: '' })).toEqual(['text is required']);
  });

  it('an endpoint name over the limit is named too long', () => {
    expect(messages(sendBodySchema, { ...send, endpoint: 'e'.repeat(101) })).toEqual([
      'endpoint is too long (at most 100 characters)',
    ]);
    expect(messages(sendBodySchema, { text: 'Hello' })).toEqual(['endpoint is required']);
  });

  it('a key value over the limit is named too long', () => {
    expect(messages(updateUserKeyBodySchema, { name: 'openAI', value: 'k'.repeat(10_001) })).toEqual([
      'value is too long (at most 10000 characters)',
    ]);
    expect(messages(updateUserKeyBodySchema, { name: 'openAI', value: '' })).toEqual(['value is required']);
  });
});
