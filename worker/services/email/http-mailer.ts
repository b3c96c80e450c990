import type { MailMessage, Mailer } from './mailer';

export interface HttpEmailApiOptions {
  url: string;
  apiKey: string;
  from: { email: string; name: string };
}

/** An email API that has not answered within this time is treated as failed. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends through an HTTP email API with one generic request:
 *
 *   POST {EMAIL_API_URL}
 *   Authorization: Bearer {EMAIL_API_KEY}
 *   Content-Type: application/json
 *   {"from":{"email":EMAIL_FROM,"name":EMAIL_FROM_NAME},"to":[{"email":…}],"subject":…,"text":…,"html":…}
 *
 * This is the shape MailerSend (`https://api.mailersend.com/v1/email`) and Mailtrap's sending
 * API (`https://send.api.mailtrap.io/api/send`) accept as is; for a provider with another shape,
 * point EMAIL_API_URL at a small adapter. Any 2xx answer counts as sent.
 */
export class HttpEmailApiMailer implements Mailer {
  constructor(private readonly options: HttpEmailApiOptions) {}

  async send(message: MailMessage): Promise<void> {
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: this.options.from,
        to: [{ email: message.to }],
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) {
      // A short excerpt helps the operator; the API's answer never reaches the user.
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`The email API answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    // Drain the body so the connection is released.
    await response.body?.cancel();
  }
}
