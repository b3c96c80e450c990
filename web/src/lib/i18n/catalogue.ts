import type agentsEnUS from '@/locales/en-US/agents.json';
import type bookmarksEnUS from '@/locales/en-US/bookmarks.json';
import type chatEnUS from '@/locales/en-US/chat.json';
import type dataEnUS from '@/locales/en-US/data.json';
import type exportEnUS from '@/locales/en-US/export.json';
import type filesEnUS from '@/locales/en-US/files.json';
import type promptsChatEnUS from '@/locales/en-US/prompts-chat.json';
import type promptsEnUS from '@/locales/en-US/prompts.json';
import type publicPagesEnUS from '@/locales/en-US/public-pages.json';
import type searchEnUS from '@/locales/en-US/search.json';
import type shareEnUS from '@/locales/en-US/share.json';
import type speechEnUS from '@/locales/en-US/speech.json';
import type enUS from '@/locales/en-US/translation.json';

/**
 * The en-US strings of every catalogue file, which type-check each `t('…')` key (see translator).
 * Every catalogue after the first is added when its feature's chunk loads (see
 * shared/i18n/chat-i18n and its siblings), so the sign-in page does not carry their strings.
 */
export type Catalogue = typeof enUS &
  typeof chatEnUS &
  typeof searchEnUS &
  typeof bookmarksEnUS &
  typeof dataEnUS &
  typeof exportEnUS &
  typeof shareEnUS &
  typeof filesEnUS &
  typeof agentsEnUS &
  typeof promptsChatEnUS &
  typeof promptsEnUS &
  typeof publicPagesEnUS &
  typeof speechEnUS;
