import { lazy, type ReactNode, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { TurnstileConfig } from '@contract/config';
import type { TurnstileControls } from '../components/turnstile-widget';

// The widget and Cloudflare's script load only where the config turns the captcha on, so the
// login page of an instance without one carries no more than this hook.
const TurnstileWidget = lazy(() =>
  import('../components/turnstile-widget').then((module) => ({ default: module.TurnstileWidget })),
);

type Submit = (turnstileToken: string | undefined) => void;

export interface Captcha {
  /** False while a visible widget has no token yet (or an invisible one is not on the page). */
  canSubmit: boolean;
  /** True while an invisible challenge runs on its way to a submit. */
  running: boolean;
  /** The id of the text that says why the submit button waits, for its `aria-describedby`. */
  hintId: string | undefined;
  /** The widget and its hint, to place above the submit button (null without a captcha). */
  widget: ReactNode;
  /** Calls `submit` with a token: the current one, or, for an invisible widget, a fresh challenge's. */
  submitWithToken(submit: Submit): void;
  /** After a refused submit: the server has spent the token, so the widget must issue another. */
  reset(): void;
}

/** Turnstile on a login or registration form, when `config` (startup config's `turnstile`) is set. */
export function useCaptcha(config: TurnstileConfig | undefined): Captcha {
  const hintId = useId();
  const [token, setToken] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [running, setRunning] = useState(false);
  const controls = useRef<TurnstileControls | null>(null);
  const pending = useRef<Submit | null>(null);
  const invisible = config?.options?.size === 'invisible';

  const onToken = useCallback((next: string | null) => {
    setToken(next);
    const submit = pending.current;
    if (!submit) return;
    // An invisible challenge ended: submit with its token, or give up if it failed.
    pending.current = null;
    setRunning(false);
    if (next) submit(next);
  }, []);

  const reset = useCallback(() => {
    setToken(null);
    controls.current?.reset();
  }, []);

  const canSubmit = !config || (invisible ? ready : token !== null);

  const submitWithToken = (submit: Submit) => {
    if (!config) return submit(undefined);
    if (token) return submit(token);
    if (!invisible || !controls.current) return;
    pending.current = submit;
    setRunning(true);
    controls.current.execute();
  };

  const widget = config ? (
    <Suspense fallback={null}>
      <TurnstileWidget
        config={config}
        onToken={onToken}
        onReady={setReady}
        controls={controls}
        hintId={canSubmit ? undefined : hintId}
      />
    </Suspense>
  ) : null;

  return { canSubmit, running, hintId: canSubmit ? undefined : hintId, widget, submitWithToken, reset };
}
