import type { MailMessage } from './mailer';

/** The emails the account flows send, each as plain text and HTML. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface EmailParts {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string;
}

function render(parts: EmailParts): MailMessage {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    `${parts.action.label}: ${parts.action.url}`,
    '',
    parts.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:10px 18px;background:#10a37f;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(parts.action.url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(parts.footer)}</p>
</body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
}

export function verificationEmail(input: { to: string; name: string; appTitle: string; link: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Verify your email for ${input.appTitle}`,
    greeting: `Hello ${input.name || 'there'},`,
    paragraphs: [
      `Thank you for signing up to ${input.appTitle}. Please confirm your email address. The link is valid for 24 hours.`,
    ],
    action: { label: 'Verify email', url: input.link },
    footer: 'If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetEmail(input: { to: string; name: string; appTitle: string; link: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Reset your ${input.appTitle} password`,
    greeting: `Hello ${input.name || 'there'},`,
    paragraphs: [
      `Someone asked to reset the password of your ${input.appTitle} account. The link is valid for 15 minutes and works once.`,
    ],
    action: { label: 'Reset password', url: input.link },
    footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
  });
}
