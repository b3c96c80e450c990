import { z } from 'zod';
import {
  changelogSchema,
  PUBLIC_PAGE_LIMITS,
  type ChangelogEntry,
  type MarkdownPageSlug,
} from '../../contract/public-pages';
import { PUBLIC_PAGE_SLUGS } from '../../contract/public-page-slugs';

/**
 * The operator's public pages as stored in KV under {@link PUBLIC_PAGES_KV_KEY}: one record
 * for all seven, so a page costs one KV read and a push replaces them together. Shared by the
 * Worker (which reads it) and the Node `pages:push` tool (which writes it): no runtime APIs.
 */

export const PUBLIC_PAGES_KV_KEY = 'public-pages';

/** The content every visitor gets unless a file for their language exists. */
export const DEFAULT_LANGUAGE = 'default';

/** `de-DE`, `zh-Hans`, `pt`: a language tag as the app's language menu writes them. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export const MARKDOWN_PAGE_SLUGS = PUBLIC_PAGE_SLUGS.filter((slug): slug is MarkdownPageSlug => slug !== 'changelog');

/** Per page, per language (`default` or a tag): what the operator wrote. */
export type Localised<T> = Record<string, T>;

export interface StoredPublicPages {
  /** ISO 8601 time of the push: the version every cached rendering is checked against. */
  updatedAt: string;
  markdown: Partial<Record<MarkdownPageSlug, Localised<string>>>;
  changelog?: Localised<ChangelogEntry[]>;
}

const languageKey = z.string().refine((key) => key === DEFAULT_LANGUAGE || LANGUAGE_TAG.test(key), {
  message: `must be "${DEFAULT_LANGUAGE}" or a language tag such as de-DE`,
});
const markdownText = z.string().max(PUBLIC_PAGE_LIMITS.markdownMaxChars);

const storedSchema = z.strictObject({
  updatedAt: z.string(),
  markdown: z.partialRecord(z.enum(MARKDOWN_PAGE_SLUGS), z.record(languageKey, markdownText)),
  changelog: z.record(languageKey, changelogSchema).optional(),
});

/** Validates a stored value (KV is a trust boundary: anything with write access could put anything there). */
export function parseStoredPublicPages(value: unknown): StoredPublicPages | undefined {
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function createStoredPublicPages(content: Omit<StoredPublicPages, 'updatedAt'>): StoredPublicPages {
  return { updatedAt: new Date().toISOString(), ...content };
}
