import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NEW_CONVERSATION } from '@/shared/conversation/types';
import type { ChatQuery } from './chat-query';
import { useChatQuery } from './use-chat-query';

/** Renders the hook on /c/:conversationId and records every value it returns. */
function setup(initialEntries: string[], { strict = false } = {}) {
  const results: (ChatQuery | null)[] = [];
  function Probe() {
    const { conversationId } = useParams();
    results.push(useChatQuery(conversationId === NEW_CONVERSATION));
    return null;
  }
  const router = createMemoryRouter([{ path: '/c/:conversationId', element: <Probe /> }], {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  const locationChanges: string[] = [];
  router.subscribe((state) =>
    locationChanges.push(state.location.pathname + state.location.search + state.location.hash),
  );
  const app = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  const address = () => router.state.location.pathname + router.state.location.search + router.state.location.hash;
  const latest = () => results.at(-1);
  // Distinct reads, not re-renders: a consumer acts once per object it receives.
  const reads = () => new Set(results.filter((result) => result !== null));
  const go = (to: string | number, options?: { replace?: boolean }) =>
    act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options));
    });
  return { router, address, latest, reads, go, locationChanges };
}

describe('useChatQuery', () => {
  it('reads a new conversation’s address, then removes prompt, q and submit with a replace', async () => {
    const chat = setup(['/c/previous', '/c/new?prompt=Hello&q=ignored&submit=true&model=gpt-4o&temperature=0.2#top']);
    await act(async () => {});
    expect(chat.latest()).toStrictEqual({
      text: 'Hello',
      submit: true,
      settings: { model: 'gpt-4o', temperature: '0.2' },
    });
    expect(chat.address()).toBe('/c/new?model=gpt-4o&temperature=0.2#top');
    expect(chat.router.state.historyAction).toBe('REPLACE');
    // Back skips the stripped entry: the replace left no extra history behind.
    await chat.go(-1);
    expect(chat.address()).toBe('/c/previous');
  });

  it('under StrictMode reads once and rewrites the address once', async () => {
    const chat = setup(['/c/new?prompt=Hello&submit=true'], { strict: true });
    await act(async () => {});
    expect(chat.reads().size).toBe(1);
    expect(chat.latest()).toStrictEqual({ text: 'Hello', submit: true, settings: {} });
    expect(chat.locationChanges).toEqual(['/c/new']);
  });

  it('reads a new conversation without instructions too, leaving its address alone', async () => {
    const chat = setup(['/c/new?endpoint=openAI&model=gpt-4o']);
    await act(async () => {});
    expect(chat.latest()).toStrictEqual({ submit: false, settings: { endpoint: 'openAI', model: 'gpt-4o' } });
    expect(chat.locationChanges).toEqual([]);
  });

  it('does not re-read settings written to the address afterwards (the setup writes its own)', async () => {
    const chat = setup(['/c/new?prompt=Hi&model=gpt-4o']);
    await act(async () => {});
    const first = chat.latest();
    await chat.go('/c/new?model=gpt-4.1&temperature=1', { replace: true });
    expect(chat.latest()).toBe(first);
    expect(chat.reads().size).toBe(1);
  });

  it('reads again when a new prompt arrives while the page stays open', async () => {
    const chat = setup(['/c/new?prompt=First']);
    await act(async () => {});
    await chat.go('/c/new?q=Second&submit=true');
    expect(chat.latest()).toStrictEqual({ text: 'Second', submit: true, settings: {} });
    expect(chat.address()).toBe('/c/new');
    expect(chat.reads().size).toBe(2);
  });

  it('ignores an existing conversation’s address and leaves it as it is', async () => {
    const chat = setup(['/c/abc?prompt=Hi&submit=true']);
    await act(async () => {});
    expect(chat.latest()).toBeNull();
    expect(chat.address()).toBe('/c/abc?prompt=Hi&submit=true');
  });

  it('reads on arriving at a new conversation from another, and forgets it on leaving', async () => {
    const chat = setup(['/c/abc']);
    await act(async () => {});
    await chat.go('/c/new?model=gpt-4o');
    expect(chat.latest()).toStrictEqual({ submit: false, settings: { model: 'gpt-4o' } });
    await chat.go('/c/def');
    expect(chat.latest()).toBeNull();
  });
});
