import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { TTS_CACHE_NAME } from '@/shared/speech/tts-cache';

/** True when there was a cache to delete. Without Cache Storage (plain http, old browsers) there is none. */
async function deleteSpeechCache(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return caches.delete(TTS_CACHE_NAME);
}

/** Settings → Data: clear the speech audio this browser kept. */
export function ClearSpeechCacheRow() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const clear = useMutation({ mutationFn: deleteSpeechCache });
  return (
    <SettingsRow label={t('com_nav_delete_cache_storage')} description={t('com_nav_delete_cache_storage_info')}>
      <Button
        variant="outline"
        loading={clear.isPending}
        onClick={() =>
          clear.mutate(undefined, {
            onSuccess: (deleted) =>
              showToast({
                severity: 'success',
                message: t(deleted ? 'com_nav_delete_cache_storage_done' : 'com_nav_delete_cache_storage_empty'),
              }),
            onError: () => showToast({ severity: 'error', message: t('com_nav_delete_cache_storage_error') }),
          })
        }
      >
        {t('com_nav_delete_cache_storage_button')}
      </Button>
    </SettingsRow>
  );
}
