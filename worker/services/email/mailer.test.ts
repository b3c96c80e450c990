import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_API_URL, EMAIL_ENV, captureEmails } from '../../test/account-helpers';
import { HttpEmailApiMailer } from './http-mailer';
import { createMailer } from './mailer';
import { passwordResetEmail, verificationEmail } from './templates';

afterEach(() => {
  vi.restoreAllMocks();
});

const message = { to: 'someone@example.com', subject: 'Hi', text: 'plain', html: '<p>html</p>' };

describe('createMailer', () => {
  it('is undefined unless EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM are all set', () => {
    expect(createMailer({})).toBeUndefined();
    expect(createMailer({ ...EMAIL_ENV, EMAIL_API_KEY: '' })).toBeUndefined();
    expect(createMailer({ ...EMAIL_ENV, EMAIL_FROM: undefined })).toBeUndefined();
    expect(createMailer(EMAIL_ENV)).toBeInstanceOf(HttpEmailApiMailer);
  });

  it('names the sender EMAIL_FROM_NAME, else APP_TITLE, else the default title', async () => {
    const sent = captureEmails();
    await createMailer(EMAIL_ENV)?.send(message);
    await createMailer({ ...EMAIL_ENV, EMAIL_FROM_NAME: undefined })?.send(message);
    await createMailer({ ...EMAIL_ENV, EMAIL_FROM_NAME: undefined, APP_TITLE: undefined })?.send(message);
    expect(sent.map((mail) => mail.body.from.name)).toEqual(['EdgeChat Mailer', 'EdgeChat Test', 'EdgeChat']);
  });
});

describe('HttpEmailApiMailer', () => {
  it('POSTs the generic JSON shape with the bearer key', async () => {
    const sent = captureEmails();
    await createMailer(EMAIL_ENV)?.send(message);
    expect(sent).toEqual([
      {
        authorization: 'Bearer test-email-key',
        body: {
          from: { email: 'noreply@app.test', name: 'EdgeChat Mailer' },
          to: [{ email: 'someone@example.com' }],
          subject: 'Hi',
          text: 'plain',
          html: '<p>html</p>',
        },
      },
    ]);
    const [input, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Request(input ?? '', init).url).toBe(EMAIL_API_URL);
    expect(init?.method).toBe('POST');
  });

  it('throws on a non-2xx answer, with the status', async () => {
    captureEmails(401);
    await expect(createMailer(EMAIL_ENV)?.send(message)).rejects.toThrow('401');
  });
});

describe('templates', () => {
  it('hold the link in both parts and escape what goes into HTML', () => {
    const link = 'https://chat.example.org/verify?token=abc&email=a%40b.co';
    const mail = verificationEmail({ to: 'a@b.co', name: '<script>alert(1)</script>', appTitle: 'Chat & Co', link });
    expect(mail.subject).toBe('Verify your email for Chat & Co');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('<script>alert(1)</script>'); // plain text is shown as text
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('href="https://chat.example.org/verify?token=abc&#38;email=a%40b.co"');
    expect(mail.html).toContain('Chat &#38; Co');
  });

  it('word the reset email with its lifetime', () => {
    const mail = passwordResetEmail({
      to: 'a@b.co',
      name: 'Ann',
      appTitle: 'Chat',
      link: 'https://x.test/reset-password?token=t&userId=u',
    });
    expect(mail.subject).toBe('Reset your Chat password');
    expect(mail.text).toContain('15 minutes');
    expect(mail.text).toContain('Hello Ann,');
  });
});
