import type { Banner } from '../contract/config';
import { log, type Logger } from '../logging/logger';
import { BANNERS_KV_KEY, storedBannersSchema } from './banner-record';

export { BANNERS_KV_KEY } from './banner-record';

const KV_CACHE_TTL_S = 60;

/**
 * The banner to show now: the most recently starting one whose window (`displayFrom` ≤ now ≤
 * `displayTo`, open-ended when `displayTo` is null) contains `now`. Visitors who are not signed
 * in only see public banners. A malformed KV value shows no banner rather than failing the page.
 */
export async function getActiveBanner(
  kv: KVNamespace,
  options: { signedIn: boolean; now?: Date; log?: Logger },
): Promise<Banner | null> {
  const stored: unknown = await kv.get(BANNERS_KV_KEY, { type: 'json', cacheTtl: KV_CACHE_TTL_S });
  if (stored === null) return null;
  const parsed = storedBannersSchema.safeParse(stored);
  if (!parsed.success) {
    (options.log ?? log).error('banners_invalid', { key: BANNERS_KV_KEY });
    return null;
  }
  const now = (options.now ?? new Date()).getTime();
  const active = parsed.data.filter(
    (banner) =>
      (options.signedIn || banner.isPublic) &&
      (banner.type ?? 'banner') === 'banner' &&
      Date.parse(banner.displayFrom) <= now &&
      (banner.displayTo === null || Date.parse(banner.displayTo) >= now),
  );
  active.sort((a, b) => Date.parse(b.displayFrom) - Date.parse(a.displayFrom));
  return active[0] ?? null;
}
