import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/*
 * Auto-submit waits for settings to apply, proceeds anyway after 3 seconds,
 * polls every 100 ms and gives up after 50 attempts. As in LibreChat, the two limits guard
 * two different waits: the 3 s bounds the wait for the address's settings to reach the
 * conversation (a setting that never applies must not block the send); the 50 attempts bound
 * the wait for the page to be able to send at all (composer mounted, nothing streaming).
 */

/** How often readiness is checked. */
export const AUTO_SUBMIT_POLL_MS = 100;
/** Longest wait for the settings to apply before sending with whatever setup there is. */
export const AUTO_SUBMIT_SETTINGS_WAIT_MS = 3_000;
/** Checks made before giving up on a page that never becomes able to send (5 s at 100 ms). */
export const AUTO_SUBMIT_MAX_ATTEMPTS = 50;

export type AutoSubmitStatus = 'idle' | 'waiting' | 'submitted' | 'gave-up';

export interface AutoSubmitOptions {
  /** The text to send (the address's `prompt` or `q`). Empty or whitespace: never sent. */
  text: string | undefined;
  /** The address asked for it (`submit=true`) and the conversation is still new. */
  enabled: boolean;
  /** The address's settings have been applied to the conversation. */
  isReady: () => boolean;
  /**
   * The page can take a send now (composer mounted, no reply streaming). Defaults to always.
   * While false nothing is sent, not even after the 3 s; after 50 checks the send is dropped.
   */
  canSubmit?: () => boolean;
  /** Sends `text`; called at most once per request. */
  submit: (text: string) => void;
}

const always = () => true;

/**
 * Sends the address's text once the conversation is set up. One request is one `text` while
 * `enabled` stays on: it is sent at most once, also under StrictMode's double effects and
 * re-renders with new callbacks. Turning `enabled` off ends the request, so a later visit with
 * the same text is a new one. The callbacks are read when called, never captured stale.
 */
export function useAutoSubmit({
  text,
  enabled,
  isReady,
  canSubmit = always,
  submit,
}: AutoSubmitOptions): AutoSubmitStatus {
  const [status, setStatus] = useState<AutoSubmitStatus>('idle');
  const callbacks = useRef({ isReady, canSubmit, submit });
  // Kept current after every commit, synchronously, so no poll can see an older render's.
  useLayoutEffect(() => {
    callbacks.current = { isReady, canSubmit, submit };
  });
  // The text whose request has ended (sent or given up). Effects can be re-created with the
  // same text (StrictMode, a page hidden then shown by <Activity>, hot reload): no second send.
  const finishedText = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) {
      finishedText.current = null;
      setStatus('idle');
      return;
    }
    // A request that ended keeps its outcome; nothing to send is simply idle.
    if (finishedText.current === text) return;
    if (text === undefined || text.trim() === '') {
      setStatus('idle');
      return;
    }

    const startedAt = Date.now();
    let attempts = 0;
    setStatus('waiting');
    const finish = (outcome: 'submitted' | 'gave-up') => {
      window.clearInterval(timer);
      finishedText.current = text;
      setStatus(outcome);
    };
    const timer = window.setInterval(() => {
      attempts += 1;
      const { isReady: settingsApplied, canSubmit: pageCanSend, submit: send } = callbacks.current;
      if (pageCanSend() && (settingsApplied() || Date.now() - startedAt >= AUTO_SUBMIT_SETTINGS_WAIT_MS)) {
        finish('submitted');
        send(text);
      } else if (attempts >= AUTO_SUBMIT_MAX_ATTEMPTS) {
        finish('gave-up');
      }
    }, AUTO_SUBMIT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [text, enabled]);

  return status;
}
