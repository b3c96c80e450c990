import { type FormEvent, useState } from 'react';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useDeleteAccount } from '../../api/delete-account';
import { matchesAccountEmail } from '../../lib/confirmation-email';

type DeleteAccountDialogProps = { open: boolean; onClose: () => void; email: string };

export function DeleteAccountDialog({ open, onClose, email }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t('com_nav_delete_account_confirm')}>
      <DeleteAccountForm email={email} />
    </Dialog>
  );
}

/** Locked until the user types their own email; on success the session ends and /login shows. */
function DeleteAccountForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { logout } = useAuth();
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const unlocked = matchesAccountEmail(typed, email);
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unlocked || busy) return;
    deleteAccount.mutate(undefined, {
      // logout() clears the token and every cached query, then goes to /login.
      onSuccess: () => void logout(),
      onError: () => showToast({ message: t('com_ui_delete_account_error'), severity: 'error' }),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <div className="rounded-lg border border-red-600/30 bg-red-600/10 px-4 py-3 text-sm text-red-700 dark:text-red-300">
        <p className="font-semibold">{t('com_nav_delete_warning')}</p>
        <p className="mt-1">{t('com_nav_delete_data_info')}</p>
      </div>
      <TextField
        label={t('com_nav_delete_account_email_label')}
        placeholder={t('com_nav_delete_account_email_placeholder')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        type="email"
        autoComplete="off"
        spellCheck={false}
        disabled={busy}
      />
      <DangerButton type="submit" disabled={!unlocked || busy} aria-busy={busy} className="w-full">
        {busy && <Spinner />}
        {t('com_nav_delete_account_button')}
      </DangerButton>
    </form>
  );
}
