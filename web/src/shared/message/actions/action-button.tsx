import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

type ActionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  /** Names the button for assistive technology and is shown as its tooltip. */
  label: string;
  icon: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * An icon button with a tooltip that appears on hover and on keyboard focus. The tooltip only
 * repeats the accessible name, so it is hidden from assistive technology.
 */
export function ActionButton({ label, icon, className = '', ref, ...props }: ActionButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      className={`group/action relative inline-flex size-8 items-center justify-center rounded-md text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent ${className}`}
      {...props}
    >
      {icon}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 -translate-x-1/2 whitespace-nowrap rounded-md bg-text-primary px-2 py-1 text-xs text-surface-primary opacity-0 transition-opacity group-hover/action:opacity-100 group-focus-visible/action:opacity-100"
      >
        {label}
      </span>
    </button>
  );
}
