import type { SelectHTMLAttributes } from 'react';

/** `lang` marks an option written in another language than the page (a language's own name). */
export type SelectOption = { value: string; label: string; lang?: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  options: readonly SelectOption[];
};

/** A native select (keyboard, screen readers and mobile pickers for free) in the app's style. */
export function SelectField({ options, className = '', ...props }: SelectFieldProps) {
  return (
    <div className={`relative ${className}`}>
      <select
        className="w-full min-w-40 cursor-pointer appearance-none rounded-lg border border-border-medium bg-surface-input py-2 ps-3 pe-9 text-sm text-text-primary transition hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring-primary disabled:opacity-50"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-text-secondary"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </div>
  );
}
