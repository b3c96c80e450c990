import { i18n } from '@/lib/i18n/i18n';
import { FALLBACK_LANGUAGE } from '@/lib/i18n/languages';
import chatEnUS from '@/locales/en-US/chat.json';

/*
 * The chat screen's strings travel with the chat's own chunk, not with the first page every
 * visitor loads (the sign-in page's JS budget). Imported by the chat route before it renders;
 * the texts join the default namespace, so components call t('…') as everywhere else.
 */
i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', chatEnUS, true, false);
