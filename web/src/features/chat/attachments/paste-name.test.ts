import { describe, expect, it } from 'vitest';
import { pastedFile } from './paste-name';

describe('pasted files', () => {
  it('are renamed with a clipboard prefix and the time of the paste, keeping type and bytes', () => {
    const renamed = pastedFile(new File(['png-bytes'], 'image.png', { type: 'image/png' }), 1_764_000_000_000);
    expect(renamed.name).toBe('clipboard_1764000000000_image.png');
    expect(renamed.type).toBe('image/png');
    expect(renamed.size).toBe('png-bytes'.length);
  });
});
