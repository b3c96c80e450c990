import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useRef } from 'react';
import type { AuthSuccess } from '@contract/auth';
import type { TurnstileConfig } from '@contract/config';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { establishSession } from '@/shared/auth/utils/session';
import { isSignedUp, useRegister } from '../api/register';
import { useCaptcha } from '../hooks/use-captcha';
import { REDIRECT_COUNTDOWN_SECONDS, useCountdown } from '../hooks/use-countdown';
import { useFieldMessage } from '../hooks/use-field-message';
import { useValidatedFields } from '../hooks/use-validated-fields';
import { validateConfirmation, validateEmail, validateName, validatePassword } from '../utils/validation';
import { InvalidSubmitAlert } from './invalid-submit-alert';

const EMPTY = { name: '', email: '', password: '', confirm_password: '' };
const validate = (values: typeof EMPTY) => ({
  name: validateName(values.name),
  email: validateEmail(values.email),
  password: validatePassword(values.password),
  confirm_password: validateConfirmation(values.password, values.confirm_password),
});

/**
 * Name, email, password and confirmation, checked on change, and the captcha when the config has
 * one. A usable account counts down three seconds, then its session is stored and the auth-page
 * guard moves on to /c/new; an account that must verify its email shows the server's instructions
 * and stays.
 */
export function RegisterForm({
  inviteToken,
  turnstile,
}: {
  inviteToken?: string | undefined;
  turnstile?: TurnstileConfig | undefined;
}) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const registration = useRegister();
  const form = useValidatedFields(EMPTY, validate);
  const session = useRef<AuthSuccess | null>(null);
  const signIn = useCallback(() => {
    if (session.current) establishSession(queryClient, session.current);
  }, [queryClient]);
  const countdown = useCountdown(REDIRECT_COUNTDOWN_SECONDS, signIn);
  const captcha = useCaptcha(turnstile);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.submit(event) || !captcha.canSubmit) return;
    const { name, email, password, confirm_password } = form.values;
    captcha.submitWithToken((turnstileToken) =>
      registration.mutate(
        {
          name: name.trim(),
          email: email.trim(),
          password,
          confirm_password,
          token: inviteToken,
          ...(turnstileToken ? { turnstileToken } : {}),
        },
        {
          onSuccess: (response) => {
            if (!isSignedUp(response)) return;
            session.current = response;
            countdown.start();
          },
          // Whatever the refusal, the server has spent the token.
          onError: captcha.reset,
        },
      ),
    );
  };

  if (registration.isSuccess) {
    const response = registration.data;
    return (
      <Alert tone="success">
        {isSignedUp(response) ? (
          <>
            <p className="font-medium">{t('com_auth_registration_success_insecure')}</p>
            <p>
              {t('com_auth_email_verification_redirecting', {
                count: countdown.remaining ?? REDIRECT_COUNTDOWN_SECONDS,
              })}
            </p>
          </>
        ) : (
          <p>{response?.message || t('com_auth_registration_success_generic')}</p>
        )}
      </Alert>
    );
  }

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value),
    error: fieldMessage(form.errorOf(name)),
  });
  const serverMessage = registration.error instanceof ApiError ? registration.error.message : null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('com_auth_registration_form')}>
      {registration.isError && (
        <Alert>
          {t('com_auth_error_create')} {serverMessage}
        </Alert>
      )}
      <TextField label={t('com_auth_full_name')} autoComplete="name" {...field('name')} />
      <TextField
        label={t('com_auth_email_address')}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField label={t('com_auth_password')} type="password" autoComplete="new-password" {...field('password')} />
      <TextField
        label={t('com_auth_password_confirm')}
        type="password"
        autoComplete="new-password"
        {...field('confirm_password')}
      />
      {captcha.widget}
      <InvalidSubmitAlert failed={form.failedSubmit} />
      <Button
        type="submit"
        className="w-full py-2.5"
        aria-disabled={form.hasVisibleErrors || !captcha.canSubmit || undefined}
        aria-describedby={captcha.hintId}
        loading={registration.isPending || captcha.running}
      >
        {t('com_auth_continue')}
      </Button>
    </form>
  );
}
