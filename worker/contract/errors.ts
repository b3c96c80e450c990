import { z } from 'zod';

/**
 * The one error shape every API route answers with. `code` is a stable machine-readable
 * identifier (LibreChat's error type codes where one exists); `message` is for people.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Codes the foundation answers with; feature areas add their own. */
export const ERROR_CODES = {
  validation: 'validation_error',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
} as const;
