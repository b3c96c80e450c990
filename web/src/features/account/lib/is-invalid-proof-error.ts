import { ApiError } from '@/lib/api/api-error';

/** The server refused the code or backup code (as opposed to failing): say "invalid code". */
export const isInvalidProofError = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 400 || error.status === 401);
