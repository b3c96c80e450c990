import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ERROR_CODES } from '../contract/errors';

/**
 * Like `validate`, but a 400 answers the first problem's message exactly as the schema words
 * it, without the field path in front. For routes whose error texts are LibreChat's
 * (`conversationId is required`, `Edited message text is required`): clients compare
 * or show them verbatim.
 */
export function validateExact<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const message = result.error.issues[0]?.message ?? 'Invalid request';
    return c.json({ message, code: ERROR_CODES.validation }, 400);
  });
}
