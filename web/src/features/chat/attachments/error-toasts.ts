import type { ToastOptions } from '@/components/ui/toast-context';

export const UPLOAD_TOAST_DEBOUNCE_MS = 250;
export const UPLOAD_TOAST_DURATION_MS = 5_000;

/**
 * Collects upload errors and shows them as one toast once none has come for 250 ms: several
 * files refused at once make one list, not a stack of toasts pushing each other away.
 */
export function createErrorToaster(show: (toast: ToastOptions) => void) {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const messages = [...new Set(pending)];
    pending = [];
    if (messages.length === 0) return;
    const message = messages.length === 1 ? messages[0]! : messages.map((text) => `• ${text}`).join('\n');
    show({ message, severity: 'error', durationMs: UPLOAD_TOAST_DURATION_MS });
  };

  return {
    report(message: string) {
      pending.push(message);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, UPLOAD_TOAST_DEBOUNCE_MS);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
