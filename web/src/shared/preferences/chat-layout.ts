import { createLocalSettingsStore, isBoolean, useLocalSettings } from '@/lib/local-settings-store';

/** The five text sizes, smallest first; the stored value is the size's utility class. */
export const FONT_SIZES = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

export const CHAT_DIRECTIONS = ['LTR', 'RTL'] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];

/** How the conversation is laid out in this browser (the settings dialog's chat tab). */
export interface ChatLayout {
  /** Size of the message text and of the message box. */
  fontSize: FontSize;
  /**
   * The writing direction of the messages and the message box. Null until the user picks one:
   * the chat then follows the page, which is right-to-left in Arabic, Persian and Hebrew, so a
   * reader of those languages is not handed a left-to-right chat by default.
   */
  chatDirection: ChatDirection | null;
  /** The message column and the message box use the whole width instead of a reading width. */
  maximizeChatSpace: boolean;
}

export const CHAT_LAYOUT_DEFAULTS: Readonly<ChatLayout> = Object.freeze({
  fontSize: 'text-base',
  chatDirection: null,
  maximizeChatSpace: false,
});

const isFontSize = (value: unknown): value is FontSize => FONT_SIZES.some((size) => size === value);
const isChatDirection = (value: unknown): value is ChatDirection | null =>
  CHAT_DIRECTIONS.some((direction) => direction === value);

// LibreChat's keys and JSON values (`"text-lg"`, `"RTL"`, `true`), so a browser that used
// LibreChat on this origin keeps its choices.
const chatLayoutStore = createLocalSettingsStore<ChatLayout>(CHAT_LAYOUT_DEFAULTS, {
  fontSize: isFontSize,
  chatDirection: isChatDirection,
  maximizeChatSpace: isBoolean,
});

export const setChatLayout: <K extends keyof ChatLayout>(key: K, value: ChatLayout[K]) => void = chatLayoutStore.set;

/** The chat layout; every component using it re-renders when a choice changes, in any tab. */
export function useChatLayout(): ChatLayout {
  return useLocalSettings(chatLayoutStore);
}

/**
 * The class for the message box's text. Below 16 px, iOS zooms the page when a text field
 * takes focus, so on touch screens the two small sizes stay at 16 px in the box (the messages
 * still use them).
 */
export function composerFontClass(size: FontSize): string {
  if (size === 'text-xs') return 'text-xs pointer-coarse:text-base';
  if (size === 'text-sm') return 'text-sm pointer-coarse:text-base';
  return size;
}

/** The `dir` of the chat area: the chosen direction, or none so it follows the page. */
export const chatDirAttribute = (direction: ChatDirection | null): 'ltr' | 'rtl' | undefined =>
  direction === null ? undefined : direction === 'RTL' ? 'rtl' : 'ltr';
