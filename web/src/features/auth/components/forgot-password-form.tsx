import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n/react';
import { FORGOT_EMAIL_MIN } from '../utils/auth-limits';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useFieldMessage } from '../hooks/use-field-message';
import { useInvalidSubmit } from '../hooks/use-invalid-submit';
import { validateEmail } from '../utils/validation';
import { InvalidSubmitAlert } from './invalid-submit-alert';

/** Only web links from the server are followed (never `javascript:`). */
const isWebLink = (link: string | undefined): link is string => typeof link === 'string' && /^https?:\/\//i.test(link);

/**
 * Asks for a reset email. Whatever happens, the answer never reveals whether the address has
 * an account: success and failure alike show the same "if it exists" confirmation, except
 * that a server without email hands the reset link over directly.
 */
export function ForgotPasswordForm({ emailEnabled }: { emailEnabled: boolean }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const invalidSubmit = useInvalidSubmit();
  const error = submitted ? validateEmail(email, { min: FORGOT_EMAIL_MIN }) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!invalidSubmit.check(event, validateEmail(email, { min: FORGOT_EMAIL_MIN }) ? ['email'] : [])) return;
    requestReset.mutate(email.trim());
  };

  if (requestReset.isSuccess || requestReset.isError) {
    const link = requestReset.data?.link;
    if (!emailEnabled && isWebLink(link)) {
      return (
        <Alert tone="success">
          <p>{t('com_auth_reset_password_link_intro')}</p>
          <a href={link} className={`${TEXT_LINK_CLASSES} mt-1 inline-block underline`}>
            {t('com_auth_click_here_to_reset')}
          </a>
        </Alert>
      );
    }
    return (
      <Alert tone="success">
        <p className="font-medium">{t('com_auth_reset_password_link_sent')}</p>
        <p className="mt-1">{t('com_auth_reset_password_if_email_exists')}</p>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        label={t('com_auth_email_address')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldMessage(error)}
      />
      <InvalidSubmitAlert failed={invalidSubmit.failed} />
      <Button type="submit" className="w-full py-2.5" loading={requestReset.isPending}>
        {t('com_auth_continue')}
      </Button>
    </form>
  );
}
