import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TurnstileConfig } from '@contract/config';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { establishSession } from '@/shared/auth/utils/session';
import { isTwoFactorPending, useLogin } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useFieldMessage } from '../hooks/use-field-message';
import { useInvalidSubmit } from '../hooks/use-invalid-submit';
import { isUnverifiedEmailError, loginErrorDetail, loginErrorKey } from '../utils/login-error';
import { type FieldError, validateEmail, validatePassword } from '../utils/validation';
import { InvalidSubmitAlert } from './invalid-submit-alert';
import { ResendVerification } from './resend-verification';

type Errors = { email: FieldError | null; password: FieldError | null };

const validate = (email: string, password: string): Errors => ({
  email: validateEmail(email),
  password: validatePassword(password),
});

/**
 * Email and password, and the captcha when the config has one. A session is stored and the
 * auth-page guard takes the user on; a 2FA account goes to the code step with its temporary token.
 */
export function LoginForm({
  passwordResetEnabled,
  turnstile,
}: {
  passwordResetEnabled: boolean;
  turnstile?: TurnstileConfig | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const message = useFieldMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const invalidSubmit = useInvalidSubmit();
  const captcha = useCaptcha(turnstile);

  // Fields are checked once the user first submits, then on every change.
  const errors = submitted ? validate(email, password) : { email: null, password: null };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const next = validate(email, password);
    const invalid = (['email', 'password'] as const).filter((name) => next[name] !== null);
    if (!invalidSubmit.check(event, invalid) || !captcha.canSubmit) return;
    captcha.submitWithToken((turnstileToken) =>
      login.mutate(
        { email: email.trim(), password, ...(turnstileToken ? { turnstileToken } : {}) },
        {
          onSuccess: (response) => {
            if (isTwoFactorPending(response)) void navigate(paths.auth.twoFactor.getHref(response.tempToken));
            else establishSession(queryClient, response);
          },
          // Whatever the refusal, the server has spent the token.
          onError: captcha.reset,
        },
      ),
    );
  };

  const detail = loginErrorDetail(login.error);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('com_auth_login_form')}>
      {login.isError && (
        <Alert>
          <p>{t(loginErrorKey(login.error))}</p>
          {detail && <p className="mt-1">{detail}</p>}
          {isUnverifiedEmailError(login.error) && <ResendVerification email={email} />}
        </Alert>
      )}
      <TextField
        label={t('com_auth_email_address')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={message(errors.email)}
      />
      <div>
        <TextField
          label={t('com_auth_password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={message(errors.password)}
        />
        {passwordResetEnabled && (
          <div className="mt-2 text-end text-sm">
            <Link to={paths.auth.forgotPassword.getHref()} className={TEXT_LINK_CLASSES}>
              {t('com_auth_forgot_password')}
            </Link>
          </div>
        )}
      </div>
      {captcha.widget}
      <InvalidSubmitAlert failed={invalidSubmit.failed} />
      <Button
        type="submit"
        className="w-full py-2.5"
        aria-disabled={!captcha.canSubmit || undefined}
        aria-describedby={captcha.hintId}
        loading={login.isPending || captcha.running}
      >
        {t('com_auth_continue')}
      </Button>
    </form>
  );
}
