import type { PublicPageView } from '@contract/public-pages';
import type { PublicPageSlug } from '@contract/public-page-slugs';

/** The id of the JSON the Worker embeds in a public page (worker/services/public-pages/render.ts). */
export const PUBLIC_PAGE_DATA_ID = 'public-page-data';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The page the server rendered this document with, if it is the one asked for: after a
 * client-side navigation to another page the embedded data belongs to the first page only.
 */
export function readEmbeddedPage(slug: PublicPageSlug, doc: Document = document): PublicPageView | undefined {
  const text = doc.getElementById(PUBLIC_PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (!isRecord(data) || data.slug !== slug) return undefined;
    const { lang, title, description, html } = data;
    if (typeof lang !== 'string' || typeof title !== 'string' || typeof html !== 'string') return undefined;
    return { slug, lang, title, description: typeof description === 'string' ? description : '', html };
  } catch {
    return undefined;
  }
}

/**
 * Whether this document was served as a public page. It then carries the public pages' strict
 * CSP (no microphone, no blob: media, no forms), which the rest of the app cannot work under.
 */
export const servedAsPublicPage = (doc: Document = document): boolean =>
  doc.getElementById(PUBLIC_PAGE_DATA_ID) !== null;
