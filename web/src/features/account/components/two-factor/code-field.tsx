import { type InputHTMLAttributes, useId } from 'react';

type CodeFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { label: string };

/** A labelled one-time-code input: large, centred, monospaced, digits spaced apart. */
export function CodeField({ label, ...props }: CodeFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      <input
        id={id}
        autoCapitalize="off"
        spellCheck={false}
        className="block w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2.5 text-center font-mono text-xl tracking-[0.4em] text-text-primary shadow-xs transition placeholder:text-text-tertiary focus:outline-2 focus:outline-offset-0 focus:outline-ring-primary disabled:opacity-50"
        {...props}
      />
    </div>
  );
}
