import { useEffect, useRef } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';
import { BackupStepView } from './backup-step';
import { DisableStepView } from './disable-step';
import { QrStepView } from './qr-step';
import { SetupProgress } from './setup-progress';
import { SetupStepView } from './setup-step';
import { useTwoFactorFlow } from './use-two-factor-flow';
import { VerifyStepView } from './verify-step';

type TwoFactorDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Two-factor is on: the dialog turns it off instead of setting it up. */
  alreadyEnabled: boolean;
};

/** Sets up two-factor (setup → scan → verify → backup codes), or turns it off when it is on. */
export function TwoFactorDialog({ open, onClose, alreadyEnabled }: TwoFactorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t(alreadyEnabled ? 'com_ui_2fa_disable' : 'com_ui_2fa_setup')}
      description={t('com_ui_2fa_account_security')}
    >
      {/* Mounted only while open: closing resets the flow (and undoes an unfinished setup). */}
      <TwoFactorFlow alreadyEnabled={alreadyEnabled} onDone={onClose} />
    </Dialog>
  );
}

function TwoFactorFlow({ alreadyEnabled, onDone }: { alreadyEnabled: boolean; onDone: () => void }) {
  const flow = useTwoFactorFlow({ alreadyEnabled, onDone });
  const { step, setup } = flow;
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);

  // The button that led here is gone: move focus into the new step (its field, if it
  // focused itself, else the step) so the keyboard and screen readers follow.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const container = stepRef.current;
    if (container && !container.contains(document.activeElement)) container.focus();
  }, [step]);

  return (
    <div ref={stepRef} tabIndex={-1} className="outline-none">
      {!alreadyEnabled && step !== 'disable' && <SetupProgress current={step} />}
      {step === 'setup' && <SetupStepView isGenerating={flow.isGenerating} onGenerate={() => void flow.generate()} />}
      {step === 'qr' && setup && (
        <QrStepView otpauthUrl={setup.otpauthUrl} secret={flow.secret} onContinue={flow.continueToVerify} />
      )}
      {step === 'verify' && <VerifyStepView isVerifying={flow.isVerifying} onVerify={flow.verify} />}
      {step === 'backup' && setup && (
        <BackupStepView
          codes={setup.backupCodes}
          downloaded={flow.downloaded}
          isCompleting={flow.isCompleting}
          onDownload={flow.download}
          onComplete={flow.complete}
        />
      )}
      {step === 'disable' && <DisableStepView isDisabling={flow.isDisabling} onDisable={flow.turnOff} />}
    </div>
  );
}
