import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { QrCode } from '@/components/ui/qr-code';
import { useTranslation } from '@/lib/i18n/react';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { SECRET_COPY_FEEDBACK_MS } from './two-factor-steps';

/** Side of the 2FA QR code in CSS pixels. */
const TWO_FACTOR_QR_SIZE_PX = 240;

type QrStepProps = { otpauthUrl: string; secret: string; onContinue: () => void };

export function QrStepView({ otpauthUrl, secret, onContinue }: QrStepProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard(SECRET_COPY_FEEDBACK_MS);
  const secretLabelId = useId();
  return (
    <div className="flex flex-col items-center gap-5">
      <p className="text-center text-sm text-text-secondary">{t('com_ui_2fa_scan_qr')}</p>
      <QrCode value={otpauthUrl} label={t('com_ui_2fa_qr_label')} size={TWO_FACTOR_QR_SIZE_PX} testId="two-factor-qr" />
      <div className="w-full">
        <p id={secretLabelId} className="mb-1.5 text-sm font-medium">
          {t('com_ui_secret_key')}
        </p>
        <div className="flex items-stretch gap-2">
          <code
            aria-labelledby={secretLabelId}
            data-testid="two-factor-secret"
            className="min-w-0 flex-1 break-all rounded-lg border border-border-light bg-surface-secondary px-3 py-2 font-mono text-sm tracking-wider"
          >
            {secret}
          </code>
          <Button variant="outline" onClick={() => void copy(secret)} className="shrink-0">
            {t(copied ? 'com_ui_copied' : 'com_ui_copy')}
          </Button>
        </div>
      </div>
      <Button onClick={onContinue} className="w-full">
        {t('com_ui_continue')}
      </Button>
    </div>
  );
}
