import type { FormEvent } from 'react';
import { DangerButton } from '@/components/ui/danger-button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';
import type { TwoFactorProof } from '../../api/two-factor-proof';
import { ProofField } from './proof-field';
import { useProofInput } from './use-proof-input';

type DisableStepProps = { isDisabling: boolean; onDisable: (proof: TwoFactorProof) => void };

/** Turning two-factor off needs a current code or a backup code; an incomplete one sends nothing. */
export function DisableStepView({ isDisabling, onDisable }: DisableStepProps) {
  const { t } = useTranslation();
  const { field, proof } = useProofInput();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (proof && !isDisabling) onDisable(proof);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm text-text-secondary">{t('com_ui_2fa_disable_info')}</p>
      <ProofField {...field} disabled={isDisabling} />
      <DangerButton type="submit" disabled={!proof || isDisabling} aria-busy={isDisabling} className="w-full">
        {isDisabling && <Spinner />}
        {t(isDisabling ? 'com_ui_disabling' : 'com_ui_2fa_disable')}
      </DangerButton>
    </form>
  );
}
