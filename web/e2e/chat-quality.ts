/**
 * The chat screen's "looks finished" checks, as assertions a screenshot spec can list screen by
 * screen: nothing scrolls sideways, header, message, composer and dialog text has AA contrast
 * (the composer's placeholder too), every field is labelled, keyboard focus shows (the
 * composer's frame at 3:1 against the page) and Tab goes (sidebar →) header → messages →
 * composer, the welcome is centred, the phone header stays small, and an earlier message's
 * hover actions stay inside its row. The page-independent measurements live in page-quality.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  horizontalOverflow,
  MIN_TEXT_CONTRAST,
  tabThroughPage,
  textContrasts,
  unlabelledFields,
  type ContrastSample,
} from './page-quality';

/** The chat composer's text box. */
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message input' });

/**
 * Text checked for contrast: the header, the messages (prose, code tokens, table cells, names,
 * version counter), the composer and the line under it. Action tooltips are left out: they
 * are invisible until hovered and drawn inverted when shown.
 */
const TEXT = ':is(h1, h2, h3, h4, p, a, button, li, span, strong, em, code, td, th, label)';
const NOT_TOOLTIP = ':not(button > span[aria-hidden="true"])';
const CONTRAST_AREAS = {
  header: `header ${TEXT}${NOT_TOOLTIP}`,
  messages: `[role="feed"] article ${TEXT}${NOT_TOOLTIP}`,
  landing: `main section ${TEXT}`,
  composer: `main form ${TEXT}${NOT_TOOLTIP}, main form + p`,
  dialog: `[role="dialog"] ${TEXT}${NOT_TOOLTIP}`,
} as const;

function expectReadable(samples: ContrastSample[], where: string): void {
  const poor = samples.filter((sample) => sample.ratio < MIN_TEXT_CONTRAST);
  expect(poor, `${where}: text below ${MIN_TEXT_CONTRAST}:1`).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBe(0);
}

/** The message text on screen (however little there is) reads at AA contrast. */
export async function expectMessageTextReadable(page: Page, where: string): Promise<void> {
  expectReadable(await textContrasts(page, CONTRAST_AREAS.messages), where);
}

/** The composer's placeholder against the composer's background (the ::placeholder colour). */
function placeholderContrast(page: Page): Promise<ContrastSample> {
  return composer(page).evaluate((textarea) => {
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
    const layers: number[][] = [];
    for (let node: Element | null = textarea; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if ((layer[3] ?? 0) > 0) layers.push(layer);
      if ((layer[3] ?? 0) >= 1) break;
    }
    let background = [255, 255, 255];
    for (const layer of layers.reverse()) background = over(layer, background);
    const text = over(rgba(getComputedStyle(textarea, '::placeholder').color), background);
    const luminance = (rgb: number[]) =>
      rgb
        .map((value) => value / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
    const hex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
    return {
      text: textarea.getAttribute('placeholder') ?? '',
      ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100,
      color: hex(text),
      background: hex(background),
    };
  });
}

/** The checks every screenshot of the chat screen must pass. */
export async function expectFinished(
  page: Page,
  where: string,
  { hasMessages }: { hasMessages: boolean },
): Promise<void> {
  await expectNoSidewaysScroll(page, where);
  expect(await unlabelledFields(page), `${where}: unlabelled fields`).toEqual([]);
  const header = await textContrasts(page, CONTRAST_AREAS.header);
  expect(header.length, `${where}: header text measured`).toBeGreaterThan(0);
  expectReadable(header, `${where} header`);
  const composerText = await textContrasts(page, CONTRAST_AREAS.composer);
  expect(composerText.length, `${where}: composer text measured`).toBeGreaterThan(0);
  expectReadable(composerText, `${where} composer`);
  if (hasMessages) {
    const messages = await textContrasts(page, CONTRAST_AREAS.messages);
    expect(messages.length, `${where}: message text measured`).toBeGreaterThan(5);
    expectReadable(messages, `${where} messages`);
  } else {
    expectReadable(await textContrasts(page, CONTRAST_AREAS.landing), `${where} landing`);
    const placeholder = await placeholderContrast(page);
    expect(placeholder.text, `${where}: placeholder shown`).not.toBe('');
    expect(
      placeholder.ratio,
      `${where}: placeholder ${placeholder.color} on ${placeholder.background}`,
    ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  }
}

/** An open dialog (e.g. the parameters panel): no sideways scroll, labelled fields, readable text. */
export async function expectDialogFinished(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page, where);
  expect(await unlabelledFields(page), `${where}: unlabelled fields`).toEqual([]);
  const dialogText = await textContrasts(page, CONTRAST_AREAS.dialog);
  expect(dialogText.length, `${where}: text measured`).toBeGreaterThan(3);
  expectReadable(dialogText, where);
}

/** The welcome sits in the middle of the space between header and composer. */
export async function expectWelcomeCentred(page: Page, where: string): Promise<void> {
  const layout = await page.evaluate(() => {
    const heading = document.querySelector('main section h1')?.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect();
    const form = document.querySelector('main form')?.getBoundingClientRect();
    return heading && header && form
      ? { heading: (heading.top + heading.bottom) / 2, top: header.bottom, bottom: form.top }
      : null;
  });
  expect(layout, `${where}: landing laid out`).not.toBeNull();
  if (layout) {
    const middle = (layout.top + layout.bottom) / 2;
    expect(Math.abs(layout.heading - middle), `${where}: welcome roughly centred`).toBeLessThanOrEqual(
      (layout.bottom - layout.top) * 0.15,
    );
  }
}

/** The header stays one row of controls plus the title: it must not eat a phone's screen. */
export async function expectHeaderAtMost(page: Page, where: string, maxHeight: number): Promise<void> {
  const headerHeight = await page.getByRole('banner').evaluate((element) => element.getBoundingClientRect().height);
  expect(headerHeight, `${where}: header height`).toBeLessThanOrEqual(maxHeight);
}

/** Hovers `message` (an earlier one): its actions show, inside its own row (over nothing of the next). */
export async function expectHoverActionsInsideRow(message: Locator): Promise<void> {
  await message.hover();
  const actions = message.getByRole('group', { name: 'Message actions' });
  await expect
    .poll(() => actions.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity))
    .toBe('1');
  const [row, bar] = await Promise.all([message.boundingBox(), actions.boundingBox()]);
  expect(row && bar, 'hovered message and its actions laid out').toBeTruthy();
  if (row && bar) {
    expect(bar.y, 'actions inside the row (top)').toBeGreaterThanOrEqual(row.y);
    expect(bar.y + bar.height, 'actions inside the row (bottom)').toBeLessThanOrEqual(row.y + row.height);
  }
}

// The conversation sidebar, when open, comes first on screen and in the tab order.
type Region = 'sidebar' | 'header' | 'messages' | 'composer' | 'other';
const REGION_RANK: Record<Region, number> = { sidebar: -1, header: 0, messages: 1, composer: 2, other: 3 };

const COMPOSER_STOP = 'textarea "Message input"';

/**
 * Tabs from the top of the page until the composer's text box has focus (or `max` presses),
 * naming the region of each stop. Tab starts from a throwaway element at the start of <body>:
 * a blur alone would leave the browser's starting point wherever the last click was.
 */
async function tabRegions(page: Page, max = 160): Promise<{ region: Region; element: string }[]> {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.id = 'tab-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const stops: { region: Region; element: string }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      // The feed and what belongs to it (its scroll-to-bottom button) are "messages".
      const region = element.closest('nav')
        ? 'sidebar'
        : element.closest('header')
          ? 'header'
          : element.closest('main form')
            ? 'composer'
            : element.closest('main')
              ? 'messages'
              : 'other';
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return { region, element: `${element.getAttribute('role') ?? element.tagName.toLowerCase()} "${name}"` } as const;
    });
    if (!stop) continue;
    stops.push(stop);
    if (stop.element === COMPOSER_STOP) break;
  }
  await page.evaluate(() => document.getElementById('tab-start')?.remove());
  return stops;
}

/**
 * Tab goes skip link → sidebar (when open) → header (a link first) → messages (when there are
 * any) → composer, in that order. A phone's header leaves home, theme and account out (the
 * account menu is in the sidebar, the theme in Settings).
 */
export async function expectTabOrder(
  page: Page,
  where: string,
  { hasMessages, phone = false }: { hasMessages: boolean; phone?: boolean },
): Promise<void> {
  const [skipLink, ...stops] = await tabRegions(page);
  // First of all, the skip link to the message box (shown only while focused).
  expect(skipLink?.element, `${where}: first Tab stop`).toBe('a "Skip to the message box"');
  const summary = stops.map((stop) => `${stop.region}: ${stop.element}`);
  // After the sidebar's stops (if it is open), the header's home link comes first.
  const firstOfPage = stops.find((stop) => stop.region !== 'sidebar');
  // The home link; on a phone, which has no room for it, the sidebar toggle.
  expect(firstOfPage?.element, `${where}: first Tab stop after the sidebar (${summary.join(' | ')})`).toMatch(
    phone ? /^button "Open sidebar"/ : /^a "/,
  );
  expect(firstOfPage?.region, `${where}: first Tab stop after the sidebar`).toBe('header');
  expect(stops.at(-1)?.element, `${where}: Tab reaches the composer (${summary.join(' | ')})`).toBe(COMPOSER_STOP);
  const ranks = stops.map((stop) => REGION_RANK[stop.region]);
  expect(
    ranks.every((rank, i) => i === 0 || rank >= (ranks[i - 1] ?? 0)),
    `${where}: Tab order goes header → messages → composer (${summary.join(' | ')})`,
  ).toBe(true);
  expect(
    stops.filter((stop) => stop.region === 'other'),
    `${where}: stops outside header, messages and composer`,
  ).toEqual([]);
  const headerStops = stops.filter((stop) => stop.region === 'header').map((stop) => stop.element);
  const everywhere = [/^a "/, /New chat/, /Endpoint:/, /Model:/, /Model parameters/, /Presets/];
  for (const control of phone ? everywhere : [...everywhere, /theme/, /Account menu/]) {
    expect(
      headerStops.some((stop) => control.test(stop)),
      `${where}: header stop ${control} (${headerStops.join(' | ')})`,
    ).toBe(true);
  }
  expect(
    stops.some((stop) => stop.region === 'messages'),
    `${where}: Tab visits the messages`,
  ).toBe(hasMessages);
}

/**
 * Every Tab stop draws a focus indicator. The composer's text box draws it on its frame (the
 * rounded box around text and buttons): that frame's border must change on focus and stand out
 * from the page at 3:1 (WCAG non-text contrast).
 */
export async function expectFocusVisible(page: Page, where: string): Promise<void> {
  const stops = await tabThroughPage(page, 40);
  expect(stops.length, `${where}: Tab reaches something`).toBeGreaterThan(5);
  expect(
    stops.filter((stop) => !stop.visible && stop.element !== COMPOSER_STOP),
    `${where}: focus without a visible indicator`,
  ).toEqual([]);
  const frame = await composerFrameOnFocus(page);
  expect(frame.focused, `${where}: the composer's frame changes on focus`).not.toBe(frame.resting);
  expect(frame.ratio, `${where}: composer focus border ${frame.focused} against the page`).toBeGreaterThanOrEqual(3);
}

/** The composer frame's border colour at rest and with the text box focused, and the latter's contrast with the page. */
async function composerFrameOnFocus(page: Page): Promise<{ resting: string; focused: string; ratio: number }> {
  const textarea = composer(page);
  await textarea.evaluate((element) => element.blur());
  await page.waitForTimeout(250);
  const resting = await textarea.evaluate(
    (element) => getComputedStyle(element.closest('form > div') ?? element).borderTopColor,
  );
  await textarea.focus();
  await page.waitForTimeout(250);
  return textarea.evaluate((element, restingColor) => {
    const frame = element.closest('form > div') ?? element;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    const rgb = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = (values: number[]) =>
      values
        .map((value) => value / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const focused = getComputedStyle(frame).borderTopColor;
    const page = getComputedStyle(document.body).backgroundColor;
    const [lighter, darker] = [luminance(rgb(focused)), luminance(rgb(page))].sort((a, b) => b - a) as [number, number];
    return { resting: restingColor, focused, ratio: Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100 };
  }, resting);
}
