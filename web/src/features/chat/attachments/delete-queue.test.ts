import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileToDelete } from '@/shared/files/api/delete-files';
import { createDeleteQueue } from './delete-queue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const stored = (id: string): FileToDelete => ({
  file_id: id,
  filepath: `/api/files/u1/${id}`,
  source: 'r2',
  embedded: false,
});

describe('deleting removed files', () => {
  it('sends one delete for files removed less than a second apart, a second after the last', () => {
    const remove = vi.fn(async (_files: FileToDelete[]) => undefined);
    const queue = createDeleteQueue(remove);
    queue.add(stored('a'));
    vi.advanceTimersByTime(900);
    queue.add(stored('b'));
    vi.advanceTimersByTime(999);
    expect(remove).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(remove).toHaveBeenCalledExactlyOnceWith([stored('a'), stored('b')]);
  });

  it('sends what is queued at once when flushed', () => {
    const remove = vi.fn(async (_files: FileToDelete[]) => undefined);
    const queue = createDeleteQueue(remove);
    queue.add(stored('a'));
    queue.flush();
    expect(remove).toHaveBeenCalledExactlyOnceWith([stored('a')]);
    vi.advanceTimersByTime(2_000);
    expect(remove).toHaveBeenCalledOnce();
  });
});
