/**
 * How long a user's own API key is kept. `PUT /api/keys` takes an ISO `expiresAt` or null
 * (never); the server treats an expired key as missing, and so does the client.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const KEY_EXPIRY_CHOICES = [
  { id: '12h', durationMs: 12 * HOUR_MS, label: 'com_endpoint_config_key_expiry_12_hours' },
  { id: '1d', durationMs: DAY_MS, label: 'com_endpoint_config_key_expiry_1_day' },
  { id: '7d', durationMs: 7 * DAY_MS, label: 'com_endpoint_config_key_expiry_1_week' },
  { id: '30d', durationMs: 30 * DAY_MS, label: 'com_endpoint_config_key_expiry_30_days' },
  { id: 'never', durationMs: null, label: 'com_endpoint_config_key_expiry_never' },
] as const;

export type KeyExpiryChoice = (typeof KEY_EXPIRY_CHOICES)[number]['id'];

/** The shortest choice is offered first: a key left behind on a shared computer expires soonest. */
export const DEFAULT_KEY_EXPIRY: KeyExpiryChoice = '12h';

export const isKeyExpiryChoice = (value: string): value is KeyExpiryChoice =>
  KEY_EXPIRY_CHOICES.some((choice) => choice.id === value);

/** The `expiresAt` to send for a choice: an ISO instant, or null for a key that never expires. */
export function expiresAtFor(choice: KeyExpiryChoice, now: number = Date.now()): string | null {
  const duration = KEY_EXPIRY_CHOICES.find((candidate) => candidate.id === choice)?.durationMs ?? null;
  return duration === null ? null : new Date(now + duration).toISOString();
}

/** Whether a stored key's expiry still lets it be used (null: never expires). */
export function isKeyActive(expiresAt: string | null, now: number = Date.now()): boolean {
  if (expiresAt === null) return true;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time > now;
}
