import { describe, expect, it } from 'vitest';
import { resolvePromptImages, toBase64, type PromptMessage } from './prompt-images';
import { imageTokens } from './tokens/images';

describe('resolvePromptImages', () => {
  it('inlines each stored image as a data URL, reading each object once, and drops a missing one', async () => {
    const reads: string[] = [];
    const objects = new Map([['users/u/a', new Uint8Array([1, 2, 3]).buffer]]);
    const image = (storageKey: string) =>
      ({ type: 'stored_image', storageKey, mimeType: 'image/png', detail: 'high' }) as const;
    const messages: PromptMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'one' }, image('users/u/a')] },
      { role: 'assistant', content: 'seen' },
      { role: 'user', content: [{ type: 'text', text: 'two' }, image('users/u/a'), image('users/u/gone')] },
    ];
    const resolved = await resolvePromptImages(messages, async (key) => {
      reads.push(key);
      return objects.get(key) ?? null;
    });
    const inline = { type: 'image', url: 'data:image/png;base64,AQID', mimeType: 'image/png', detail: 'high' };
    expect(resolved).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'one' }, inline] },
      { role: 'assistant', content: 'seen' },
      { role: 'user', content: [{ type: 'text', text: 'two' }, inline] },
    ]);
    expect(reads.sort()).toEqual(['users/u/a', 'users/u/gone']);
  });

  it('encodes megabytes without overflowing the stack', () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(255);
    expect(toBase64(bytes)).toBe(btoa(String.fromCharCode(255, 255, 255)).repeat(1024 * 1024));
  });
});

describe('imageTokens', () => {
  it.each([
    ['low detail, whatever the size', 4000, 3000, 'low', 85],
    ['a small image: one tile', 300, 200, 'high', 255],
    ['a square brought down to 768: four tiles', 1024, 1024, 'auto', 765],
    ['a tall image fitted in 2048, then to 768 wide: six tiles', 2048, 4096, 'high', 1105],
    ['an image of unknown size: four tiles', undefined, undefined, 'auto', 765],
  ] as const)('%s', (_what, width, height, detail, tokens) => {
    expect(imageTokens(width, height, detail)).toBe(tokens);
  });
});
