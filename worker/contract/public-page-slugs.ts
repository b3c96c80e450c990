/**
 * The seven public pages' slugs, the header's link order and their paths: plain constants, so
 * the SPA's first chunk (its router) can name the pages without carrying zod.
 */

export const PUBLIC_PAGE_SLUGS = [
  'about',
  'support-us',
  'help',
  'changelog',
  'privacy',
  'terms-of-service',
  'feedback',
] as const;
export type PublicPageSlug = (typeof PUBLIC_PAGE_SLUGS)[number];

/** The order of the header's links after Home. */
export const PUBLIC_NAV_ORDER: readonly PublicPageSlug[] = [
  'about',
  'changelog',
  'support-us',
  'feedback',
  'terms-of-service',
  'privacy',
  'help',
];

/** Where the page lives: `/about`, `/terms-of-service`… */
export const publicPagePath = (slug: PublicPageSlug): string => `/${slug}`;
