import { type InputHTMLAttributes, useId } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | null;
  /** Help text under the input. */
  hint?: string;
};

/** A labelled input with its inline error, wired for assistive technology. */
export function TextField({ label, error, hint, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-text-primary">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block w-full rounded-lg border bg-surface-input px-3.5 py-2.5 text-base text-text-primary shadow-xs transition placeholder:text-text-tertiary focus:outline-2 focus:outline-offset-0 sm:text-sm ${
          error
            ? 'border-border-destructive focus:outline-text-destructive'
            : 'border-border-medium focus:outline-ring-primary'
        }`}
        {...props}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-text-secondary">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
