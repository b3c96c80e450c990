import type { Catalogue } from './catalogue';

/** A key of the translation catalogue, for props that take a key rather than text. */
export type TranslationKey = keyof Catalogue;
