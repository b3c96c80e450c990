import { addCatalogue } from '@/lib/i18n/add-catalogue';
import strings from '@/locales/en-US/prompts.json';

// The prompt screens' strings travel with their own chunk (see lib/i18n/add-catalogue).
addCatalogue(strings);
// The shared strings (cancel, the variable form) too: this page may be the first one opened.
import '@/shared/prompts/prompts-chat-i18n';
