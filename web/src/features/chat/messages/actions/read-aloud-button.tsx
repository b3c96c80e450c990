import { useContext, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ToastContext } from '@/components/ui/toast-context';
import '@/shared/i18n/speech-i18n';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { ActionButton } from '@/shared/message/actions/action-button';
import {
  type ReadAloudFailure,
  type ReadAloudState,
  startReadAloud,
  stopReadAloud,
} from '@/shared/speech/read-aloud-player';
import { SpeechAudioError } from '@/shared/speech/tts-stream';

/** Holding the button this long starts reading, for touch screens where a tap is easily missed. */
export const LONG_PRESS_MS = 1000;

/** From this many characters reading takes a while to prepare: the user is told. */
export const LONG_AUDIO_CHARS = 4096;

const AUDIO_ERRORS: Record<SpeechAudioError['kind'], TranslationKey> = {
  fetch: 'com_speech_error_fetch',
  no_body: 'com_speech_error_no_body',
  cache_key: 'com_speech_error_cache_key',
  timeout: 'com_speech_error_timeout',
  processing: 'com_speech_error_fetch',
};

export type ReadAloudButtonProps = {
  messageId: string;
  text: string;
  /** Starts reading as soon as the button appears (a reply that just finished, with automatic playback). */
  autoPlay?: boolean;
};

const SpeakerIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
    <path d="M11 5 6 9H2v6h4l5 4V5zM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
  </svg>
);

const StopSquareIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className="size-4">
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </svg>
);

/** A reply's read-aloud action: idle, preparing the audio, or reading (pressing it again stops). */
export function ReadAloudButton({ messageId, text, autoPlay = false }: ReadAloudButtonProps) {
  const { t } = useTranslation();
  // Messages also render where no toasts are shown (previews, tests of the list): reading then
  // fails silently rather than breaking the message.
  const showToast = useContext(ToastContext)?.showToast ?? (() => undefined);
  const [state, setState] = useState<ReadAloudState>('idle');
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const startedByHold = useRef(false);
  const mounted = useRef(true);

  const onError = ({ stage, error }: ReadAloudFailure) => {
    const detail =
      error instanceof SpeechAudioError
        ? t(AUDIO_ERRORS[error.kind])
        : t('com_speech_error_processing', { 0: error instanceof Error ? error.message : String(error) });
    showToast({
      severity: 'error',
      message: t(stage === 'play' ? 'com_nav_audio_play_error' : 'com_nav_audio_process_error', { 0: detail }),
    });
  };

  const start = () => {
    if (text.length >= LONG_AUDIO_CHARS) showToast({ severity: 'warning', message: t('com_nav_long_audio_warning') });
    startReadAloud(messageId, text, { onState: (next) => mounted.current && setState(next), onError });
  };

  const toggle = () => {
    if (state === 'idle') start();
    else stopReadAloud();
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Once per reply: automatic playback is for the reply that just finished.
  const autoPlayed = useRef(false);
  useEffect(() => {
    if (!autoPlay || autoPlayed.current) return;
    autoPlayed.current = true;
    start();
  }, [autoPlay]);

  const clearHold = () => {
    if (holdTimer.current) clearTimeout(holdTimer.current);
    holdTimer.current = null;
  };

  const label = t(
    state === 'idle' ? 'com_ui_read_aloud' : state === 'loading' ? 'com_ui_loading_audio' : 'com_ui_stop_reading',
  );
  return (
    <ActionButton
      label={label}
      aria-pressed={state !== 'idle'}
      icon={state === 'loading' ? <Spinner /> : state === 'playing' ? <StopSquareIcon /> : <SpeakerIcon />}
      onPointerDown={() => {
        startedByHold.current = false;
        if (state !== 'idle') return;
        holdTimer.current = setTimeout(() => {
          startedByHold.current = true;
          start();
        }, LONG_PRESS_MS);
      }}
      onPointerUp={clearHold}
      onPointerLeave={clearHold}
      onClick={() => {
        clearHold();
        // The press already started it; the click that ends the press must not stop it again.
        if (startedByHold.current) {
          startedByHold.current = false;
          return;
        }
        toggle();
      }}
    />
  );
}
