/**
 * Measurements for keyboard specs: how the focused control marks its focus (outline width and
 * colour, and the colour's contrast with what surrounds it), and whether a box lies inside the
 * viewport.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG non-text contrast: a focus indicator against the colours next to it. */
export const MIN_INDICATOR_CONTRAST = 3;

export interface FocusIndicator {
  /** The focused element, as "role "name"". */
  element: string;
  /** The outline's width in CSS px (0 when there is none). */
  width: number;
  color: string;
  /** The outline colour's lowest contrast with the backgrounds on either side of it. */
  ratio: number;
}

/**
 * The focus indicator of the focused element: its own outline, or that of the active option
 * when it points at one (aria-activedescendant), or that of its closest `drawnBy` ancestor (a
 * text box whose frame carries the ring). The outline is compared with the element's
 * background and its parent's (an inset ring touches the first, an outer ring the second).
 */
export function focusIndicator(page: Page, drawnBy?: string): Promise<FocusIndicator> {
  return page.evaluate((frameSelector) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    const rgba = (color: string): number[] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
    /** The colour behind `start`: its background composited over its ancestors' until one is opaque. */
    const backgroundOf = (start: Element | null): number[] => {
      const layers: number[][] = [];
      for (let node = start; node; node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if ((layer[3] ?? 0) > 0) layers.push(layer);
        if ((layer[3] ?? 0) >= 1) break;
      }
      let colour = [255, 255, 255];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const luminance = (rgb: number[]) =>
      rgb
        .map((value) => value / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const contrast = (a: number[], b: number[]) => {
      const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (lighter + 0.05) / (darker + 0.05);
    };

    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) {
      return { element: 'nothing (body)', width: 0, color: '', ratio: 0 };
    }
    const descendant = focused.getAttribute('aria-activedescendant');
    const marked =
      (descendant && document.getElementById(descendant)) ||
      (frameSelector && focused.closest(frameSelector)) ||
      focused;
    const style = getComputedStyle(marked);
    const width = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth) || 0;
    const colour = over(rgba(style.outlineColor), backgroundOf(marked));
    const ratio = Math.min(
      contrast(colour, backgroundOf(marked)),
      contrast(colour, backgroundOf(marked.parentElement)),
    );
    const name = (marked.getAttribute('aria-label') ?? marked.textContent ?? '').trim().slice(0, 40);
    return {
      element: `${marked.getAttribute('role') ?? marked.tagName.toLowerCase()} "${name}"`,
      width,
      color: style.outlineColor,
      ratio: Math.round(ratio * 100) / 100,
    };
  }, drawnBy ?? null);
}

/** The focused control shows a ring of at least 2 px at 3:1 or more. */
export async function expectFocusRing(page: Page, where: string, drawnBy?: string): Promise<FocusIndicator> {
  const indicator = await focusIndicator(page, drawnBy);
  expect(indicator.width, `${where}: ${indicator.element} outline width`).toBeGreaterThanOrEqual(2);
  expect(indicator.ratio, `${where}: ${indicator.element} outline ${indicator.color} contrast`).toBeGreaterThanOrEqual(
    MIN_INDICATOR_CONTRAST,
  );
  return indicator;
}

/** `locator`'s box lies wholly inside the viewport. */
export async function expectInsideViewport(page: Page, locator: Locator, where: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${where}: laid out`).not.toBeNull();
  if (!box || !viewport) return;
  const edges = { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
  expect(edges.left, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(edges.top, `${where}: top edge`).toBeGreaterThanOrEqual(0);
  expect(edges.right, `${where}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(edges.bottom, `${where}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

/** The element that has focus, as "role "name"". */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'body';
    const label =
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? element.labels?.[0]?.textContent
        : null;
    const name = (element.getAttribute('aria-label') ?? label ?? element.textContent ?? '').trim().slice(0, 60);
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()} "${name}"`;
  });
}

/** Presses Tab (Shift+Tab when `back`) until the focused element's description matches `target`. */
export async function tabTo(page: Page, target: RegExp, { back = false, max = 80 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focusedElement(page);
    if (target.test(now)) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${target}: ${seen.join(' | ')}`);
}
