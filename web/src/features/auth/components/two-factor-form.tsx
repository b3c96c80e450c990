import { type FormEvent, useState } from 'react';
import { AUTH_LIMITS } from '@contract/auth-limits';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { useVerifyTwoFactorLogin } from '../api/verify-two-factor-login';
import { assignLocation } from '../utils/location';

type Mode = 'code' | 'backup';

/** Keeps what each mode accepts: digits for a TOTP code, letters and digits for a backup code. */
const normalise = (mode: Mode, value: string) =>
  mode === 'code'
    ? value.replace(/\D/g, '').slice(0, AUTH_LIMITS.totpCodeLength)
    : value.replace(/[^0-9a-z]/gi, '').slice(0, AUTH_LIMITS.backupCodeLength);

/**
 * The second login step: a 6-digit code, or an 8-character backup code (toggle). Success
 * reloads the app at '/' so it starts from the new session cookie.
 */
export function TwoFactorForm({ tempToken }: { tempToken: string }) {
  const { t } = useTranslation();
  const verify = useVerifyTwoFactorLogin();
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const required = mode === 'code' ? AUTH_LIMITS.totpCodeLength : AUTH_LIMITS.backupCodeLength;
  const complete = value.length === required;

  const switchMode = () => {
    setMode((current) => (current === 'code' ? 'backup' : 'code'));
    setValue('');
    verify.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete) return;
    const proof = mode === 'code' ? { token: value } : { backupCode: value };
    verify.mutate(
      { tempToken, ...proof },
      {
        onSuccess: (response) => {
          if (response?.token) assignLocation('/');
        },
      },
    );
  };

  const error =
    verify.error instanceof ApiError && verify.error.message
      ? verify.error.message
      : t('com_ui_2fa_verification_error');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {verify.isError && <Alert>{error}</Alert>}
      <TextField
        key={mode}
        label={t(mode === 'code' ? 'com_ui_2fa_code_label' : 'com_ui_2fa_backup_code_label')}
        hint={mode === 'backup' ? t('com_auth_backup_code_hint') : undefined}
        name={mode === 'code' ? 'token' : 'backupCode'}
        inputMode={mode === 'code' ? 'numeric' : 'text'}
        autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        maxLength={required}
        value={value}
        onChange={(event) => setValue(normalise(mode, event.target.value))}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
      />
      <Button type="submit" className="w-full py-2.5" disabled={!complete} loading={verify.isPending}>
        {t('com_ui_verify')}
      </Button>
      <button type="button" onClick={switchMode} className={`${TEXT_LINK_CLASSES} self-center text-sm`}>
        {t(mode === 'code' ? 'com_ui_use_backup_code' : 'com_ui_use_2fa_code')}
      </button>
    </form>
  );
}
