import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePresetsBody, DeletePresetsResult } from '@contract/presets';
import { request } from '@/lib/api/request';
import { presetsQueryKey } from './get-presets';

/** POST /api/presets/delete: one preset with `{presetId}`, every preset of the user with `{}`. */
export const deletePresets = (body: DeletePresetsBody): Promise<DeletePresetsResult> =>
  request<DeletePresetsResult>('/api/presets/delete', { method: 'POST', json: body });

export function useDeletePresets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePresets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsQueryKey }),
  });
}
