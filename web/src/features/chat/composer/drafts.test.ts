import { describe, expect, it, vi } from 'vitest';
import { clearDraft, moveDraft, readDraft, saveDraft } from './drafts';

describe('drafts', () => {
  it('are kept per conversation under textDraft_{id}', () => {
    saveDraft('convo-1', 'first');
    saveDraft('convo-2', 'second');
    expect(window.localStorage.getItem('textDraft_convo-1')).toBe('first');
    expect(readDraft('convo-2')).toBe('second');
    expect(readDraft('convo-3')).toBe('');
  });

  it('are removed rather than saved when a single character or less is left', () => {
    saveDraft('convo-1', 'long enough');
    saveDraft('convo-1', 'x');
    expect(window.localStorage.getItem('textDraft_convo-1')).toBeNull();
  });

  it('are cleared by id', () => {
    saveDraft('convo-1', 'text');
    clearDraft('convo-1');
    expect(readDraft('convo-1')).toBe('');
  });

  it('move from PENDING to the real id, leaving nothing under PENDING', () => {
    saveDraft('PENDING', 'typed while waiting');
    moveDraft('PENDING', 'a1b2c3d4');
    expect(readDraft('a1b2c3d4')).toBe('typed while waiting');
    expect(readDraft('PENDING')).toBe('');
  });

  it('do not move onto an id of 3 characters or less', () => {
    saveDraft('PENDING', 'typed while waiting');
    moveDraft('PENDING', 'new');
    moveDraft('PENDING', 'abc');
    expect(readDraft('PENDING')).toBe('typed while waiting');
    expect(readDraft('new')).toBe('');
    expect(readDraft('abc')).toBe('');
    moveDraft('PENDING', 'abcd');
    expect(readDraft('abcd')).toBe('typed while waiting');
  });

  it('leave the target alone when there is nothing to move', () => {
    saveDraft('a1b2c3d4', 'already here');
    moveDraft('PENDING', 'a1b2c3d4');
    expect(readDraft('a1b2c3d4')).toBe('already here');
  });

  it('never throw when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => {
      saveDraft('convo-1', 'text');
      clearDraft('convo-1');
      moveDraft('PENDING', 'convo-1');
    }).not.toThrow();
    expect(readDraft('convo-1')).toBe('');
  });
});
