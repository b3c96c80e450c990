import { UploadCanceledError } from './xhr-request';

/**
 * Resolves at once when the browser is online, else when it comes back online; rejects with an
 * UploadCanceledError as soon as `signal` aborts, so the user can still cancel while waiting.
 */
export function untilOnline(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new UploadCanceledError());
  if (navigator.onLine) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const settle = (then: () => void) => () => {
      window.removeEventListener('online', online);
      signal.removeEventListener('abort', aborted);
      then();
    };
    const online = settle(resolve);
    const aborted = settle(() => reject(new UploadCanceledError()));
    window.addEventListener('online', online);
    signal.addEventListener('abort', aborted);
  });
}
