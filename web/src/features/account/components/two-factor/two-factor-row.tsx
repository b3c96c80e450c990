import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useTranslation } from '@/lib/i18n/react';

// uqr and the setup steps load only when the dialog is first opened.
const TwoFactorDialog = lazy(() =>
  import('./two-factor-dialog').then((module) => ({ default: module.TwoFactorDialog })),
);

/** The Account tab's two-factor line: its state and the button that opens the dialog. */
export function TwoFactorRow({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Fixed while the dialog is open, so finishing the setup does not swap it to "disable".
  const [dialogForEnabled, setDialogForEnabled] = useState(enabled);

  return (
    <SettingsRow
      label={t('com_nav_2fa')}
      description={t(enabled ? 'com_ui_2fa_status_enabled' : 'com_ui_2fa_account_security')}
    >
      <Button
        variant={enabled ? 'outline' : 'primary'}
        onClick={() => {
          setDialogForEnabled(enabled);
          setOpen(true);
        }}
      >
        {t(enabled ? 'com_ui_2fa_disable' : 'com_ui_2fa_enable')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TwoFactorDialog open onClose={() => setOpen(false)} alreadyEnabled={dialogForEnabled} />
        </Suspense>
      )}
    </SettingsRow>
  );
}
