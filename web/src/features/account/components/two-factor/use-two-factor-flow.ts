import { useEffect, useRef, useState } from 'react';
import type { TwoFactorEnableResponse } from '@contract/auth';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useConfirmTwoFactor } from '../../api/confirm-two-factor';
import { disableTwoFactor, useDisableTwoFactor } from '../../api/disable-two-factor';
import { useEnableTwoFactor } from '../../api/enable-two-factor';
import type { TwoFactorProof } from '../../api/two-factor-proof';
import { useVerifyTwoFactor } from '../../api/verify-two-factor';
import { downloadBackupCodes } from '../../lib/download-text-file';
import { isInvalidProofError } from '../../lib/is-invalid-proof-error';
import { secretFromOtpauthUrl } from '../../lib/otpauth';
import { useUpdateCurrentUser } from '../../lib/use-update-current-user';
import type { TwoFactorStep } from './two-factor-steps';

/** A setup that was generated but not completed; `token` is the code that verified it. */
type PendingSetup = TwoFactorEnableResponse & { token?: string };

/**
 * The 2FA dialog's state. Lives only while the dialog is open: closing unmounts it, which
 * resets everything and undoes a setup that was started but not completed.
 *
 * The server turns two-factor on only at the last step (confirm), after the backup codes were
 * downloaded; until then a pending setup is dropped with a disable call that needs no code.
 */
export function useTwoFactorFlow({ alreadyEnabled, onDone }: { alreadyEnabled: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const updateUser = useUpdateCurrentUser();
  const [step, setStep] = useState<TwoFactorStep>(alreadyEnabled ? 'disable' : 'setup');
  const [setup, setSetup] = useState<PendingSetup | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const enable = useEnableTwoFactor();
  const check = useVerifyTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();

  // What the unmount cleanup must undo; refs because the cleanup runs after the last render.
  const unfinished = useRef<PendingSetup | null>(null);
  const closed = useRef(false);
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      const pending = unfinished.current;
      unfinished.current = null;
      if (pending) undoSetup();
    };
  }, []);

  // Drops the pending secret and codes; nothing to tell the user, who has left the dialog.
  const undoSetup = () => void disableTwoFactor().catch(() => undefined);

  const trackSetup = (next: PendingSetup | null) => {
    unfinished.current = next;
    setSetup(next);
  };

  const generate = () =>
    enable.mutateAsync().then(
      (data) => {
        // Closed while generating: nothing to show, but the new secret must not linger.
        if (closed.current) return undoSetup();
        trackSetup(data);
        setStep('qr');
      },
      () => {
        if (!closed.current) showToast({ message: t('com_ui_2fa_generate_error'), severity: 'error' });
      },
    );

  const verify = (token: string) =>
    check.mutate(token, {
      onSuccess: () => {
        if (setup) trackSetup({ ...setup, token });
        showToast({ message: t('com_ui_2fa_verified'), severity: 'success' });
        setStep('backup');
      },
      onError: () => showToast({ message: t('com_ui_2fa_invalid'), severity: 'error' }),
    });

  const download = () => {
    if (!setup) return;
    downloadBackupCodes(setup.backupCodes);
    setDownloaded(true);
  };

  const complete = () => {
    if (!downloaded || !setup?.token || confirm.isPending) return;
    confirm.mutate(setup.token, {
      onSuccess: () => {
        unfinished.current = null;
        updateUser({ twoFactorEnabled: true });
        showToast({ message: t('com_ui_2fa_enabled'), severity: 'success' });
        onDone();
      },
      onError: () => {
        if (!closed.current) showToast({ message: t('com_ui_2fa_enable_error'), severity: 'error' });
      },
    });
  };

  const turnOff = (proof: TwoFactorProof) =>
    disable.mutate(proof, {
      onSuccess: () => {
        updateUser({ twoFactorEnabled: false });
        showToast({ message: t('com_ui_2fa_disabled'), severity: 'success' });
        onDone();
      },
      onError: (error) =>
        showToast({
          message: t(isInvalidProofError(error) ? 'com_ui_2fa_invalid' : 'com_ui_2fa_disable_error'),
          severity: 'error',
        }),
    });

  return {
    step,
    setup,
    secret: setup ? secretFromOtpauthUrl(setup.otpauthUrl) : '',
    downloaded,
    isGenerating: enable.isPending,
    isVerifying: check.isPending,
    isCompleting: confirm.isPending,
    isDisabling: disable.isPending,
    generate,
    continueToVerify: () => setStep('verify'),
    verify,
    download,
    complete,
    turnOff,
  };
}
