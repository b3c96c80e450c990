import { describe, expect, it } from 'vitest';
import { placeMenu, VIEWPORT_MARGIN } from './menu-placement';

const viewport = { width: 390, height: 844 };
const menu = { width: 256, height: 200 };
/** A 28 px button whose top-left corner is at (x, y). */
const button = (x: number, y: number) => ({ left: x, top: y, right: x + 28, bottom: y + 28 });

describe('placeMenu', () => {
  it('opens below the button, lined up with the requested edge, when there is room', () => {
    expect(placeMenu(button(300, 100), menu, viewport, 'end')).toMatchObject({ top: 134, left: 72 });
    expect(placeMenu(button(20, 100), menu, viewport, 'start')).toMatchObject({ top: 134, left: 20 });
  });

  it('mirrors start and end in a right-to-left page', () => {
    expect(placeMenu(button(300, 100), menu, viewport, 'start', 'rtl')).toMatchObject({ left: 72 });
    expect(placeMenu(button(20, 100), menu, viewport, 'end', 'rtl')).toMatchObject({ left: 20 });
  });

  it('shifts a menu that would cross the left edge back inside', () => {
    // A row menu near the left edge: lined up with its button's end it would start at x = -14.
    expect(placeMenu(button(214, 100), menu, viewport, 'end').left).toBe(VIEWPORT_MARGIN);
  });

  it('shifts a menu that would cross the right edge back inside', () => {
    expect(placeMenu(button(350, 100), menu, viewport, 'start').left).toBe(390 - VIEWPORT_MARGIN - 256);
  });

  it('flips above the button when only the space above is large enough', () => {
    const placement = placeMenu(button(100, 700), menu, viewport, 'start');
    expect(placement.top).toBe(700 - 6 - 200);
    expect(placement.top + menu.height).toBeLessThanOrEqual(700);
  });

  it('caps the height of a menu taller than either side, on the roomier side', () => {
    const placement = placeMenu(button(100, 300), { width: 256, height: 900 }, viewport, 'start');
    expect(placement).toEqual({ top: 334, left: 100, maxHeight: 844 - VIEWPORT_MARGIN - 334 });
  });
});
