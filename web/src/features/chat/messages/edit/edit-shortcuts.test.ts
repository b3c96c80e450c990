import { describe, expect, it } from 'vitest';
import { editCommand } from './edit-shortcuts';

const key = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; isComposing?: boolean } = {}) =>
  editCommand({ key, ctrlKey: false, metaKey: false, isComposing: false, ...modifiers });

describe('editCommand', () => {
  it('Ctrl or Cmd + Enter saves and submits', () => {
    expect(key('Enter', { ctrlKey: true })).toBe('save_and_submit');
    expect(key('Enter', { metaKey: true })).toBe('save_and_submit');
  });

  it('Ctrl or Cmd + S saves only, with or without Shift/Caps Lock', () => {
    expect(key('s', { ctrlKey: true })).toBe('save');
    expect(key('S', { metaKey: true })).toBe('save');
  });

  it('Escape cancels', () => {
    expect(key('Escape')).toBe('cancel');
  });

  it('leaves plain typing alone', () => {
    expect(key('Enter')).toBeNull();
    expect(key('s')).toBeNull();
    expect(key('a', { ctrlKey: true })).toBeNull();
  });

  it('does nothing while an input method is composing', () => {
    expect(key('Enter', { ctrlKey: true, isComposing: true })).toBeNull();
    expect(key('Escape', { isComposing: true })).toBeNull();
  });
});
