import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { endpointsFixture } from '@/testing/chat-setup-fixtures';
import { queryWrapper } from '@/testing/query-wrapper';
import { ReplyError } from './reply-error';

/** Renders the error with the endpoints config the chat has already loaded. */
function renderError(text: string, endpoint: string) {
  const { queryClient, wrapper } = queryWrapper();
  queryClient.setQueryData(endpointsQueryOptions.queryKey, endpointsFixture);
  return render(<ReplyError text={text} endpoint={endpoint} />, { wrapper });
}

const KEY_BUTTON = /key button \("Key set"\) beside the model picker/;

describe('ReplyError: key errors point only at controls that exist', () => {
  it.each(['insufficient_quota', 'invalid_api_key'])(
    '%s on an endpoint whose users bring their key points to the header key button',
    (type) => {
      renderError(JSON.stringify({ type }), 'OpenRouter');
      const text = screen.getByText(/API key/).textContent ?? '';
      expect(text).toMatch(KEY_BUTTON);
      expect(text).not.toMatch(/Set Token|model logo/);
    },
  );

  it.each(['insufficient_quota', 'invalid_api_key'])(
    '%s on an endpoint with a server key gives no key advice',
    (type) => {
      renderError(JSON.stringify({ type }), 'openAI');
      const text = screen.getByText(/API key/).textContent ?? '';
      expect(text).toMatch(/administrator/);
      expect(text).not.toMatch(/key button|Set Token|model logo|your own/i);
    },
  );

  it('gives no key advice when the endpoints are not known, as on a shared page', () => {
    render(<ReplyError text='{"type":"insufficient_quota"}' endpoint="OpenRouter" />);
    expect(screen.getByText(/API key/).textContent).not.toMatch(/key button/);
  });
});
