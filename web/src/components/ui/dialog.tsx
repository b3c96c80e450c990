import { type ReactNode, type RefObject, useEffect, useEffectEvent, useId, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { CloseIcon } from './icon';
import { createPortal } from 'react-dom';
import { isTopDialog, pushDialog } from './dialog-stack';
import { focusableElements, trapTabKey } from './focusable';

type DialogSize = 'sm' | 'md' | 'lg';

const SIZE_CLASSES: Record<DialogSize, string> = {
  sm: 'max-w-md',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
};

export type DialogProps = {
  open: boolean;
  /** Called on Escape, on the close button and on a click outside the panel. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: DialogSize;
  /** Focused on open; otherwise the first focusable element of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * A modal dialog: rendered over the page, labelled by its title, Escape and the close button
 * close it, Tab stays inside, and focus returns to where it was when it closes.
 */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  size = 'md',
  initialFocusRef,
  className = '',
}: Omit<DialogProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeFromKeyboard = useEffectEvent(() => onClose());

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const release = pushDialog(panel);
    const target = initialFocusRef?.current ?? (bodyRef.current && focusableElements(bodyRef.current)[0]) ?? panel;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isTopDialog(panel)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeFromKeyboard();
      } else if (event.key === 'Tab') {
        trapTabKey(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      release();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening: the initial focus must not jump when the parent re-renders.
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-black/50 backdrop-blur-[1px]" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-2xl border border-border-light bg-surface-primary text-text-primary shadow-2xl outline-none sm:rounded-2xl ${SIZE_CLASSES[size]} ${className}`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-border-light px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold leading-7">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-text-secondary">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('com_ui_close')}
            className="-me-2 rounded-lg p-2 text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
          >
            <CloseIcon />
          </button>
        </div>
        <div ref={bodyRef} className="overflow-y-auto px-5 py-5 sm:px-6">
          {children}
        </div>
      </div>
    </div>
  );
}
