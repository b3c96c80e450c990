import { z } from 'zod';
import { PUBLIC_PAGE_SLUGS, type PublicPageSlug } from './public-page-slugs';

/**
 * The seven public pages (about, changelog, legal, help…): the shape of the
 * operator's changelog, and the page the server renders and hands to the SPA. Their content
 * is the operator's (Markdown files and a changelog pushed to KV), so nothing here is text.
 */

/** The pages written in Markdown: every page but the changelog, which is structured. */
export type MarkdownPageSlug = Exclude<PublicPageSlug, 'changelog'>;

export const publicPageSlugSchema = z.enum(PUBLIC_PAGE_SLUGS);

export const CHANGELOG_ITEM_TYPES = ['Feature', 'Improvement', 'Note', 'Fix', 'Update', 'Rebranding'] as const;
export type ChangelogItemType = (typeof CHANGELOG_ITEM_TYPES)[number];

/** Bounds that keep one page renderable at the edge and readable in a browser. */
export const PUBLIC_PAGE_LIMITS = {
  markdownMaxChars: 100_000,
  changelogMaxEntries: 500,
  changelogMaxItems: 50,
  descriptionMaxChars: 2_000,
  versionMaxChars: 40,
} as const;

/** A calendar date written YYYY-MM-DD that exists (no February 30). */
const isRealDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const isoDate = z.string().refine(isRealDate, 'must be a real date written YYYY-MM-DD');

export const changelogItemSchema = z.strictObject({
  type: z.enum(CHANGELOG_ITEM_TYPES),
  description: z.string().trim().min(1).max(PUBLIC_PAGE_LIMITS.descriptionMaxChars),
});

export const changelogEntrySchema = z.strictObject({
  date: isoDate,
  // YAML reads an unquoted `version: 1.2` as a number: taken as the text it was written as.
  version: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().trim().min(1).max(PUBLIC_PAGE_LIMITS.versionMaxChars))
    .optional(),
  items: z.array(changelogItemSchema).min(1).max(PUBLIC_PAGE_LIMITS.changelogMaxItems),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

export const changelogSchema = z.array(changelogEntrySchema).max(PUBLIC_PAGE_LIMITS.changelogMaxEntries);

/**
 * A page as the server rendered it: `GET /api/pages/:slug`, and the JSON embedded in the
 * server-rendered page for the SPA to take over from. `html` is the server's sanitised
 * rendering of the operator's content (no raw HTML, no script-capable URL survives it).
 */
export const publicPageViewSchema = z.object({
  slug: publicPageSlugSchema,
  /** The language of the content served (a per-language file, or `default`). */
  lang: z.string(),
  title: z.string(),
  description: z.string(),
  html: z.string(),
});
export type PublicPageView = z.infer<typeof publicPageViewSchema>;
