import { describe, expect, it } from 'vitest';
import { documentText, resolvePromptFiles, toBase64, type PromptMessage } from './prompt-files';
import { imageTokens } from './tokens/images';

describe('resolvePromptFiles', () => {
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
    const resolved = await resolvePromptFiles(messages, async (key) => {
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

describe('documents in the prompt', () => {
  it('reads a document only up to its budget, once, and fences its text under its name', async () => {
    const reads: [string, number | undefined][] = [];
    const text = 'Line one\n```js\ncode()\n```\nné';
    const bytes = new TextEncoder().encode(text);
    const part = {
      type: 'stored_document',
      storageKey: 'users/u/doc',
      filename: 'notes.md',
      maxBytes: bytes.length - 1,
      truncated: true,
    } as const;
    const resolved = await resolvePromptFiles(
      [{ role: 'user', content: [part, { type: 'text', text: 'Sum up' }] }],
      async (key, maxBytes) => {
        reads.push([key, maxBytes]);
        return bytes.slice(0, maxBytes).buffer;
      },
    );
    expect(reads).toEqual([['users/u/doc', bytes.length - 1]]);
    // The cut fell inside "é": the broken character is dropped, not shown as a replacement mark.
    const seen = text.slice(0, -1);
    expect(resolved[0]?.content).toEqual([
      { type: 'text', text: documentText(part, seen) },
      { type: 'text', text: 'Sum up' },
    ]);
    expect(documentText(part, seen)).toBe(
      `Attached file "notes.md" (only its beginning: the file is longer than its share of the prompt):\n\`\`\`\`\n${seen}\n\`\`\`\``,
    );
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
