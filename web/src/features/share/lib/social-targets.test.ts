import { describe, expect, it } from 'vitest';
import { SOCIAL_TARGETS } from './social-targets';

const content = { url: 'https://chat.example/share/a_b-1', title: 'Tea & cake?', text: 'Look at this' };
const hrefOf = (id: string) => SOCIAL_TARGETS.find((target) => target.id === id)!.href(content);

describe('share options', () => {
  it('offers LibreChat’s services in its order', () => {
    expect(SOCIAL_TARGETS.map((target) => target.name)).toEqual([
      'WhatsApp',
      'Facebook',
      'X (Twitter)',
      'LinkedIn',
      'Email',
      'Reddit',
      'Pinterest',
      'Tumblr',
      'Blogger',
      'VKontakte',
      'Odnoklassniki',
    ]);
  });

  it('builds each address from the link, with every value encoded', () => {
    for (const target of SOCIAL_TARGETS) {
      const href = target.href(content);
      expect(href).toMatch(target.id === 'email' ? /^mailto:\?/ : /^https:\/\//);
      expect(href).toContain(encodeURIComponent(content.url));
      expect(href).not.toContain('Tea & cake');
    }
  });

  it('puts title and text where each service reads them', () => {
    expect(hrefOf('x')).toBe(
      'https://x.com/intent/post?url=https%3A%2F%2Fchat.example%2Fshare%2Fa_b-1&text=Tea+%26+cake%3F',
    );
    expect(hrefOf('reddit')).toBe(
      'https://www.reddit.com/submit?url=https%3A%2F%2Fchat.example%2Fshare%2Fa_b-1&title=Tea+%26+cake%3F',
    );
    expect(hrefOf('email')).toBe(
      'mailto:?subject=Tea%20%26%20cake%3F&body=Look%20at%20this%20https%3A%2F%2Fchat.example%2Fshare%2Fa_b-1',
    );
    expect(new URL(hrefOf('whatsapp')).searchParams.get('text')).toBe(
      'Tea & cake?\nLook at this https://chat.example/share/a_b-1',
    );
  });
});
