import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../share-i18n';
import { SocialShareLinks } from './social-share-links';

const content = { url: 'https://chat.example/share/abc', title: 'Tea', text: 'Look' };

describe('SocialShareLinks', () => {
  it('names each service in full and says the link shares to it', () => {
    render(<SocialShareLinks content={content} />);
    const list = screen.getByRole('navigation', { name: 'Share to' });
    expect(within(list).getByText('Share to')).toBeVisible();

    for (const [name, host] of [
      ['Odnoklassniki', 'connect.ok.ru'],
      ['VKontakte', 'vk.com'],
      ['X (Twitter)', 'x.com'],
      ['WhatsApp', 'api.whatsapp.com'],
    ] as const) {
      const link = within(list).getByRole('link', { name: `Share via ${name} (opens in a new tab)` });
      expect(link).toHaveTextContent(new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`));
      expect(link.getAttribute('href')).toContain(`https://${host}/`);
    }
    for (const link of within(list).getAllByRole('link')) {
      expect(link).toHaveAccessibleName(/^Share via \S/);
      expect(link.textContent).not.toMatch(/^(OK|VK|X)$/);
    }
  });
});
