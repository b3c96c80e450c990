import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { deferred, renderShare } from '../testing/render-share';
import { SHARE_QR_SIZE_PX } from './share-link-actions';
import { ShareDialog } from './share-dialog';

const CONVO = 'convo-1';
const LOOKUP = `/api/share/link/${CONVO}`;
const origin = window.location.origin;

function openDialog() {
  const onClose = vi.fn();
  const view = renderShare(<ShareDialog conversationId={CONVO} title="Trip plans" onClose={onClose} />);
  return { ...view, onClose };
}

const linkField = () => screen.getByLabelText<HTMLInputElement>('Shared link');

describe('ShareDialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without a link: says so and creates one, then shows it with its QR code and share options', async () => {
    const api = mockFetch(({ url, method }) => {
      if (method === 'GET' && url === LOOKUP)
        return jsonResponse({ success: false, shareId: null, conversationId: CONVO });
      if (method === 'POST' && url === `/api/share/${CONVO}`)
        return jsonResponse({ shareId: 'abc123', conversationId: CONVO }, 201);
      return jsonResponse({ message: 'unexpected' }, 500);
    });
    const { events } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Share link to chat' });
    expect(
      await within(dialog).findByText('Your name and any messages you add after sharing stay private.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Shared link')).not.toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: 'Create link' }));

    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/abc123`));
    expect(api.callsTo(`/api/share/${CONVO}`).map((call) => call.method)).toEqual(['POST']);
    expect(
      within(dialog).getByText(/custom instructions, and any messages you add after sharing stay private/),
    ).toBeInTheDocument();
    const qr = within(dialog).getByRole('img', { name: 'QR code of the shared link' });
    expect(qr).toHaveAttribute('width', String(SHARE_QR_SIZE_PX));
    expect(qr).toHaveAttribute('height', '200');

    const options = within(within(dialog).getByRole('navigation', { name: 'Share to' })).getAllByRole('link');
    expect(options.map((link) => link.textContent?.replace(' (opens in a new tab)', ''))).toEqual([
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
    for (const link of options) {
      expect(link.getAttribute('href')).toContain(encodeURIComponent(`${origin}/share/abc123`));
      if (link.textContent?.startsWith('Email')) continue;
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(options[1]).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${origin}/share/abc123`)}`,
    );
  });

  it('with a link: shows it and copies it with feedback', async () => {
    mockFetch(() => jsonResponse({ success: true, shareId: 'existing1', conversationId: CONVO }));
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { events } = openDialog();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/existing1`));
    expect(screen.queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${origin}/share/existing1`);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it('refresh gives the link a new id', async () => {
    const api = mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse({ shareId: 'fresh2', conversationId: CONVO })
        : jsonResponse({ success: true, shareId: 'old1', conversationId: CONVO }),
    );
    const { events } = openDialog();
    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/old1`));

    await events.click(screen.getByRole('button', { name: 'Refresh link' }));

    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/fresh2`));
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual(['/api/share/old1']);
  });

  it('a refused refresh keeps the link and says so', async () => {
    mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse({ message: 'boom' }, 500)
        : jsonResponse({ success: true, shareId: 'old1', conversationId: CONVO }),
    );
    const { events } = openDialog();
    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/old1`));
    await events.click(screen.getByRole('button', { name: 'Refresh link' }));
    expect(await screen.findByText('There was an error sharing the chat link')).toBeInTheDocument();
    expect(linkField().value).toBe(`${origin}/share/old1`);
  });

  it('delete is optimistic and rolls back when the server refuses', async () => {
    const answer = deferred<Response>();
    mockFetch(({ method }) =>
      method === 'DELETE' ? answer.promise : jsonResponse({ success: true, shareId: 'old1', conversationId: CONVO }),
    );
    const { events } = openDialog();
    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/old1`));

    await events.click(screen.getByRole('button', { name: 'Delete link' }));

    // At once: no link, before the server has answered.
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Shared link')).not.toBeInTheDocument();

    answer.resolve(jsonResponse({ message: 'Server error' }, 500));

    expect(await screen.findByText('There was an error deleting the shared link')).toBeInTheDocument();
    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/old1`));
  });

  it('delete that succeeds leaves the dialog without a link', async () => {
    mockFetch(({ method }) =>
      method === 'DELETE'
        ? jsonResponse({ success: true, shareId: 'old1', message: 'Share deleted successfully' })
        : jsonResponse({ success: true, shareId: 'old1', conversationId: CONVO }),
    );
    const { events } = openDialog();
    await waitFor(() => expect(linkField().value).toBe(`${origin}/share/old1`));
    await events.click(screen.getByRole('button', { name: 'Delete link' }));
    expect(await screen.findByText('Successfully deleted shared link')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create link' })).toBeEnabled();
  });
});
