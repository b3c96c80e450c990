/** The message tree through POST /api/ask: branches as context, regenerate, edit, continue, and the listing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../contract/endpoints';
import { isTitleCall, sentMessages, stubOpenAIReplies } from '../test/chat/provider-replies';
import { estimateMessageTokens } from '../engine/tokens/messages';
import { savedMessages } from '../test/chat/run-fixtures';
import { CUSTOM_ENDPOINT_CONFIG, finalOf, get, send, sendBody, useConfig } from '../services/chat/testing/routes';
import { deltaText } from '../test/chat/sse';
import { createTestUser } from '../test/auth-helpers';

beforeEach(async () => {
  await useConfig(CUSTOM_ENDPOINT_CONFIG);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A new conversation with one exchange. */
async function startConversation(user: Awaited<ReturnType<typeof createTestUser>>, question = 'What is 2+2?') {
  const result = await send(user, '/api/ask/custom', sendBody({ text: question }));
  return { result, final: finalOf(result) };
}

describe('POST /api/ask/custom: the message tree', () => {
  it('sends the branch as context, and a follow-up extends it', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['Four.', 'Eight.']);
    const first = await startConversation(user);
    const { conversationId } = first.final.conversation;
    const second = finalOf(
      await send(
        user,
        '/api/ask/custom',
        sendBody({ text: 'And 4+4?', conversationId, parentMessageId: first.final.responseMessage.messageId }),
      ),
    );
    expect(second.conversation.conversationId).toBe(conversationId);
    expect(second.requestMessage).toMatchObject({ parentMessageId: first.final.responseMessage.messageId });
    const replyCalls = calls.filter((call) => !isTitleCall(call));
    expect(sentMessages(replyCalls[1])).toEqual([
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: 'Four.' },
      { role: 'user', content: 'And 4+4?' },
    ]);
    expect(await savedMessages(conversationId)).toHaveLength(4);
  });

  it('sends only the newest turns that fit maxContextTokens', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['Reply one.', 'Reply two.', 'Reply three.']);
    const first = await startConversation(user, 'Question one?');
    const { conversationId } = first.final.conversation;
    const second = finalOf(
      await send(
        user,
        '/api/ask/custom',
        sendBody({ text: 'Question two?', conversationId, parentMessageId: first.final.responseMessage.messageId }),
      ),
    );
    // Room for the second exchange and the new question, not for the first exchange.
    const stored = await savedMessages(conversationId);
    const tokensOf = (id: string) => stored.find((message) => message.messageId === id)?.tokenCount ?? 0;
    const budget =
      tokensOf(second.requestMessage.messageId) +
      tokensOf(second.responseMessage.messageId) +
      estimateMessageTokens('Question three?');
    finalOf(
      await send(
        user,
        '/api/ask/custom',
        sendBody({
          text: 'Question three?',
          conversationId,
          parentMessageId: second.responseMessage.messageId,
          maxContextTokens: budget,
        }),
      ),
    );
    expect(sentMessages(calls.filter((call) => !isTitleCall(call))[2])).toEqual([
      { role: 'user', content: 'Question two?' },
      { role: 'assistant', content: 'Reply two.' },
      { role: 'user', content: 'Question three?' },
    ]);
  });

  it('regenerates a sibling reply under the same user message, without a new user message', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['First try.', 'Second try.']);
    const { final } = await startConversation(user);
    const { conversationId } = final.conversation;
    const userMessageId = final.requestMessage.messageId;
    const regenerated = await send(
      user,
      '/api/ask/custom',
      sendBody({
        text: 'What is 2+2?',
        conversationId,
        parentMessageId: NO_PARENT,
        messageId: userMessageId,
        overrideParentMessageId: userMessageId,
        isRegenerate: true,
      }),
    );
    const again = finalOf(regenerated);
    expect(regenerated.frames[0]?.data).toMatchObject({ created: true, message: { messageId: userMessageId } });
    expect(again.requestMessage.messageId).toBe(userMessageId);
    expect(again.responseMessage).toMatchObject({ text: 'Second try.', parentMessageId: userMessageId });
    expect(again.responseMessage.messageId).not.toBe(final.responseMessage.messageId);
    expect(again.title).toBe('Generated Title');
    const saved = await savedMessages(conversationId);
    expect(saved.filter((m) => m.isCreatedByUser === 1)).toHaveLength(1);
    expect(saved.filter((m) => m.parentMessageId === userMessageId).map((m) => m.text)).toEqual([
      'First try.',
      'Second try.',
    ]);
    expect(sentMessages(calls.filter((call) => !isTitleCall(call))[1])).toEqual([
      { role: 'user', content: 'What is 2+2?' },
    ]);
  });

  it('sends an edited user message as a new branch beside the original', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['Four.', 'Six.']);
    const { final } = await startConversation(user);
    const { conversationId } = final.conversation;
    const edited = finalOf(
      await send(
        user,
        '/api/ask/custom',
        sendBody({ text: 'What is 3+3?', conversationId, parentMessageId: NO_PARENT }),
      ),
    );
    expect(edited.requestMessage).toMatchObject({ parentMessageId: NO_PARENT, text: 'What is 3+3?' });
    const roots = (await savedMessages(conversationId)).filter((m) => m.parentMessageId === NO_PARENT);
    expect(roots.map((m) => m.text)).toEqual(['What is 2+2?', 'What is 3+3?']);
    // The new branch's context does not include the old one.
    expect(sentMessages(calls.filter((call) => !isTitleCall(call))[1])).toEqual([
      { role: 'user', content: 'What is 3+3?' },
    ]);
  });

  it('continues a reply in place: same id, the generation as prefix, the text appended', async () => {
    const user = await createTestUser();
    const calls = stubOpenAIReplies(['The answer', ' is four.']);
    const { final } = await startConversation(user);
    const { conversationId } = final.conversation;
    const reply = final.responseMessage;
    const continued = await send(
      user,
      '/api/edit/custom',
      sendBody({
        text: 'What is 2+2?',
        conversationId,
        parentMessageId: NO_PARENT,
        messageId: final.requestMessage.messageId,
        isContinued: true,
        isEdited: true,
        responseMessageId: reply.messageId,
        generation: reply.text,
      }),
    );
    const after = finalOf(continued);
    expect(after.responseMessage).toMatchObject({
      messageId: reply.messageId,
      text: 'The answer is four.',
      parentMessageId: final.requestMessage.messageId,
    });
    expect(deltaText(continued.frames)).toBe(' is four.');
    const saved = await savedMessages(conversationId);
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ messageId: reply.messageId, text: 'The answer is four.', finish_reason: 'stop' });
    expect(sentMessages(calls.filter((call) => !isTitleCall(call))[1])).toEqual([
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: 'The answer' },
    ]);
    // Without a generation in the body, the stored reply is what continues.
    const again = finalOf(
      await send(
        user,
        '/api/edit/custom',
        sendBody({ text: 'What is 2+2?', conversationId, isContinued: true, responseMessageId: reply.messageId }),
      ),
    );
    expect(again.responseMessage).toMatchObject({ messageId: reply.messageId, text: 'The answer is four. is four.' });
  });

  it('regenerates from an edited reply as a new sibling starting with the edited text', async () => {
    const user = await createTestUser();
    stubOpenAIReplies(['Original reply.', ' and more.']);
    const { final } = await startConversation(user);
    const { conversationId } = final.conversation;
    const userMessageId = final.requestMessage.messageId;
    const edited = finalOf(
      await send(
        user,
        '/api/edit/custom',
        sendBody({
          text: 'What is 2+2?',
          conversationId,
          messageId: userMessageId,
          overrideParentMessageId: userMessageId,
          isRegenerate: true,
          isEdited: true,
          responseMessageId: final.responseMessage.messageId,
          generation: 'Edited start',
        }),
      ),
    );
    expect(edited.responseMessage.messageId).not.toBe(final.responseMessage.messageId);
    expect(edited.responseMessage).toMatchObject({ text: 'Edited start and more.', parentMessageId: userMessageId });
    const replies = (await savedMessages(conversationId)).filter((m) => m.parentMessageId === userMessageId);
    expect(replies.map((m) => m.text)).toEqual(['Original reply.', 'Edited start and more.']);
  });
});

describe('the tree through GET /api/messages/:conversationId', () => {
  it('lists siblings and branches with their parents, oldest first', async () => {
    const user = await createTestUser();
    stubOpenAIReplies(['A1', 'A2', 'B1']);
    const { final } = await startConversation(user, 'Q');
    const { conversationId } = final.conversation;
    const q = final.requestMessage.messageId;
    const a2 = finalOf(
      await send(
        user,
        '/api/ask/custom',
        sendBody({ text: 'Q', conversationId, messageId: q, overrideParentMessageId: q, isRegenerate: true }),
      ),
    ).responseMessage;
    const branch = finalOf(
      await send(user, '/api/ask/custom', sendBody({ text: 'Q edited', conversationId, parentMessageId: NO_PARENT })),
    );
    const response = await get(user, `/api/messages/${conversationId}`);
    expect(response.status).toBe(200);
    const listed: unknown = await response.json();
    expect(listed).toMatchObject([
      { messageId: q, parentMessageId: NO_PARENT, text: 'Q', isCreatedByUser: true },
      { parentMessageId: q, text: 'A1', isCreatedByUser: false },
      { messageId: a2.messageId, parentMessageId: q, text: 'A2' },
      { messageId: branch.requestMessage.messageId, parentMessageId: NO_PARENT, text: 'Q edited' },
      { messageId: branch.responseMessage.messageId, parentMessageId: branch.requestMessage.messageId, text: 'B1' },
    ]);
  });
});
