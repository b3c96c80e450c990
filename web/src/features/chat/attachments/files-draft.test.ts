import { describe, expect, it } from 'vitest';
import type { Attachment } from './attachment';
import { moveFilesDraft, readFilesDraft, saveFilesDraft } from './files-draft';

const uploaded: Attachment = {
  id: 'temp-1',
  filename: 'photo.png',
  type: 'image/png',
  bytes: 3,
  preview: 'blob:local',
  width: 800,
  height: 600,
  progress: 1,
  slow: false,
  stored: { file_id: 'f1', filepath: '/api/files/u1/f1', type: 'image/png', source: 'r2', embedded: false },
};
const uploading: Attachment = { ...uploaded, id: 'temp-2', filename: 'b.pdf', progress: 0.4, stored: undefined };

describe('files draft', () => {
  it('keeps uploaded files only, an image shown from its link after a reload', () => {
    saveFilesDraft('convo-1', [uploaded, uploading]);
    expect(readFilesDraft('convo-1')).toEqual([{ ...uploaded, preview: '/api/files/u1/f1' }]);
    saveFilesDraft('convo-1', []);
    expect(window.localStorage.getItem('filesDraft_convo-1')).toBeNull();
  });

  it("follows a new conversation to its real id, never to a placeholder's", () => {
    saveFilesDraft('PENDING', [uploaded]);
    moveFilesDraft('PENDING', 'new');
    expect(readFilesDraft('PENDING')).toHaveLength(1);
    moveFilesDraft('PENDING', 'c0ffee-1234');
    expect(readFilesDraft('PENDING')).toEqual([]);
    expect(readFilesDraft('c0ffee-1234').map((file) => file.id)).toEqual(['temp-1']);
  });
});
