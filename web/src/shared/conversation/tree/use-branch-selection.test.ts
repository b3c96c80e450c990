import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ChatMessage, NO_PARENT } from '../types';
import { initialSelectionState, reconcileSelection } from './branch-selection';
import { buildMessageTree } from './message-tree';
import { at, chatMessage } from './testing/chat-message';
import { useBranchSelection } from './use-branch-selection';

const question = chatMessage({ messageId: 'q', createdAt: at(0) });
const first = chatMessage({ messageId: 'r1', parentMessageId: 'q', isCreatedByUser: false, createdAt: at(1) });
const second = chatMessage({ messageId: 'r2', parentMessageId: 'q', isCreatedByUser: false, createdAt: at(2) });

const ids = (entries: { message: ChatMessage }[]) => entries.map((entry) => entry.message.messageId);

describe('reconcileSelection', () => {
  it('selects nothing for the messages of the first load (latest siblings by default)', () => {
    const state = reconcileSelection(initialSelectionState('c'), buildMessageTree([question, first, second]), 'c');
    expect(state.selection).toEqual({});
    expect([...state.knownIds].sort()).toEqual(['q', 'r1', 'r2']);
  });

  it('selects a message that arrives under a parent, even over an older explicit choice', () => {
    let state = reconcileSelection(initialSelectionState('c'), buildMessageTree([question, first, second]), 'c');
    state = { ...state, selection: { q: 'r1' } };
    const regenerated = chatMessage({ messageId: 'r3', parentMessageId: 'q', isCreatedByUser: false });
    state = reconcileSelection(state, buildMessageTree([question, first, second, regenerated]), 'c');
    expect(state.selection).toEqual({ [NO_PARENT]: 'q', q: 'r3' });
  });

  it('keeps the state object when nothing new arrived (a streamed token)', () => {
    const state = reconcileSelection(initialSelectionState('c'), buildMessageTree([question, first]), 'c');
    const next = reconcileSelection(state, buildMessageTree([question, { ...first, text: 'more' }]), 'c');
    expect(next).toBe(state);
  });

  it('picks the newest of several newcomers under one parent', () => {
    const empty = reconcileSelection(initialSelectionState('c'), buildMessageTree([question]), 'c');
    const state = reconcileSelection(empty, buildMessageTree([question, second, first]), 'c');
    expect(state.selection).toEqual({ [NO_PARENT]: 'q', q: 'r2' });
  });

  it('selects the ancestors of the newest newcomer, so it is on screen wherever it hangs', () => {
    const followUp = chatMessage({ messageId: 'q2', parentMessageId: 'r1', createdAt: at(3) });
    let state = reconcileSelection(
      initialSelectionState('c'),
      buildMessageTree([question, first, second, followUp]),
      'c',
    );
    const answer = chatMessage({ messageId: 'a2', parentMessageId: 'q2', isCreatedByUser: false });
    state = reconcileSelection(state, buildMessageTree([question, first, second, followUp, answer]), 'c');
    expect(state.selection).toEqual({ [NO_PARENT]: 'q', q: 'r1', r1: 'q2', q2: 'a2' });
  });

  it('starts afresh in another conversation', () => {
    let state = reconcileSelection(initialSelectionState('c'), buildMessageTree([question, first, second]), 'c');
    state = { ...state, selection: { q: 'r1' } };
    const other = reconcileSelection(state, buildMessageTree([question, first, second]), 'other');
    expect(other.selection).toEqual({});
    expect(other.conversationKey).toBe('other');
  });
});

describe('useBranchSelection', () => {
  it('pages between siblings and jumps to a regenerated reply when it arrives', () => {
    const { result, rerender } = renderHook(({ messages, key }) => useBranchSelection(messages, key), {
      initialProps: { messages: [question, first, second], key: 'c' },
    });
    expect(ids(result.current.branch)).toEqual(['q', 'r2']);

    act(() => result.current.stepSibling(result.current.branch[1]!, -1));
    expect(ids(result.current.branch)).toEqual(['q', 'r1']);

    // Re-rendering with the same messages (or a token in an old one) keeps the choice.
    rerender({ messages: [question, first, { ...second, text: 'changed' }], key: 'c' });
    expect(ids(result.current.branch)).toEqual(['q', 'r1']);

    const regenerated = chatMessage({ messageId: 'r3', parentMessageId: 'q', isCreatedByUser: false });
    rerender({ messages: [question, first, second, regenerated], key: 'c' });
    expect(ids(result.current.branch)).toEqual(['q', 'r3']);
    expect(result.current.branch[1]).toMatchObject({ siblingIndex: 2, siblingIds: ['r1', 'r2', 'r3'] });
  });

  it('follows an edited question onto its new branch', () => {
    const { result, rerender } = renderHook(({ messages }) => useBranchSelection(messages, 'c'), {
      initialProps: { messages: [question, first, second] },
    });
    act(() => result.current.stepSibling(result.current.branch[1]!, -1));
    const edited = chatMessage({ messageId: 'q-edit', createdAt: at(5) });
    const answer = chatMessage({ messageId: 'a-edit', parentMessageId: 'q-edit', isCreatedByUser: false });
    rerender({ messages: [question, first, second, edited, answer] });
    expect(ids(result.current.branch)).toEqual(['q-edit', 'a-edit']);
    expect(result.current.branch[0]).toMatchObject({ parentId: NO_PARENT, siblingIndex: 1 });

    act(() => result.current.stepSibling(result.current.branch[0]!, -1));
    expect(ids(result.current.branch)).toEqual(['q', 'r1']);
  });

  it('forgets choices when the conversation changes', () => {
    const { result, rerender } = renderHook(({ key }) => useBranchSelection([question, first, second], key), {
      initialProps: { key: 'c' },
    });
    act(() => result.current.stepSibling(result.current.branch[1]!, -1));
    rerender({ key: 'd' });
    expect(ids(result.current.branch)).toEqual(['q', 'r2']);
  });
});
