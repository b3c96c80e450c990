import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
        <button
          type="button"
          onClick={() => setDismissed(update)}
          aria-label={t('com_ui_dismiss')}
          className="-m-1 rounded p-1 text-text-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      </div>
    </div>
  );
}
