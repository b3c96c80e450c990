import type { PublicPageView } from '../../contract/public-pages';
import type { PublicPageSlug } from '../../contract/public-page-slugs';
import { errorMessage, log } from '../../logging/logger';
import { changelogHtml } from './changelog-html';
import { DEFAULT_CHANGELOG, DEFAULT_MARKDOWN } from './defaults';
import { pickLanguage, wantedLanguages, type LanguageSources } from './language';
import { markdownSummary, markdownToSafeHtml } from './markdown';
import type { Language } from '../../contract/languages';
import { pageText } from '../page-language/page-text';
import { NAV_TITLE_KEYS } from './page-text';
import { DEFAULT_LANGUAGE, parseStoredPublicPages, PUBLIC_PAGES_KV_KEY, type StoredPublicPages } from './record';

/** KV's edge copy of the record: a push shows everywhere within about a minute. */
const KV_CACHE_TTL_S = 60;

/** The version of the shipped defaults, for the cache: they change only with a deploy. */
const DEFAULTS_VERSION = 'defaults';

export interface LoadedPages {
  stored: StoredPublicPages | undefined;
  /** Changes with every push: rendered pages are cached under it. */
  version: string;
}

/**
 * The operator's pages from KV, validated on every read. A missing record means the shipped
 * defaults; an unreadable or invalid one is logged and the defaults are served, so a bad value
 * never takes the pages down.
 */
export async function loadPublicPages(env: { CONFIG: KVNamespace }): Promise<LoadedPages> {
  let raw: unknown;
  try {
    raw = await env.CONFIG.get(PUBLIC_PAGES_KV_KEY, { type: 'json', cacheTtl: KV_CACHE_TTL_S });
  } catch (error) {
    log.error('public_pages_unusable', { reason: 'kv_read_failed', error: errorMessage(error) });
    return { stored: undefined, version: DEFAULTS_VERSION };
  }
  if (raw === null) return { stored: undefined, version: DEFAULTS_VERSION };
  const stored = parseStoredPublicPages(raw);
  if (!stored) {
    log.error('public_pages_unusable', { reason: 'stored_pages_invalid' });
    return { stored: undefined, version: DEFAULTS_VERSION };
  }
  return { stored, version: stored.updatedAt };
}

/** The language a page is served in for these visitor preferences: a file's tag, or `default`. */
export function servedLanguage(loaded: LoadedPages, slug: PublicPageSlug, sources: LanguageSources): string {
  const files = slug === 'changelog' ? loaded.stored?.changelog : loaded.stored?.markdown[slug];
  const tags = Object.keys(files ?? {}).filter((key) => key !== DEFAULT_LANGUAGE);
  return pickLanguage(wantedLanguages(sources), tags) ?? DEFAULT_LANGUAGE;
}

/**
 * The page in `lang` (from {@link servedLanguage}): title, summary and safe HTML; the words
 * around the operator's content (title, changelog labels) in the visitor's `interfaceLanguage`.
 */
export function buildPageView(
  loaded: LoadedPages,
  slug: PublicPageSlug,
  lang: string,
  appTitle: string,
  interfaceLanguage: Language,
): PublicPageView {
  const title = pageText(interfaceLanguage, NAV_TITLE_KEYS[slug]);
  if (slug === 'changelog') {
    const files = loaded.stored?.changelog;
    const entries = files?.[lang] ?? files?.[DEFAULT_LANGUAGE] ?? DEFAULT_CHANGELOG;
    const description = pageText(interfaceLanguage, 'com_ui_changelog_description', { appTitle });
    return { slug, lang, title, description, html: changelogHtml(entries, title, interfaceLanguage) };
  }
  const files = loaded.stored?.markdown[slug];
  const markdown = files?.[lang] ?? files?.[DEFAULT_LANGUAGE] ?? DEFAULT_MARKDOWN[slug];
  return {
    slug,
    lang,
    title,
    description: markdownSummary(markdown) || `${title} | ${appTitle}`,
    html: markdownToSafeHtml(markdown),
  };
}
