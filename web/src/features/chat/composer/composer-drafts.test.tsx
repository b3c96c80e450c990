import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderComposer } from './testing/render-composer';

const stored = (conversationId: string) => window.localStorage.getItem(`textDraft_${conversationId}`);
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('composer drafts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are saved 750 ms after typing pauses, each keystroke restarting the wait', () => {
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Hel' } });
    advance(500);
    fireEvent.change(textbox(), { target: { value: 'Hello' } });
    advance(749);
    expect(stored('convo-1')).toBeNull();
    advance(1);
    expect(stored('convo-1')).toBe('Hello');
  });

  it('are not saved for a single character', () => {
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'H' } });
    advance(5_000);
    expect(stored('convo-1')).toBeNull();
  });

  it('are removed 2.5 s after the text is emptied, not sooner', () => {
    window.localStorage.setItem('textDraft_convo-1', 'Hello');
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: '' } });
    advance(2_499);
    expect(stored('convo-1')).toBe('Hello');
    advance(1);
    expect(stored('convo-1')).toBeNull();
  });

  it('are restored when the conversation opens', () => {
    window.localStorage.setItem('textDraft_convo-1', 'Where was I');
    const { textbox } = renderComposer();
    expect(textbox()).toHaveValue('Where was I');
  });

  it('give way to text pre-filled from the address', () => {
    window.localStorage.setItem('textDraft_convo-1', 'Where was I');
    const { textbox } = renderComposer({ initialText: 'From the link' });
    expect(textbox()).toHaveValue('From the link');
  });

  it('are removed at once when the message is sent, and a pending save is dropped', () => {
    const { textbox } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Hello' } });
    advance(750);
    fireEvent.change(textbox(), { target: { value: 'Hello again' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(stored('convo-1')).toBeNull();
    advance(5_000);
    expect(stored('convo-1')).toBeNull();
  });

  it('are neither saved nor restored with the saveDrafts preference off', () => {
    window.localStorage.setItem('saveDrafts', 'false');
    window.localStorage.setItem('textDraft_convo-1', 'Old draft');
    const { textbox } = renderComposer();
    expect(textbox()).toHaveValue('');
    fireEvent.change(textbox(), { target: { value: 'Not kept' } });
    advance(5_000);
    expect(stored('convo-1')).toBe('Old draft');
  });

  it('of the conversation left are written at once, and the next one shows its own', () => {
    window.localStorage.setItem('textDraft_convo-2', 'Second draft');
    const { textbox, update } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Typed just now' } });
    update({ conversationId: 'convo-2' });
    expect(stored('convo-1')).toBe('Typed just now');
    expect(textbox()).toHaveValue('Second draft');
    update({ conversationId: 'convo-1' });
    expect(textbox()).toHaveValue('Typed just now');
  });

  it('follow a PENDING conversation to its real id, keeping the text on screen', () => {
    const { textbox, update } = renderComposer({ conversationId: 'new' });
    fireEvent.change(textbox(), { target: { value: 'First question' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    update({ conversationId: 'PENDING', isSubmitting: true });
    fireEvent.change(textbox(), { target: { value: 'Follow-up' } });
    update({ conversationId: 'a1b2c3d4-real' });
    expect(textbox()).toHaveValue('Follow-up');
    expect(stored('a1b2c3d4-real')).toBe('Follow-up');
    expect(stored('PENDING')).toBeNull();
    expect(stored('new')).toBeNull();
  });

  it('are written at once when the composer goes away', () => {
    const { textbox, unmount } = renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Leaving now' } });
    unmount();
    expect(stored('convo-1')).toBe('Leaving now');
  });
});
