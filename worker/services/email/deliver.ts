import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { errorMessage } from '../../logging/logger';
import type { MailMessage, Mailer } from './mailer';

/**
 * Sends an email after the response has gone out (`waitUntil`). Account flows answer the same
 * whether or not an account exists; waiting for the email API only when one does would make
 * the response time reveal it, and so would an error for a failed send. A failure is logged
 * (with the recipient's domain only, not the address) and the user can ask again.
 */
export function deliverInBackground(c: Context<AppEnv>, mailer: Mailer, message: MailMessage, purpose: string): void {
  const logger = c.var.log;
  c.executionCtx.waitUntil(
    mailer.send(message).catch((error: unknown) => {
      logger.error('email_send_failed', {
        purpose,
        recipientDomain: message.to.split('@')[1] ?? '',
        error: errorMessage(error),
      });
    }),
  );
}
