import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/api-error';

/** Retrying cannot fix a refusal (4xx): only server and network failures are retried. */
const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < MAX_RETRIES,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Options a feature hook lets its caller set (e.g. wait until signed in). */
export type QueryConfig = { enabled?: boolean };
