import { NobleCryptoPlugin, ScureBase32Plugin, generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP as authenticator apps expect it (RFC 6238 defaults): SHA-1, 6 digits, 30-second steps,
 * base32 secrets of 20 bytes. The plugins are named explicitly: the noble (pure JS) HMAC and
 * scure base32 run in workerd, where Node's crypto module is not available.
 */
const cryptoPlugin = new NobleCryptoPlugin();
const base32 = new ScureBase32Plugin();

export const TOTP_PERIOD_SECONDS = 30;
const SECRET_BYTES = 20;

export function createTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES, crypto: cryptoPlugin, base32 });
}

/** `otpauth://totp/<issuer>:<email>?secret=…&issuer=<issuer>` for the setup QR code. */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  return generateURI({ issuer, label: accountName, secret });
}

/**
 * The time step the code belongs to when it is valid now, allowing one step of clock drift
 * either way, and only if that step is after `afterStep` (the last one accepted). Null otherwise.
 * This is a pre-check: the caller must still claim the step atomically in D1.
 */
export async function matchTotpStep(secret: string, token: string, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      crypto: cryptoPlugin,
      base32,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    // The TOTP result carries the matched step (the HOTP variant of the union does not).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or token: not valid, never a 500.
    return null;
  }
}
