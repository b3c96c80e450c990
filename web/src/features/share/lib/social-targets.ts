/**
 * The places a link can be posted to (LibreChat's share options): each is a plain external
 * address built from the link, the conversation's title and a line of text, opened in a new
 * tab. No SDKs: nothing third-party loads until the user picks a service.
 *
 * Three of LibreChat's list are left out rather than offered as links that do not work:
 * KakaoTalk shares only through Kakao's JavaScript SDK with the operator's app key, and the
 * Mix and goo blog services have closed.
 */
export type ShareContent = { url: string; title: string; text: string };

export type SocialTarget = {
  id: string;
  /**
   * The service's full name, not translated. Never an abbreviation: a pill reading "OK" or "X"
   * looks like one of the dialog's own buttons.
   */
  name: string;
  href: (content: ShareContent) => string;
};

const withQuery = (base: string, params: Record<string, string>) => `${base}?${new URLSearchParams(params).toString()}`;

/** "text link": for services that take one free-text field. */
const textAndLink = ({ text, url }: ShareContent) => (text ? `${text} ${url}` : url);

export const SOCIAL_TARGETS: readonly SocialTarget[] = [
  {
    id: 'whatsapp',
    name: 'WhatsApp',
    href: (c) => withQuery('https://api.whatsapp.com/send', { text: `${c.title}\n${textAndLink(c)}` }),
  },
  {
    id: 'facebook',
    name: 'Facebook',
    href: (c) => withQuery('https://www.facebook.com/sharer/sharer.php', { u: c.url }),
  },
  { id: 'x', name: 'X (Twitter)', href: (c) => withQuery('https://x.com/intent/post', { url: c.url, text: c.title }) },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    href: (c) => withQuery('https://www.linkedin.com/sharing/share-offsite/', { url: c.url }),
  },
  {
    id: 'email',
    name: 'Email',
    // mailto wants %20 for spaces, not the `+` URLSearchParams writes.
    href: (c) => `mailto:?subject=${encodeURIComponent(c.title)}&body=${encodeURIComponent(textAndLink(c))}`,
  },
  {
    id: 'reddit',
    name: 'Reddit',
    href: (c) => withQuery('https://www.reddit.com/submit', { url: c.url, title: c.title }),
  },
  {
    id: 'pinterest',
    name: 'Pinterest',
    href: (c) => withQuery('https://www.pinterest.com/pin/create/button/', { url: c.url, description: c.title }),
  },
  {
    id: 'tumblr',
    name: 'Tumblr',
    href: (c) =>
      withQuery('https://www.tumblr.com/widgets/share/tool', { canonicalUrl: c.url, title: c.title, caption: c.text }),
  },
  {
    id: 'blogger',
    name: 'Blogger',
    href: (c) => withQuery('https://www.blogger.com/blog-this.g', { u: c.url, n: c.title, t: c.text }),
  },
  {
    id: 'vk',
    name: 'VKontakte',
    href: (c) => withQuery('https://vk.com/share.php', { url: c.url, title: c.title, comment: c.text }),
  },
  {
    id: 'ok',
    name: 'Odnoklassniki',
    href: (c) => withQuery('https://connect.ok.ru/offer', { url: c.url, title: c.title }),
  },
];
