import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { i18n as appTranslator } from './i18n';
import type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | undefined>(undefined);

/** Gives the components below another translator than the app's (tests render in a second language). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

/**
 * The translator's `t` (and the translator), re-rendering the component when strings arrive or
 * the language changes: `t` is a new function then, so memoised children that take it update too.
 * Without a provider above, the app's translator.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext) ?? appTranslator;
  const t = useSyncExternalStore(i18n.subscribe, () => i18n.t);
  return { t, i18n };
}
