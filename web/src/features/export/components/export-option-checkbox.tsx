import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ExportOptionCheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The type in use cannot honour it: shown off and disabled, with the reason. */
  supported: boolean;
}

/** One export option: a labelled checkbox that says so when the chosen type ignores it. */
export function ExportOptionCheckbox({ label, checked, onChange, supported }: ExportOptionCheckboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={supported && checked}
        disabled={!supported}
        aria-describedby={supported ? undefined : noteId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-surface-submit disabled:opacity-50"
      />
      <div className="text-sm">
        <label htmlFor={id} className={supported ? 'text-text-primary' : 'text-text-secondary'}>
          {label}
        </label>
        {!supported && (
          <p id={noteId} className="text-xs text-text-secondary">
            {t('com_nav_export_not_supported')}
          </p>
        )}
      </div>
    </div>
  );
}
