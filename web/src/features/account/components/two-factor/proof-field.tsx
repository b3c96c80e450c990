import { AUTH_LIMITS } from '@contract/auth-limits';
import { useTranslation } from '@/lib/i18n/react';
import { type ProofMode, sanitizeProofInput } from '../../lib/two-factor-input';
import { CodeField } from './code-field';

type ProofFieldProps = {
  mode: ProofMode;
  value: string;
  onChange: (value: string) => void;
  /** Switching clears the value: a half-typed code is no use as a backup code. */
  onModeChange: (mode: ProofMode) => void;
  disabled?: boolean;
};

/** A 6-digit authenticator code, or (toggle) an 8-character backup code. */
export function ProofField({ mode, value, onChange, onModeChange, disabled = false }: ProofFieldProps) {
  const { t } = useTranslation();
  const isToken = mode === 'token';
  return (
    <div className="flex flex-col gap-2">
      <CodeField
        label={t(isToken ? 'com_ui_2fa_code_label' : 'com_ui_2fa_backup_code_label')}
        value={value}
        onChange={(event) => onChange(sanitizeProofInput(mode, event.target.value))}
        inputMode={isToken ? 'numeric' : 'text'}
        autoComplete={isToken ? 'one-time-code' : 'off'}
        maxLength={isToken ? AUTH_LIMITS.totpCodeLength : AUTH_LIMITS.backupCodeLength}
        placeholder={isToken ? '000000' : 'xxxxxxxx'}
        disabled={disabled}
      />
      <button
        type="button"
        onClick={() => onModeChange(isToken ? 'backupCode' : 'token')}
        disabled={disabled}
        className="self-start rounded text-sm font-medium text-text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:opacity-50"
      >
        {t(isToken ? 'com_ui_use_backup_code' : 'com_ui_use_2fa_code')}
      </button>
    </div>
  );
}
