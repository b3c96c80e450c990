import { createContext, useContext } from 'react';

export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

export type ToastOptions = {
  message: string;
  /** Defaults to `info`. */
  severity?: ToastSeverity;
  /** How long the toast stays, in milliseconds; defaults to TOAST_DURATION_MS. */
  durationMs?: number;
};

/** Long enough to read a one-line message, short enough not to pile up (LibreChat's default). */
export const TOAST_DURATION_MS = 3000;

export type ToastContextValue = { showToast: (options: ToastOptions) => void };

export const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
