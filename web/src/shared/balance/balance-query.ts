import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/request';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';

export const balanceQueryKey = ['balance'] as const;

/** GET /api/balance answers the credits as a bare number string. */
const getBalance = async (): Promise<number> => Number(await request<string>('/api/balance'));

const balanceQueryOptions = queryOptions({ queryKey: balanceQueryKey, queryFn: getBalance });

/**
 * The signed-in user's token credits, or undefined when the operator has not enabled balances
 * (then nothing is asked). Finished replies invalidate it (the chat's run store), so the figure
 * follows each turn's cost.
 */
export function useBalance(signedIn: boolean): number | undefined {
  const { data: config } = useStartupConfig();
  const enabled = signedIn && config?.balance?.enabled === true;
  const { data } = useQuery({ ...balanceQueryOptions, enabled });
  return enabled && data !== undefined && Number.isFinite(data) ? data : undefined;
}
