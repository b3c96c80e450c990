import { type ReactNode, useEffect } from 'react';
import { CloseIcon } from '@/components/ui/icon';
import { useTranslation } from '@/lib/i18n/react';

/** From this width the controls sit beside the editor, so the panel has no reason to stay open. */
export const SIDE_PANEL_CLOSE_QUERY = '(min-width: 1022px)';

/** The prompt's controls on a narrow screen: a 320 px panel from the right. */
export function SidePanel({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(SIDE_PANEL_CLOSE_QUERY);
    if (wide.matches) onClose();
    const onChange = (event: MediaQueryListEvent) => event.matches && onClose();
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && onClose();
    wide.addEventListener('change', onChange);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      wide.removeEventListener('change', onChange);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 min-[1022px]:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-black/40" onClick={onClose} />
      <aside
        aria-label={t('com_ui_prompt_controls')}
        data-testid="prompt-side-panel"
        className="absolute inset-y-0 end-0 flex w-[320px] max-w-full flex-col overflow-y-auto border-s border-border-light bg-surface-primary p-4 shadow-xl"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-base font-semibold">{t('com_ui_prompt_controls')}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('com_ui_close')}
            className="rounded-lg p-1.5 text-text-secondary hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </aside>
    </div>
  );
}
