import { describe, expect, it } from 'vitest';
import { downscaledSize, downscaleImage } from './downscale-image';

describe('downscaledSize', () => {
  it.each([
    ['small enough', { width: 640, height: 480 }, null],
    ['exactly at both limits', { width: 2000, height: 768 }, null],
    ['a wide panorama, by its long side', { width: 6000, height: 1000 }, { width: 2000, height: 333 }],
    ['a phone photo, by its short side', { width: 3024, height: 4032 }, { width: 768, height: 1024 }],
    ['a tall strip', { width: 500, height: 9000 }, { width: 111, height: 2000 }],
  ])('%s', (_what, size, expected) => {
    expect(downscaledSize(size)).toEqual(expected);
  });
});

describe('downscaleImage', () => {
  it('leaves a GIF alone, whatever its size (its frames would be lost)', async () => {
    const gif = new File([new Uint8Array(10)], 'anim.gif', { type: 'image/gif' });
    await expect(downscaleImage(gif, { width: 4000, height: 4000 })).resolves.toEqual({
      file: gif,
      width: 4000,
      height: 4000,
    });
  });
});
