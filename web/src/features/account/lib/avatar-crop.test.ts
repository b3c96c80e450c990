import { describe, expect, it } from 'vitest';
import {
  clampOffset,
  clampZoom,
  cropTransform,
  displayScale,
  INITIAL_CROP,
  isAcceptedAvatarFile,
  rotateClockwise,
} from './avatar-crop';
import { formatMegabytes } from './file-size';

const landscape = { width: 1000, height: 500 };

describe('avatar crop', () => {
  it('covers the 250 px square with the shorter side at zoom 1', () => {
    expect(displayScale(landscape, 1)).toBe(0.5);
    expect(displayScale(landscape, 2)).toBe(1);
  });

  it('keeps zoom within 1 to 5', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(7)).toBe(5);
    expect(clampZoom(2.345)).toBe(2.345);
  });

  it('lets a pan go only as far as the picture still covers the square', () => {
    // 1000×500 at scale 0.5 shows 500×250: 125 px of slack each way horizontally, none vertically.
    expect(clampOffset({ ...INITIAL_CROP, offsetX: 400, offsetY: -80 }, landscape)).toMatchObject({
      offsetX: 125,
      offsetY: 0,
    });
    // Turned sideways, the slack moves to the vertical axis.
    const turned = rotateClockwise(INITIAL_CROP);
    expect(turned.rotation).toBe(90);
    expect(clampOffset({ ...turned, offsetX: 400, offsetY: -400 }, landscape)).toMatchObject({
      offsetX: 0,
      offsetY: -125,
    });
  });

  it('rotates in 90° steps back to 0', () => {
    let crop = INITIAL_CROP;
    for (let turn = 0; turn < 4; turn += 1) crop = rotateClockwise(crop);
    expect(crop.rotation).toBe(0);
  });

  it('describes the preview with the same pan, rotate, scale order the canvas uses', () => {
    expect(cropTransform({ zoom: 2, rotation: 90, offsetX: 5, offsetY: -6 }, landscape)).toBe(
      'translate(-50%, -50%) translate(5px, -6px) rotate(90deg) scale(1)',
    );
  });

  it('accepts .png, .jpg and .jpeg in any case', () => {
    expect(isAcceptedAvatarFile(new File([], 'me.PNG'))).toBe(true);
    expect(isAcceptedAvatarFile(new File([], 'me.jpeg'))).toBe(true);
    expect(isAcceptedAvatarFile(new File([], 'me.webp'))).toBe(false);
  });

  it('names limits in MB', () => {
    expect(formatMegabytes(2 * 1024 * 1024)).toBe('2');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5');
  });
});
