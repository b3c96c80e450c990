import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preset, SavePresetBody } from '@contract/presets';
import { request } from '@/lib/api/request';
import { presetsQueryKey } from './get-presets';

/** POST /api/presets: creates (no presetId) or updates one preset; only the fields sent change. */
export const savePreset = (body: SavePresetBody): Promise<Preset> =>
  request<Preset>('/api/presets', { method: 'POST', json: body });

/**
 * Saving can change other presets too (a new default unmarks the old one and reorders the
 * list), so the list is refetched rather than patched; the mutation settles after it.
 */
export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsQueryKey }),
  });
}
