import { useEffect, useState } from 'react';
import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { useUserKey } from '@/shared/config/api/get-user-key';
import { isKeyActive } from '../lib/key-expiry';
import { needsUserKey } from '../lib/endpoint-options';

export interface UserKeyStatus {
  /** The endpoint needs the user's own key (or base URL). */
  required: boolean;
  /** A key is stored and not expired. False while the status is loading. */
  isSet: boolean;
  /** When the stored key expires; absent for none or a key that never expires. */
  expiresAt?: string;
}

/** setTimeout's ceiling (about 24.8 days); a later expiry is re-checked after that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether `endpoint` can be used with the user's own key: the page disables the composer
 * while `required && !isSet`. A key that expires while the page is open turns
 * `isSet` off at that moment, as the server would refuse it from then on.
 */
export function useUserKeyStatus(endpoint: string | null | undefined): UserKeyStatus {
  const { data: endpoints } = useEndpoints();
  const required = needsUserKey(endpoints, endpoint);
  const { data } = useUserKey(endpoint ?? '', { enabled: required && Boolean(endpoint) });
  const expiresAt = data?.expiresAt ?? undefined;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!expiresAt) return;
    const remaining = Date.parse(expiresAt) - Date.now();
    if (!(remaining > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(remaining + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, now]);

  if (!required || !data) return { required, isSet: false };
  // `now` only re-renders at the expiry; the check itself reads the clock.
  const isSet = isKeyActive(data.expiresAt);
  return { required, isSet, ...(expiresAt ? { expiresAt } : {}) };
}
