/**
 * Quality facts about a rendered page that a screenshot alone would not prove: layout
 * (centred card, no sideways scrolling), accessibility (labelled inputs, visible keyboard
 * focus) and colour contrast computed from the computed styles (WCAG 2 relative luminance).
 */
import type { Locator, Page } from 'playwright-core';

export type Theme = 'light' | 'dark';

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * Before any script runs: the stored theme choice (what the theme toggle writes) and the OS
 * preference agree, so the page paints in `theme` from the first frame.
 */
export async function setThemeBeforeLoad(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript((value) => localStorage.setItem('color-theme', value), theme);
}

export function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

/** Sideways scrolling: how many CSS pixels the document is wider than the viewport. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  viewportWidth: number;
  viewportHeight: number;
}

/** Where `locator` sits, with the viewport's size (scrollbars excluded). */
export function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return {
      left: rect.left,
      right: rect.right,
      top: rect.top + window.scrollY,
      bottom: rect.bottom + window.scrollY,
      width: rect.width,
      viewportWidth: document.documentElement.clientWidth,
      viewportHeight: document.documentElement.clientHeight,
    };
  });
}

/**
 * Form fields with no accessible name (no <label>, aria-label or aria-labelledby text), as
 * short descriptions. Hidden inputs and inputs that are not rendered are skipped.
 */
export function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const text = (value: string | null | undefined) => (value ?? '').trim();
    const fields = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
    );
    return fields
      .filter((field) => field.type !== 'hidden' && field.getClientRects().length > 0)
      .filter((field) => {
        const labelled = Array.from(field.labels ?? []).some((label) => text(label.textContent) !== '');
        const ariaLabel = text(field.getAttribute('aria-label')) !== '';
        const labelledBy = (field.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .some((id) => id !== '' && text(document.getElementById(id)?.textContent) !== '');
        return !labelled && !ariaLabel && !labelledBy;
      })
      .map(
        (field) =>
          `<${field.tagName.toLowerCase()} type=${field.getAttribute('type') ?? ''} name=${field.getAttribute('name') ?? ''}>`,
      );
  });
}

export interface FocusStop {
  /** e.g. `button "Continue"` */
  element: string;
  /** A focus indicator is drawn: an outline (width ≥ 1 px, not 'none', not transparent) or a box-shadow. */
  visible: boolean;
  outline: string;
}

/**
 * Presses Tab from the top of the page, `max` times or until focus comes round again, and
 * reports for each stop whether a focus indicator is drawn (read from the computed style once
 * the focus transition has settled).
 */
export async function tabThroughPage(page: Page, max = 20): Promise<FocusStop[]> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  const stops: FocusStop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(200);
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      const style = getComputedStyle(element);
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const path: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        path.unshift(`${node.tagName}:${Array.from(node.parentElement?.children ?? []).indexOf(node)}`);
      }
      const outlineWidth = Number.parseFloat(style.outlineWidth) || 0;
      const transparent = /rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
      const outlined = style.outlineStyle !== 'none' && outlineWidth >= 1 && !transparent;
      // A ring drawn as a box-shadow: a layer with a spread and a colour that shows (a soft drop
      // shadow with no spread, like an input's resting shadow, is not a focus indicator).
      const layers = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
      const shadowed = layers.some((layer) => {
        const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(layer);
        const lengths = layer
          .replace(/rgba?\([^)]*\)/, '')
          .trim()
          .split(/\s+/)
          .map((value) => Number.parseFloat(value));
        return (alpha ? Number(alpha[1]) > 0 : true) && (lengths[3] ?? 0) > 0;
      });
      return {
        key: path.join('/'),
        element: `${role} "${name}"`,
        visible: outlined || shadowed,
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; shadow ${style.boxShadow}`,
      };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push({ element: stop.element, visible: stop.visible, outline: stop.outline });
  }
  return stops;
}

export interface ContrastSample {
  text: string;
  ratio: number;
  color: string;
  background: string;
}

/**
 * The contrast ratio of the text of each element matched by `selector` (visible, enabled, with
 * text of its own) against the background actually behind it: the nearest ancestor with an
 * opaque-enough background colour (translucent layers are composited, element opacity applied).
 * Colours are converted to sRGB through a canvas, so any CSS colour syntax works.
 */
export function textContrasts(page: Page, selector: string): Promise<ContrastSample[]> {
  return page.evaluate((css) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (
      top: [number, number, number, number],
      bottom: [number, number, number],
    ): [number, number, number] => [
      top[0] * top[3] + bottom[0] * (1 - top[3]),
      top[1] * top[3] + bottom[1] * (1 - top[3]),
      top[2] * top[3] + bottom[2] * (1 - top[3]),
    ];
    const luminance = ([r, g, b]: [number, number, number]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    /** The background behind `element`: its own and its ancestors' backgrounds, composited from the page up. */
    const backgroundBehind = (element: Element): [number, number, number] => {
      const layers: [number, number, number, number][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      let color: [number, number, number] = [255, 255, 255];
      for (const layer of layers.reverse()) color = over(layer, color);
      return color;
    };
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };
    const hex = ([r, g, b]: [number, number, number]) =>
      `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

    return Array.from(document.querySelectorAll(css))
      .filter((element) => element.getClientRects().length > 0 && !(element as HTMLButtonElement).disabled)
      .filter((element) =>
        Array.from(element.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        ),
      )
      .map((element) => {
        const background = backgroundBehind(element);
        const foreground = rgba(getComputedStyle(element).color);
        const text = over(
          [foreground[0], foreground[1], foreground[2], foreground[3] * opacityOf(element)],
          background,
        );
        const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
        return {
          text: (element.textContent ?? '').trim().slice(0, 50),
          ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100,
          color: hex(text),
          background: hex(background),
        };
      });
  }, selector);
}

/**
 * Text cut off or spilling out of its box, as short descriptions: an element whose own text is
 * wider than the element, unless it scrolls on purpose (overflow auto/scroll) or shortens the
 * text with an ellipsis on purpose. Longer words of another language show up here first.
 */
export function clippedText(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll(`${selector}, ${selector} *`))) {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
      if (['TEXTAREA', 'INPUT', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE'].includes(element.tagName)) continue;
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || ['auto', 'scroll'].includes(style.overflowX)) continue;
      if (style.textOverflow === 'ellipsis') continue;
      // Screen-reader-only text (a 1 px box, clipped) is hidden on purpose.
      if (style.clipPath !== 'none' || (style.position === 'absolute' && style.clip !== 'auto')) continue;
      if (element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" ${element.scrollWidth}>${element.clientWidth}`,
        );
    }
    return found;
  }, within);
}
