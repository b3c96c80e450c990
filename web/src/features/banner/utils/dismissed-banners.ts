/** Ids of banners the user closed, kept in this browser (LibreChat's key and format). */
const STORAGE_KEY = 'hideBannerHint';

export function readDismissedBanners(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function dismissBanner(bannerId: string): string[] {
  const next = [...new Set([...readDismissedBanners(), bannerId])];
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Without storage the banner stays closed for this page only.
  }
  return next;
}
