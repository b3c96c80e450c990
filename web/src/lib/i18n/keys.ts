import type chatEnUS from '@/locales/en-US/chat.json';
import type enUS from '@/locales/en-US/translation.json';

/** A key of the translation catalogue, for props that take a key rather than text. */
export type TranslationKey = keyof typeof enUS | keyof typeof chatEnUS;
