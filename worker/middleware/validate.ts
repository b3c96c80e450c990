import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ERROR_CODES } from '../contract/errors';

/**
 * Validates one part of the request with a zod schema. On failure answers 400 in the API's
 * error shape; the message names the first offending field so a person can act on it, and
 * every problem is listed after it.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    return c.json({ message: describeIssues(result.error.issues), code: ERROR_CODES.validation }, 400);
  });
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
