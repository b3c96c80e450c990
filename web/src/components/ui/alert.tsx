import type { ReactNode } from 'react';

type AlertTone = 'error' | 'success' | 'info';

const TONE_CLASSES: Record<AlertTone, string> = {
  error: 'border-border-destructive bg-surface-destructive text-text-destructive',
  success: 'border-border-success bg-surface-success text-text-success',
  info: 'border-border-medium bg-surface-secondary text-text-primary',
};

/** A message box. Errors are announced at once (role=alert), other tones politely (role=status). */
export function Alert({
  tone = 'error',
  children,
  className = '',
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm leading-relaxed ${TONE_CLASSES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
