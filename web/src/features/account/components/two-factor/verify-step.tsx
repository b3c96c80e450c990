import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { isTotpCode, sanitizeTotpInput } from '../../lib/two-factor-input';
import { CodeField } from './code-field';

type VerifyStepProps = { isVerifying: boolean; onVerify: (token: string) => void };

export function VerifyStepView({ isVerifying, onVerify }: VerifyStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const complete = isTotpCode(code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !isVerifying) onVerify(code);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <CodeField
        label={t('com_ui_2fa_enter_code')}
        value={code}
        onChange={(event) => setCode(sanitizeTotpInput(event.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        placeholder="000000"
        disabled={isVerifying}
      />
      <Button type="submit" disabled={!complete} loading={isVerifying} className="w-full">
        {t(isVerifying ? 'com_ui_verifying' : 'com_ui_verify')}
      </Button>
    </form>
  );
}
