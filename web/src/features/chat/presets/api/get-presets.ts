import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preset } from '@contract/presets';
import { request } from '@/lib/api/request';
import type { QueryConfig } from '@/lib/react-query';

/** The key every presets mutation invalidates. */
export const presetsQueryKey = ['presets'] as const;

/** GET /api/presets: the user's presets, in the server's order (order, then latest first). */
export const getPresets = (): Promise<Preset[]> => request<Preset[]>('/api/presets');

export const presetsQueryOptions = queryOptions({ queryKey: presetsQueryKey, queryFn: getPresets });

export const usePresets = (config: QueryConfig = {}) => useQuery({ ...presetsQueryOptions, ...config });
