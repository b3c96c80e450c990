import { refreshAccessToken } from '@/lib/api/refresh-token';
import { getAccessToken } from '@/lib/api/token-store';

/**
 * Runs a call with the bearer token and, when it answers 401, once more with a renewed token
 * (a newer one another call already got, or a refresh). For the file calls that cannot go
 * through `request` because they need upload progress or a binary body.
 */
export async function withAuthRetry<T extends { status: number }>(
  call: (token: string | null) => Promise<T>,
): Promise<T> {
  const usedToken = getAccessToken();
  const first = await call(usedToken);
  if (first.status !== 401) return first;
  const current = getAccessToken();
  const token = current && current !== usedToken ? current : await refreshAccessToken();
  return token ? call(token) : first;
}
