import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useResetPassword } from '../api/reset-password';
import { useFieldMessage } from '../hooks/use-field-message';
import { useValidatedFields } from '../hooks/use-validated-fields';
import { validateConfirmation, validatePassword } from '../utils/validation';
import { InvalidSubmitAlert } from './invalid-submit-alert';

const EMPTY = { password: '', confirm_password: '' };
const validate = (values: typeof EMPTY) => ({
  password: validatePassword(values.password),
  confirm_password: validateConfirmation(values.password, values.confirm_password),
});

/** The new password and its confirmation, sent with the token and user id from the email link. */
export function ResetPasswordForm({ token, userId }: { token: string; userId: string }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const reset = useResetPassword();
  const form = useValidatedFields(EMPTY, validate);
  const [submitted, setSubmitted] = useState(false);
  // The hidden fields: a link missing either cannot work, and each missing one has its message.
  const linkErrors = [
    !token && t('com_auth_reset_token_missing'),
    !userId && t('com_auth_reset_user_id_missing'),
  ].filter(Boolean);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!form.submit(event) || linkErrors.length > 0) return;
    reset.mutate({ token, userId, ...form.values });
  };

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{t('com_auth_login_with_new_password')}</Alert>
        <Link to={paths.auth.login.getHref()} className={`${buttonClasses()} w-full py-2.5`}>
          {t('com_auth_continue')}
        </Link>
      </div>
    );
  }

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value),
    error: fieldMessage(form.errorOf(name)),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {reset.isError && (
        <Alert>
          <p>{t('com_auth_error_invalid_reset_token')}</p>
          <Link to={paths.auth.forgotPassword.getHref()} className={`${TEXT_LINK_CLASSES} mt-1 inline-block underline`}>
            {t('com_auth_click_here_to_try_again')}
          </Link>
        </Alert>
      )}
      {submitted && linkErrors.length > 0 && (
        <Alert>
          {linkErrors.map((message) => (
            <p key={String(message)}>{message}</p>
          ))}
        </Alert>
      )}
      <TextField
        label={t('com_auth_new_password')}
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <TextField
        label={t('com_auth_password_confirm')}
        type="password"
        autoComplete="new-password"
        {...field('confirm_password')}
      />
      <InvalidSubmitAlert failed={form.failedSubmit} />
      <Button
        type="submit"
        className="w-full py-2.5"
        aria-disabled={form.hasVisibleErrors || undefined}
        loading={reset.isPending}
      >
        {t('com_auth_continue')}
      </Button>
    </form>
  );
}
