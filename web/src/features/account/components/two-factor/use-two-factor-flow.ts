import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnableResponse } from '@contract/auth';
import { useToast } from '@/components/ui/toast-context';
import { currentUserQueryOptions } from '@/shared/auth/api/get-current-user';
import { useConfirmTwoFactor } from '../../api/confirm-two-factor';
import { disableTwoFactor, useDisableTwoFactor } from '../../api/disable-two-factor';
import { useEnableTwoFactor } from '../../api/enable-two-factor';
import type { TwoFactorProof } from '../../api/two-factor-proof';
import { downloadBackupCodes } from '../../lib/download-text-file';
import { isInvalidProofError } from '../../lib/is-invalid-proof-error';
import { secretFromOtpauthUrl } from '../../lib/otpauth';
import { useUpdateCurrentUser } from '../../lib/use-update-current-user';
import type { TwoFactorStep } from './two-factor-steps';

/** A setup that was generated (and maybe confirmed) but not completed; undone on close. */
type PendingSetup = TwoFactorEnableResponse & { confirmed: boolean };

/**
 * The 2FA dialog's state. Lives only while the dialog is open: closing unmounts it, which
 * resets everything and undoes a setup that was started but not completed.
 */
export function useTwoFactorFlow({ alreadyEnabled, onDone }: { alreadyEnabled: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const updateUser = useUpdateCurrentUser();
  const [step, setStep] = useState<TwoFactorStep>(alreadyEnabled ? 'disable' : 'setup');
  const [setup, setSetup] = useState<PendingSetup | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const enable = useEnableTwoFactor();
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
      if (pending) undoSetup(pending);
    };
  }, []);

  const undoSetup = (pending: PendingSetup | null) => {
    const backupCode = pending?.backupCodes[0];
    if (!pending?.confirmed || !backupCode) return void disableTwoFactor().catch(() => undefined);
    // Confirmed but not completed: two-factor is on at the server. The confirmed code cannot
    // be replayed, but one of the new backup codes proves it; re-read the user either way.
    void disableTwoFactor({ backupCode })
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey }));
  };

  const trackSetup = (next: PendingSetup | null) => {
    unfinished.current = next;
    setSetup(next);
  };

  const generate = () =>
    enable.mutateAsync().then(
      (data) => {
        // Closed while generating: nothing to show, but the new secret must not linger.
        if (closed.current) return undoSetup(null);
        trackSetup({ ...data, confirmed: false });
        setStep('qr');
      },
      () => {
        if (!closed.current) showToast({ message: t('com_ui_2fa_generate_error'), severity: 'error' });
      },
    );

  const verify = (token: string) =>
    confirm.mutate(token, {
      onSuccess: () => {
        if (setup) trackSetup({ ...setup, confirmed: true });
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
    if (!downloaded) return;
    unfinished.current = null;
    updateUser({ twoFactorEnabled: true });
    showToast({ message: t('com_ui_2fa_enabled'), severity: 'success' });
    onDone();
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
    isVerifying: confirm.isPending,
    isDisabling: disable.isPending,
    generate,
    continueToVerify: () => setStep('verify'),
    verify,
    download,
    complete,
    turnOff,
  };
}
