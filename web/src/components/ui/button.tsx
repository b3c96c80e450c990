import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'outline' | 'ghost';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary:
    'bg-surface-submit text-white hover:bg-surface-submit-hover disabled:hover:bg-surface-submit aria-disabled:hover:bg-surface-submit',
  outline: 'border border-border-medium bg-surface-primary hover:bg-surface-secondary',
  ghost: 'hover:bg-surface-secondary',
};

/** The button look, for links that act as buttons (`<Link className={buttonClasses()}>`). */
export const buttonClasses = (variant: ButtonVariant = 'primary') =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${VARIANT_CLASSES[variant]}`;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /**
   * Shows a spinner, marks the button busy and ignores presses. It stays focusable (aria-disabled,
   * not disabled): a disabled button drops keyboard focus to the page while the request runs.
   */
  loading?: boolean;
};

/** A press on a busy button does nothing; cancelling the click also stops a form's submit. */
const ignorePress = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  loading = false,
  disabled,
  children,
  onClick,
  'aria-disabled': ariaDisabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={loading || ariaDisabled || undefined}
      aria-busy={loading || undefined}
      className={`${buttonClasses(variant)} ${className}`}
      {...props}
      onClick={loading ? ignorePress : onClick}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
