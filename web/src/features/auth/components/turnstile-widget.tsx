import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TurnstileConfig } from '@contract/config';
import { Alert } from '@/components/ui/alert';
import { useTranslation } from '@/lib/i18n/react';
import { useTheme } from '@/lib/theme/theme-context';
import { loadTurnstile, type TurnstileRenderOptions } from '../utils/turnstile-script';

/** What the form may ask of a rendered widget. */
export interface TurnstileControls {
  /** A fresh challenge: tokens are single-use, so one the server has seen is spent. */
  reset(): void;
  /** Runs the challenge of an invisible widget; its token arrives through `onToken`. */
  execute(): void;
}

interface TurnstileWidgetProps {
  config: TurnstileConfig;
  /** A new token, or null when there is none any more (expired, failed, reset, removed). */
  onToken: (token: string | null) => void;
  /** Whether the widget is on the page and its controls can be used. */
  onReady: (ready: boolean) => void;
  controls: RefObject<TurnstileControls | null>;
  /** Set while the form waits for a token: the id of the hint that says so (the submit button's description). */
  hintId?: string | undefined;
}

type Problem = 'load' | 'challenge';

/** The invisible size is not one of Turnstile's sizes: it is a widget that runs only when executed. */
function renderOptionsFor(config: TurnstileConfig): Pick<TurnstileRenderOptions, 'size' | 'execution' | 'appearance'> {
  const size = config.options?.size ?? 'normal';
  if (size === 'invisible') return { execution: 'execute', appearance: 'interaction-only' };
  return { size };
}

/**
 * Cloudflare Turnstile, rendered explicitly with the configured site key, size and language and
 * the app's painted theme (a theme change renders it again: Turnstile cannot restyle a widget).
 * Loaded only by the login and registration forms, and only when the config turns it on.
 */
export function TurnstileWidget({ config, onToken, onReady, controls, hintId }: TurnstileWidgetProps) {
  const { t } = useTranslation();
  const { resolvedTheme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const report = useEffectEvent((token: string | null) => {
    if (token) setProblem(null);
    onToken(token);
  });
  const ready = useEffectEvent((value: boolean) => onReady(value));
  const fail = useEffectEvent((kind: Problem) => {
    setProblem(kind);
    onToken(null);
  });
  const { siteKey } = config;
  const language = config.options?.language ?? 'auto';
  const { size, execution, appearance } = renderOptionsFor(config);

  useEffect(() => {
    let removed = false;
    let remove: (() => void) | undefined;
    loadTurnstile().then(
      (turnstile) => {
        const element = container.current;
        if (removed || !element) return;
        const widgetId = turnstile.render(element, {
          sitekey: siteKey,
          theme: resolvedTheme,
          language,
          callback: (token) => report(token),
          'expired-callback': () => report(null),
          // Returning true tells Turnstile the error is handled here (it retries on its own).
          'error-callback': () => {
            fail('challenge');
            return true;
          },
          ...(size ? { size } : {}),
          ...(execution ? { execution } : {}),
          ...(appearance ? { appearance } : {}),
        });
        if (widgetId === undefined) return fail('load');
        controls.current = { reset: () => turnstile.reset(widgetId), execute: () => turnstile.execute(widgetId) };
        remove = () => turnstile.remove(widgetId);
        ready(true);
      },
      () => {
        if (!removed) fail('load');
      },
    );
    return () => {
      removed = true;
      controls.current = null;
      remove?.();
      ready(false);
      report(null);
    };
  }, [siteKey, language, size, execution, appearance, resolvedTheme, controls]);

  return (
    <div className="flex flex-col items-center gap-2">
      <div ref={container} />
      {problem && (
        <Alert className="w-full">
          {t(problem === 'load' ? 'com_auth_captcha_load_error' : 'com_auth_captcha_error')}
        </Alert>
      )}
      {hintId && (
        <p id={hintId} className="text-center text-sm text-text-secondary">
          {t('com_auth_captcha_hint')}
        </p>
      )}
    </div>
  );
}
