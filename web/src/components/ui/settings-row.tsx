import type { ReactNode } from 'react';

type SettingsRowProps = {
  label: ReactNode;
  description?: ReactNode;
  /** Id of the label, for a control that names itself by it (aria-labelledby / htmlFor). */
  labelId?: string;
  htmlFor?: string;
  children: ReactNode;
};

/** One setting: its name (and a line of explanation) on the left, its control on the right. */
export function SettingsRow({ label, description, labelId, htmlFor, children }: SettingsRowProps) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <label id={labelId} htmlFor={htmlFor} className="text-sm font-medium text-text-primary">
          {label}
        </label>
        {description && <p className="mt-0.5 text-sm text-text-secondary">{description}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">{children}</div>
    </div>
  );
}
