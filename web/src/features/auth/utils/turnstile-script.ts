/**
 * Cloudflare's Turnstile script, loaded on demand. Only the captcha widget's chunk imports this
 * module, so a page without a configured captcha never asks challenges.cloudflare.com for anything
 * (the CSP allows that origin only when librechat.yaml sets `turnstile`).
 */

/** `render=explicit`: the script waits for `turnstile.render` instead of scanning the page. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The options of `turnstile.render` that this app sets. */
export interface TurnstileRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': (code?: string) => boolean;
  theme: 'light' | 'dark';
  language: string;
  size?: 'normal' | 'compact' | 'flexible';
  /** `execute`: the challenge runs only when `turnstile.execute` is called (the invisible size). */
  execution?: 'render' | 'execute';
  /** `interaction-only`: nothing shows unless the visitor must act. */
  appearance?: 'always' | 'execute' | 'interaction-only';
}

/** The part of `window.turnstile` that the widget uses. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  reset(widgetId: string): void;
  execute(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

/** The Turnstile API, adding its script to the page the first time; a failed load can be retried. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    const fail = () => {
      loading = undefined;
      script.remove();
      reject(new Error('The Turnstile script could not be loaded'));
    };
    script.addEventListener('load', () => {
      // From now on `window.turnstile` itself answers; the promise is only for the wait.
      loading = undefined;
      if (window.turnstile) resolve(window.turnstile);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  return loading;
}
