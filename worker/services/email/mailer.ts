import type { EnvVars } from '../../env';
import { DEFAULT_APP_TITLE, isEmailConfigured } from '../startup-config';
import { HttpEmailApiMailer } from './http-mailer';

/** One email, in plain text and HTML (clients that cannot show HTML read the text part). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Anything that can send an email. Routes depend on this, never on one provider. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The configured mailer, or undefined when email is not configured (`emailEnabled` false):
 * then registration needs no verification and password reset follows the no-email rules.
 * Workers cannot speak SMTP, so the one implementation is an HTTP email API.
 */
export function createMailer(env: EnvVars): Mailer | undefined {
  if (!isEmailConfigured(env) || !env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM) return undefined;
  return new HttpEmailApiMailer({
    url: env.EMAIL_API_URL,
    apiKey: env.EMAIL_API_KEY,
    from: { email: env.EMAIL_FROM, name: env.EMAIL_FROM_NAME || env.APP_TITLE || DEFAULT_APP_TITLE },
  });
}
