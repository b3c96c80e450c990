/**
 * The base32 secret inside an `otpauth://totp/...?secret=...` URL, shown for manual entry
 * in apps that cannot scan. Empty when the URL has none.
 */
export function secretFromOtpauthUrl(otpauthUrl: string): string {
  try {
    return new URL(otpauthUrl).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
