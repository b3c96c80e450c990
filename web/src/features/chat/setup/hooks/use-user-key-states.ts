import { useQueries } from '@tanstack/react-query';
import { userKeyQueryOptions } from '@/shared/config/api/get-user-key';
import { isKeyActive } from '../lib/key-expiry';

/**
 * For each named endpoint: whether the user's own key is set (true), missing or expired
 * (false), or still loading (undefined). Only endpoints that take a user key are asked about.
 */
export function useUserKeyStates(names: readonly string[]): Readonly<Record<string, boolean | undefined>> {
  const results = useQueries({ queries: names.map((name) => userKeyQueryOptions(name)) });
  const states: Record<string, boolean | undefined> = {};
  names.forEach((name, index) => {
    const result = results[index];
    states[name] = result?.isSuccess ? result.data !== null && isKeyActive(result.data.expiresAt) : undefined;
  });
  return states;
}
