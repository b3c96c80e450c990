import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { DismissButton } from '@/components/ui/dismiss-button';
import { useTranslation } from '@/lib/i18n/react';
import { applyUpdate, subscribeToUpdate, waitingUpdate } from '@/lib/pwa/service-worker';

/**
 * "A new version is available": shown when a deploy's service worker has installed and waits.
 * Reload hands over to it and reloads; dismissing keeps this version until the next visit. At
 * the top, like the toasts, where it covers nothing the user types into.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const update = useSyncExternalStore(subscribeToUpdate, waitingUpdate, () => null);
  const [dismissed, setDismissed] = useState<ServiceWorker | null>(null);
  if (!update || update === dismissed) return null;

  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-[100] flex justify-center px-2">
      <div className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border border-border-light bg-surface-primary px-4 py-3 text-sm text-text-primary shadow-lg">
        <p role="status" className="flex-1">
          {t('com_ui_update_available')}
        </p>
        <Button onClick={() => applyUpdate()}>{t('com_ui_update_reload')}</Button>
        <DismissButton onDismiss={() => setDismissed(update)} />
      </div>
    </div>
  );
}
