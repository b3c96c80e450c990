import type { Catalogue } from './i18next';

/** A key of the translation catalogue, for props that take a key rather than text. */
export type TranslationKey = keyof Catalogue;
