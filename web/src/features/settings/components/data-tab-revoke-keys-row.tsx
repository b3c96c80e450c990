import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DangerButton } from '@/components/ui/danger-button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useToast } from '@/components/ui/toast-context';
import { request } from '@/lib/api/request';
import { useTranslation } from '@/lib/i18n/react';
import { modelsQueryKey } from '@/shared/config/api/get-models';
import { userKeyQueryKey } from '@/shared/config/api/get-user-key';
import { DataTabConfirmDialog } from './data-tab-confirm-dialog';

/** `DELETE /api/keys?all=true`: every key the user provided (the flag is required, so no call deletes them all by accident). */
const revokeAllUserKeys = () => request<void>('/api/keys?all=true', { method: 'DELETE' });

/** Settings → Data: revoke every user-provided key, after a confirmation. */
export function RevokeKeysRow() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: revokeAllUserKeys,
    onSuccess: async () => {
      // Every endpoint's key is gone: its dialog shows "no key" without asking, and model lists fetched with a key are refreshed.
      queryClient.setQueriesData({ queryKey: [userKeyQueryKey('')[0]] }, null);
      await queryClient.invalidateQueries({ queryKey: modelsQueryKey });
    },
  });

  const onConfirm = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ severity: 'success', message: t('com_ui_revoke_keys_success') });
      },
      onError: () => showToast({ severity: 'error', message: t('com_ui_revoke_keys_error') }),
    });

  return (
    <SettingsRow label={t('com_ui_revoke_info')}>
      <DangerButton onClick={() => setConfirming(true)}>{t('com_ui_revoke')}</DangerButton>
      <DataTabConfirmDialog
        open={confirming}
        title={t('com_ui_revoke_keys')}
        description={t('com_ui_revoke_keys_confirm')}
        confirmLabel={t('com_ui_revoke')}
        pending={revoke.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </SettingsRow>
  );
}
