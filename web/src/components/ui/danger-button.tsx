import type { ButtonHTMLAttributes } from 'react';

/** A button for irreversible actions (delete account): red in both themes. */
export function DangerButton({ className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-medium text-white transition hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-red-600 dark:bg-red-700 dark:hover:bg-red-600 ${className}`}
      {...props}
    />
  );
}
