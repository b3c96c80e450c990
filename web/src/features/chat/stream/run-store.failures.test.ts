import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOnAuthFailure } from '@/lib/api/auth-failure';
import { getAccessToken, setAccessToken } from '@/lib/api/token-store';
import { messagesQueryOptions } from '@/shared/conversation/api/get-messages';
import { NO_PARENT, PENDING_CONVERSATION, type SendRequest } from '@/shared/conversation/types';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { drain, eventually, runHarness } from './testing/run-harness';
import {
  CONVERSATION_ID,
  createdFrame,
  finalFrame,
  liveSseResponse,
  replyMessage,
  runStepFrame,
  sseResponse,
  textFrame,
  userMessage,
  wholeReply,
} from './testing/sse';

const CONNECTION_ERROR = 'Error connecting to server, try refreshing the page.';

const send = (overrides: Partial<SendRequest> = {}): SendRequest => ({
  mode: 'normal',
  text: 'Hello there',
  conversationId: CONVERSATION_ID,
  parentMessageId: 'earlier-reply',
  setup: { endpoint: 'anthropic', model: 'claude-3-5-sonnet-latest' },
  ...overrides,
});

const unauthorized = () => jsonResponse({ message: 'Unauthorized' }, 401);
const isStream = (url: string) => url === '/api/ask/anthropic' || url.startsWith('/api/ask/stream/');

afterEach(() => {
  vi.useRealTimers();
  setAccessToken(null);
  setOnAuthFailure(null);
});

describe('401 answers', () => {
  it('renews the token once and posts the send again, which then streams', async () => {
    setAccessToken('expired');
    const { calls, callsTo } = mockFetch((call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse({ token: 'fresh', user: { id: 'u1' } });
      return call.headers.get('Authorization') === 'Bearer fresh' ? sseResponse(wholeReply()) : unauthorized();
    });
    const h = runHarness();
    h.store.send(send());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    const posts = calls.filter((call) => call.url === '/api/ask/anthropic');
    expect(posts.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(posts[1]?.body).toBe(posts[0]?.body);
    expect(getAccessToken()).toBe('fresh');
  });

  it('retries only once: a second 401 ends the send with its message', async () => {
    setAccessToken('expired');
    const { callsTo } = mockFetch((call) =>
      call.url === '/api/auth/refresh' ? jsonResponse({ token: 'fresh' }) : unauthorized(),
    );
    const h = runHarness();
    h.store.send(send());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('error'));
    expect(callsTo('/api/ask/anthropic')).toHaveLength(2);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(h.run(CONVERSATION_ID)?.responseMessage).toMatchObject({ error: true, text: 'Unauthorized' });
  });

  it('takes the auth-failure path when there is no session to renew', async () => {
    setAccessToken('expired');
    const onAuthFailure = vi.fn();
    setOnAuthFailure(onAuthFailure);
    const { callsTo } = mockFetch((call) =>
      call.url === '/api/auth/refresh' ? new Response('Refresh token not provided', { status: 200 }) : unauthorized(),
    );
    const h = runHarness();
    h.store.send(send());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('error'));
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(callsTo('/api/ask/anthropic')).toHaveLength(1);
  });

  it('renews the token once for the resume request too', async () => {
    setAccessToken('expired');
    const { callsTo } = mockFetch((call) => {
      if (call.url === '/api/auth/refresh') return jsonResponse({ token: 'fresh' });
      return call.headers.get('Authorization') === 'Bearer fresh' ? sseResponse(wholeReply()) : unauthorized();
    });
    const h = runHarness();
    await h.store.resume(CONVERSATION_ID);
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(2);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
  });
});

describe('a connection that fails before any data', () => {
  it('ends submitting at once and shows the connection error only after 5,500 ms', async () => {
    vi.useFakeTimers();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const h = runHarness();
    const page = h.watch(PENDING_CONVERSATION);
    h.store.send(send({ conversationId: 'new', parentMessageId: NO_PARENT }));
    await drain();
    expect(h.run(PENDING_CONVERSATION)?.status).toBe('error');
    expect(h.run(PENDING_CONVERSATION)?.connectionError).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_499);
    expect(h.run(PENDING_CONVERSATION)?.connectionError).toBeUndefined();
    expect(h.run(PENDING_CONVERSATION)?.responseMessage?.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.run(PENDING_CONVERSATION)).toMatchObject({
      status: 'error',
      connectionError: CONNECTION_ERROR,
      responseMessage: { error: true, text: CONNECTION_ERROR },
      requestMessage: { text: 'Hello there' },
    });
    page.stop();
  });

  it('never shows it when a re-attach brings the run after all', async () => {
    vi.useFakeTimers();
    const { callsTo } = mockFetch((call) => {
      if (call.url === '/api/ask/anthropic') return Promise.reject(new TypeError('Failed to fetch'));
      return sseResponse(wholeReply());
    });
    const h = runHarness();
    h.store.send(send());
    await drain();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(1);
    expect(h.run(CONVERSATION_ID)).toMatchObject({ status: 'done', responseMessage: replyMessage() });
    expect(h.run(CONVERSATION_ID)?.connectionError).toBeUndefined();
  });

  it('shows it when the re-attach finds nothing running either', async () => {
    vi.useFakeTimers();
    mockFetch((call) =>
      call.url === '/api/ask/anthropic'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : new Response(null, { status: 204 }),
    );
    const h = runHarness();
    h.store.send(send());
    await drain();
    expect(h.run(CONVERSATION_ID)?.status).toBe('error');
    await vi.advanceTimersByTimeAsync(5_500);
    expect(h.run(CONVERSATION_ID)?.connectionError).toBe(CONNECTION_ERROR);
  });
});

describe('a stream that ends without final', () => {
  it('re-attaches once and redraws the reply from the replayed frames, without doubling them', async () => {
    const first = liveSseResponse();
    const { callsTo } = mockFetch((call) =>
      isStream(call.url) && call.method === 'POST' ? first.response : sseResponse(wholeReply(), 5),
    );
    const h = runHarness();
    h.store.send(send());
    first.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! '));
    first.fail();
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(1);
    expect(h.run(CONVERSATION_ID)?.responseMessage).toEqual(replyMessage());
  });

  it('shows the replayed reply as it streams (the replay starts again from created)', async () => {
    const first = liveSseResponse();
    const replay = liveSseResponse();
    mockFetch((call) => (call.method === 'POST' ? first.response : replay.response));
    const h = runHarness();
    h.store.send(send());
    first.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! '));
    first.close();
    replay.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! ') + textFrame('step_1', 'How'));
    await eventually(() => expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! How'));
    expect(h.run(CONVERSATION_ID)?.status).toBe('streaming');
  });

  it('refetches the messages when the run already ended (204), and stops submitting', async () => {
    let saved = false;
    const { callsTo } = mockFetch((call) => {
      if (call.method === 'POST')
        return sseResponse(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
      if (call.url.startsWith('/api/ask/stream/')) {
        saved = true; // the run finished on the server meanwhile
        return new Response(null, { status: 204 });
      }
      return jsonResponse(saved ? [userMessage(), replyMessage()] : []);
    });
    const h = runHarness();
    // The page shows the conversation: its message list is observed (and fetched once).
    const stopObserving = new QueryObserver(h.queryClient, messagesQueryOptions(CONVERSATION_ID)).subscribe(
      () => undefined,
    );
    await eventually(() => expect(callsTo(`/api/messages/${CONVERSATION_ID}`)).toHaveLength(1));
    h.store.send(send());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(1);
    await eventually(() => expect(callsTo(`/api/messages/${CONVERSATION_ID}`)).toHaveLength(2));
    await eventually(() => expect(h.messages(CONVERSATION_ID)).toEqual([userMessage(), replyMessage()]));
    stopObserving();
  });

  it('gives up after the one re-attach also ends early', async () => {
    const partial = createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! ');
    const { callsTo } = mockFetch(() => sseResponse(partial));
    const h = runHarness();
    h.store.send(send());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('error'));
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(1);
    // There was data: this is no connection error, and the partial reply stays visible.
    expect(h.run(CONVERSATION_ID)?.connectionError).toBeUndefined();
    expect(h.run(CONVERSATION_ID)?.responseMessage?.text).toBe('Hi! ');
  });

  it('does not re-attach after final', async () => {
    const { callsTo } = mockFetch(() => sseResponse(createdFrame() + finalFrame()));
    const h = runHarness();
    h.store.send(send());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(`/api/ask/stream/${CONVERSATION_ID}`)).toHaveLength(0);
  });
});
