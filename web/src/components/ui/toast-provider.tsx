import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import {
  TOAST_DURATION_MS,
  ToastContext,
  type ToastContextValue,
  type ToastOptions,
  type ToastSeverity,
} from './toast-context';
import { DismissButton } from './dismiss-button';

type Toast = { id: number; message: string; severity: ToastSeverity };

/** At most this many toasts are on screen; older ones make room for new ones. */
const MAX_VISIBLE_TOASTS = 3;

const SEVERITY_CLASSES: Record<ToastSeverity, string> = {
  info: 'border-border-light',
  success: 'border-green-600/60 dark:border-green-500/60',
  warning: 'border-amber-500/70',
  error: 'border-red-600/70 dark:border-red-500/70',
};

const DOT_CLASSES: Record<ToastSeverity, string> = {
  info: 'bg-text-secondary',
  success: 'bg-green-600 dark:bg-green-500',
  warning: 'bg-amber-500',
  error: 'bg-red-600 dark:bg-red-500',
};

/**
 * Shows short messages at the top of the screen (top right, below the header, on wider
 * screens), where they cover nothing the user types into; `useToast().showToast` adds one.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(
    ({ message, severity = 'info', durationMs = TOAST_DURATION_MS }: ToastOptions) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, severity }].slice(-MAX_VISIBLE_TOASTS));
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const value = useMemo<ToastContextValue>(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <ol
        aria-label={t('com_ui_notifications')}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-2 z-[100] flex flex-col items-center gap-2 px-2 sm:start-auto sm:top-16 sm:items-end sm:px-4"
      >
        {toasts.map((toast) => (
          // The live role sits on the message, not the item: a list item must stay a listitem.
          <li
            key={toast.id}
            data-severity={toast.severity}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-surface-primary px-4 py-3 text-sm text-text-primary shadow-lg ${SEVERITY_CLASSES[toast.severity]}`}
          >
            <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT_CLASSES[toast.severity]}`} />
            {/* pre-line: a message may be a list, one item a line. */}
            <span role={toast.severity === 'error' ? 'alert' : 'status'} className="flex-1 whitespace-pre-line">
              {toast.message}
            </span>
            <DismissButton onDismiss={() => dismiss(toast.id)} />
          </li>
        ))}
      </ol>
    </ToastContext.Provider>
  );
}
