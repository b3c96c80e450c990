import { describe, expect, it } from 'vitest';
import { deleteUserFiles, userFilesPrefix, type FileListing } from './account-deletion';

/** An in-memory bucket that pages two keys at a time, whatever limit is asked for. */
function fakeBucket(keys: string[]): FileListing & { keys: Set<string> } {
  const store = new Set(keys);
  return {
    keys: store,
    async list({ prefix, cursor }) {
      const matching = [...store].filter((key) => key.startsWith(prefix)).sort();
      const start = cursor ? matching.findIndex((key) => key > cursor) : 0;
      const page = start < 0 ? [] : matching.slice(start, start + 2);
      const truncated = start >= 0 && start + 2 < matching.length;
      return { objects: page.map((key) => ({ key })), truncated, ...(truncated ? { cursor: page.at(-1) } : {}) };
    },
    async delete(toDelete) {
      // Deleting while listing must not skip keys: cursors are positions, not indexes.
      for (const key of toDelete) store.delete(key);
    },
  };
}

describe('deleteUserFiles', () => {
  it("deletes every page of the user's prefix and nothing else", async () => {
    const mine = Array.from({ length: 7 }, (_, i) => `${userFilesPrefix('u1')}file-${i}`);
    const bucket = fakeBucket([...mine, `${userFilesPrefix('u10')}keep`, 'users/u1', 'other/u1/x']);
    expect(await deleteUserFiles(bucket, 'u1')).toBe(7);
    expect([...bucket.keys].sort()).toEqual(['other/u1/x', 'users/u1', 'users/u10/keep']);
  });
});
