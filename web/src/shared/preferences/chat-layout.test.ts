import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatDirAttribute, composerFontClass, setChatLayout, useChatLayout } from './chat-layout';

describe('chat layout preferences', () => {
  it('start at LibreChat’s defaults: base size, the page’s direction, a reading-width column', () => {
    const { result } = renderHook(() => useChatLayout());
    expect(result.current).toEqual({ fontSize: 'text-base', chatDirection: null, maximizeChatSpace: false });
  });

  it('are stored under LibreChat’s keys as JSON, and every user of the hook sees a change', () => {
    const first = renderHook(() => useChatLayout());
    const second = renderHook(() => useChatLayout());
    act(() => {
      setChatLayout('fontSize', 'text-lg');
      setChatLayout('chatDirection', 'RTL');
      setChatLayout('maximizeChatSpace', true);
    });
    expect(window.localStorage.getItem('fontSize')).toBe('"text-lg"');
    expect(window.localStorage.getItem('chatDirection')).toBe('"RTL"');
    expect(window.localStorage.getItem('maximizeChatSpace')).toBe('true');
    expect(first.result.current).toEqual({ fontSize: 'text-lg', chatDirection: 'RTL', maximizeChatSpace: true });
    expect(second.result.current).toBe(first.result.current);
  });

  it('read choices LibreChat left in this browser, and fall back on anything they cannot use', () => {
    window.localStorage.setItem('fontSize', '"text-xs"');
    window.localStorage.setItem('chatDirection', '"LTR"');
    expect(renderHook(() => useChatLayout()).result.current).toMatchObject({
      fontSize: 'text-xs',
      chatDirection: 'LTR',
    });

    window.localStorage.setItem('fontSize', '"text-3xl"');
    window.localStorage.setItem('chatDirection', '"rtl"');
    window.localStorage.setItem('maximizeChatSpace', '"yes"');
    expect(renderHook(() => useChatLayout()).result.current).toEqual({
      fontSize: 'text-base',
      chatDirection: null,
      maximizeChatSpace: false,
    });
  });

  it('keep the message box at 16 px on touch screens for the two small sizes', () => {
    expect(composerFontClass('text-xs')).toBe('text-xs pointer-coarse:text-base');
    expect(composerFontClass('text-sm')).toBe('text-sm pointer-coarse:text-base');
    expect(composerFontClass('text-lg')).toBe('text-lg');
  });

  it('give the chat area a dir only once a direction is chosen', () => {
    expect(chatDirAttribute(null)).toBeUndefined();
    expect(chatDirAttribute('LTR')).toBe('ltr');
    expect(chatDirAttribute('RTL')).toBe('rtl');
  });
});
