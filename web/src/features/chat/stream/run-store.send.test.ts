import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceQueryKey } from '@/shared/balance/balance-query';
import { chatKeys } from '@/shared/conversation/api/chat-keys';
import { NO_PARENT, PENDING_CONVERSATION, type SendRequest } from '@/shared/conversation/types';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { runHarness, eventually, drain } from './testing/run-harness';
import {
  CONVERSATION_ID,
  createdFrame,
  errorFrame,
  finalFrame,
  liveSseResponse,
  REPLY_ID,
  replyMessage,
  runStepFrame,
  savedConversation,
  sseResponse,
  textFrame,
  USER_MESSAGE_ID,
  userMessage,
  wholeReply,
} from './testing/sse';

const newChat: SendRequest = {
  mode: 'normal',
  text: 'Hello there',
  conversationId: 'new',
  parentMessageId: NO_PARENT,
  setup: { endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.7 },
};

const inConversation = (overrides: Partial<SendRequest> = {}): SendRequest => ({
  ...newChat,
  conversationId: CONVERSATION_ID,
  parentMessageId: 'earlier-reply',
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a send in a new conversation', () => {
  it('posts the wire body, streams the reply under PENDING, then under its real id, and saves it', async () => {
    const live = liveSseResponse();
    const { calls } = mockFetch(() => live.response);
    const h = runHarness();
    const page = h.watch(PENDING_CONVERSATION);

    h.store.send(newChat);
    expect(h.run(PENDING_CONVERSATION)).toMatchObject({
      status: 'connecting',
      conversationId: null,
      requestMessage: { text: 'Hello there' },
    });
    await eventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/ask/openAI', method: 'POST' });
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({
      text: 'Hello there',
      conversationId: null,
      parentMessageId: NO_PARENT,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      isCreatedByUser: true,
    });
    expect(calls[0]?.headers.get('Accept')).toBe('text/event-stream');

    live.push(createdFrame() + runStepFrame('step_1', 0) + textFrame('step_1', 'Hi! '));
    await eventually(() => expect(h.run(PENDING_CONVERSATION)?.responseMessage?.text).toBe('Hi! '));
    const streaming = h.run(PENDING_CONVERSATION);
    expect(streaming).toMatchObject({
      status: 'streaming',
      conversationId: CONVERSATION_ID,
      requestMessage: userMessage(),
    });
    // Found under its real id too, and the new conversation's list starts with the user message.
    expect(h.run(CONVERSATION_ID)).toBe(streaming);
    expect(h.messages(CONVERSATION_ID)).toEqual([userMessage()]);

    live.push(textFrame('step_1', 'How can ') + textFrame('step_1', 'I help?') + finalFrame());
    live.close();
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    expect(h.run(CONVERSATION_ID)?.responseMessage).toEqual(replyMessage());
    expect(h.messages(CONVERSATION_ID)).toEqual([userMessage(), replyMessage()]);
    expect(h.conversation(CONVERSATION_ID)).toMatchObject({
      conversationId: CONVERSATION_ID,
      title: 'New Chat',
      tags: [],
      endpoint: 'openAI',
    });
    // Views are immutable snapshots: the page saw every stage.
    expect(page.views.map((view) => view?.status)).toContain('streaming');
    page.stop();
  });

  it('keeps the run under PENDING while the page is still on /c/new, and drops it once the page moved on', async () => {
    mockFetch(() => sseResponse(wholeReply()));
    const h = runHarness();
    const onNew = h.watch(PENDING_CONVERSATION);
    h.store.send(newChat);
    await eventually(() => expect(h.run(PENDING_CONVERSATION)?.status).toBe('done'));
    expect(h.run(PENDING_CONVERSATION)?.conversationId).toBe(CONVERSATION_ID);

    // The page navigates to /c/{id}: it subscribes there and leaves PENDING.
    const onConversation = h.watch(CONVERSATION_ID);
    onNew.stop();
    await eventually(() => expect(h.run(PENDING_CONVERSATION)).toBeNull());
    expect(h.run(CONVERSATION_ID)?.status).toBe('done');
    onConversation.stop();
  });

  it('frees /c/new for another conversation as soon as the first one has its id and the page left', async () => {
    const live = liveSseResponse();
    mockFetch(() => live.response);
    const h = runHarness();
    const onNew = h.watch(PENDING_CONVERSATION);
    h.store.send(newChat);
    live.push(createdFrame());
    await eventually(() => expect(h.run(PENDING_CONVERSATION)?.conversationId).toBe(CONVERSATION_ID));
    onNew.stop();
    await eventually(() => expect(h.run(PENDING_CONVERSATION)).toBeNull());
    expect(h.run(CONVERSATION_ID)?.status).toBe('streaming');
  });

  it('asks for the title 2.5 s after the reply and shows it on the conversation', async () => {
    vi.useFakeTimers();
    const { callsTo } = mockFetch((call) =>
      call.url === '/api/convos/gen_title' ? jsonResponse({ title: 'Friendly greeting' }) : sseResponse(wholeReply()),
    );
    const h = runHarness();
    h.store.send(newChat);
    await drain();
    expect(h.run(CONVERSATION_ID)?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(2_499);
    expect(callsTo('/api/convos/gen_title')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsTo('/api/convos/gen_title')).toHaveLength(1);
    expect(JSON.parse(callsTo('/api/convos/gen_title')[0]?.body ?? '')).toEqual({ conversationId: CONVERSATION_ID });
    await drain();
    expect(h.conversation(CONVERSATION_ID)?.title).toBe('Friendly greeting');
  });

  it('leaves the title alone when the server has none (404)', async () => {
    vi.useFakeTimers();
    const { callsTo } = mockFetch((call) =>
      call.url === '/api/convos/gen_title'
        ? jsonResponse({ message: 'Title not found' }, 404)
        : sseResponse(wholeReply()),
    );
    const h = runHarness();
    h.store.send(newChat);
    await drain();
    await vi.advanceTimersByTimeAsync(2_500);
    await drain();
    expect(callsTo('/api/convos/gen_title')).toHaveLength(1);
    expect(h.conversation(CONVERSATION_ID)?.title).toBe('New Chat');
  });

  it('shows a refusal (event: error) as the reply, and stays on /c/new', async () => {
    mockFetch(() =>
      sseResponse(errorFrame('{"type":"no_user_key"}', { conversationId: 'new', parentMessageId: 'client' })),
    );
    const h = runHarness();
    const onNew = h.watch(PENDING_CONVERSATION);
    h.store.send(newChat);
    await eventually(() => expect(h.run(PENDING_CONVERSATION)?.status).toBe('error'));
    expect(h.run(PENDING_CONVERSATION)).toMatchObject({
      conversationId: null,
      requestMessage: { text: 'Hello there' },
      responseMessage: { error: true, text: '{"type":"no_user_key"}', isCreatedByUser: false },
    });
    onNew.stop();
  });
});

describe('a send in an existing conversation', () => {
  const earlier = [
    userMessage({ messageId: 'earlier-user' }),
    replyMessage({ messageId: 'earlier-reply', parentMessageId: 'earlier-user' }),
  ];

  it('merges the saved messages into the cached list, keeping the rest of the conversation', async () => {
    mockFetch(() =>
      sseResponse(wholeReply().replace(`"parentMessageId":"${NO_PARENT}"`, '"parentMessageId":"earlier-reply"')),
    );
    const h = runHarness();
    h.queryClient.setQueryData(chatKeys.messages(CONVERSATION_ID), earlier);
    h.queryClient.setQueryData(chatKeys.conversation(CONVERSATION_ID), {
      ...savedConversation({ title: 'Old chat' }),
      tags: ['work'],
    });
    h.store.send(inConversation());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    expect(h.messages(CONVERSATION_ID)?.map((message) => message.messageId)).toEqual([
      'earlier-user',
      'earlier-reply',
      USER_MESSAGE_ID,
      REPLY_ID,
    ]);
    expect(h.conversation(CONVERSATION_ID)).toMatchObject({ title: 'New Chat', tags: ['work'] });
  });

  it('ignores a send while one is submitting, and empty text', async () => {
    const live = liveSseResponse();
    const { calls } = mockFetch(() => live.response);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = runHarness();
    h.store.send(inConversation({ text: '   ' }));
    expect(h.run(CONVERSATION_ID)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('chat_send_refused'));
    h.store.send(inConversation());
    h.store.send(inConversation({ text: 'again' }));
    h.store.send(inConversation({ mode: 'regenerate', overrideParentMessageId: 'earlier-user' }));
    await eventually(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]?.body ?? '').text).toBe('Hello there');
    live.push(wholeReply());
    live.close();
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('done'));
    // Done: the next send goes, and regenerate carries the old text.
    h.store.send(inConversation({ mode: 'regenerate', text: 'Hello there', parentMessageId: USER_MESSAGE_ID }));
    await eventually(() => expect(calls).toHaveLength(2));
    expect(JSON.parse(calls[1]?.body ?? '')).toMatchObject({
      isRegenerate: true,
      overrideParentMessageId: USER_MESSAGE_ID,
    });
  });

  it('does not ask for a title', async () => {
    vi.useFakeTimers();
    const { callsTo } = mockFetch(() => sseResponse(wholeReply().replace('"title":null', '"title":"Old chat"')));
    const h = runHarness();
    h.store.send(inConversation());
    await drain();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.run(CONVERSATION_ID)?.status).toBe('done');
    expect(callsTo('/api/convos/gen_title')).toHaveLength(0);
  });

  it('shows a refused send (not a stream) as an error reply with the server message', async () => {
    mockFetch(() => jsonResponse({ message: 'A reply is already being generated', code: 'conflict' }, 409));
    const h = runHarness();
    h.store.send(inConversation());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('error'));
    expect(h.run(CONVERSATION_ID)?.responseMessage).toMatchObject({
      error: true,
      text: 'A reply is already being generated',
    });
  });

  it('refetches the messages after an error frame (the server saved what it could)', async () => {
    mockFetch(() => sseResponse(createdFrame() + errorFrame('Provider error')));
    const h = runHarness();
    h.queryClient.setQueryData(chatKeys.messages(CONVERSATION_ID), earlier);
    h.store.send(inConversation());
    await eventually(() => expect(h.run(CONVERSATION_ID)?.status).toBe('error'));
    expect(h.run(CONVERSATION_ID)?.responseMessage).toMatchObject({
      error: true,
      text: 'Provider error',
      messageId: REPLY_ID,
    });
    expect(h.queryClient.getQueryState(chatKeys.messages(CONVERSATION_ID))?.isInvalidated).toBe(true);
  });
});

describe('the balance after a turn', () => {
  it('is marked stale once the reply ends, so the account menu shows what the turn cost', async () => {
    mockFetch(() => sseResponse(wholeReply()));
    const h = runHarness();
    h.queryClient.setQueryData(balanceQueryKey, 1_000);
    h.watch(PENDING_CONVERSATION);
    h.store.send(newChat);
    await eventually(() => expect(h.run(PENDING_CONVERSATION)?.status).toBe('done'));
    expect(h.queryClient.getQueryState(balanceQueryKey)?.isInvalidated).toBe(true);
  });
});
