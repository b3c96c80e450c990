import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  replyMessage,
  runStepFrame,
  savedConversation,
  textFrame,
  userMessage,
} from '@/features/chat/stream/testing/sse';
import { mockAuthApi, PAGE_LOAD, testSession } from '@/shared/auth/testing/auth-api-mock';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

/*
 * The chat route end to end in jsdom: the real routes and screen, the API mocked, a reply
 * streamed by the test. Covers what only shows across the address change of a new chat.
 */

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Every text the polite live regions held, in order (they are cleared after a second). */
function recordAnnouncements(): string[] {
  const heard: string[] = [];
  const observer = new MutationObserver(() => {
    for (const region of document.querySelectorAll('[aria-live="polite"]')) {
      const text = region.textContent?.trim();
      if (text && heard.at(-1) !== text) heard.push(text);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  cleanups.push(() => observer.disconnect());
  return heard;
}

/**
 * Each moment the focused control became disabled. A browser then moves focus to the page
 * body; jsdom keeps it where it was, so a test has to count these moments itself.
 */
function recordFocusLosses(): string[] {
  const losses: string[] = [];
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active instanceof HTMLTextAreaElement && active.disabled) losses.push(active.getAttribute('aria-label') ?? '');
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  cleanups.push(() => observer.disconnect());
  return losses;
}

/** The API of an instance that offers OpenAI only, with `routes` on top. */
function mockChatApi(routes: NonNullable<Parameters<typeof mockAuthApi>[0]>['routes'] = {}) {
  return mockAuthApi({
    session: testSession(),
    routes: {
      'GET /api/endpoints': () => jsonResponse({ openAI: { order: 0, userProvide: false, userProvideURL: false } }),
      'GET /api/models': () => jsonResponse({ openAI: ['gpt-4o-mini'] }),
      'GET /api/convos?limit=25&isArchived=false': () => jsonResponse({ conversations: [], nextCursor: null }),
      ...routes,
    },
  });
}

async function startNewChat() {
  const live = liveSseResponse();
  mockChatApi({
    'POST /api/ask/openAI': () => live.response,
    // Slow on purpose: the screen must not wait for the conversation it has just created.
    [`GET /api/convos/${CONVERSATION_ID}`]: async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return jsonResponse(savedConversation());
    },
  });
  const user = userEvent.setup();
  const { router } = renderApp('/c/new');
  const box = await screen.findByRole('textbox', { name: 'Message input' }, PAGE_LOAD);
  await waitFor(() => expect(box).toBeEnabled(), PAGE_LOAD);
  return { live, user, router, box };
}

describe('a new chat’s first message', () => {
  it('keeps the focus in the message box when the address becomes /c/{id}', { timeout: 20_000 }, async () => {
    const { live, user, router, box } = await startNewChat();
    const focusLosses = recordFocusLosses();
    await user.type(box, 'Hello there{Enter}');
    expect(box).toHaveFocus();
    live.push(createdFrame(userMessage()));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/c/${CONVERSATION_ID}`));
    live.push(runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    // Past the conversation's (slow) load.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(focusLosses).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Message input' })).toHaveFocus();
    live.push(finalFrame());
    live.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());
    expect(focusLosses).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Message input' })).toHaveFocus();
  });

  it('announces that the reply started, then that it finished', { timeout: 20_000 }, async () => {
    const heard = recordAnnouncements();
    const { live, user, router, box } = await startNewChat();
    await user.type(box, 'Hello there{Enter}');
    live.push(createdFrame(userMessage()));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/c/${CONVERSATION_ID}`));
    live.push(runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    live.push(finalFrame());
    live.close();
    await waitFor(() => expect(heard).toContain('The AI has finished its reply.'));
    expect(heard).toEqual(['The AI has started its reply.', 'The AI has finished its reply.']);
  });
});

describe('a chat whose endpoint this instance does not offer', () => {
  it('says so, and in one click moves the chat to an offered endpoint to send there', { timeout: 20_000 }, async () => {
    const live = liveSseResponse();
    const api = mockChatApi({
      [`GET /api/convos/${CONVERSATION_ID}`]: () =>
        jsonResponse(savedConversation({ endpoint: 'bingAI', model: 'sydney', title: 'Imported chat' })),
      [`GET /api/messages/${CONVERSATION_ID}`]: () =>
        jsonResponse([
          userMessage({ endpoint: 'bingAI' }),
          replyMessage({ endpoint: 'bingAI', model: 'sydney', sender: 'Bing' }),
        ]),
      'POST /api/ask/openAI': () => live.response,
    });
    const user = userEvent.setup();
    renderApp(`/c/${CONVERSATION_ID}`);
    expect(
      await screen.findByText('This chat was made with “bingAI”, which this instance does not offer.', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message input' });
    expect(box).toBeDisabled();
    await waitFor(() =>
      expect(box).toHaveAttribute(
        'placeholder',
        "This chat's endpoint is not available here: switch it to one that is to keep chatting.",
      ),
    );
    expect(screen.queryByText(/set its key/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue with OpenAI' }));
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toHaveFocus();
    expect(screen.queryByText(/which this instance does not offer/)).not.toBeInTheDocument();
    await waitFor(() => expect(box).toHaveAttribute('placeholder', 'Message gpt-4o-mini'));

    await user.type(box, 'Still there?{Enter}');
    await waitFor(() => expect(api.sent('POST /api/ask/openAI')).toHaveLength(1));
    expect(api.sent('POST /api/ask/openAI')[0]).toMatchObject({
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      conversationId: CONVERSATION_ID,
      text: 'Still there?',
    });
    live.close();
  });
});
