import { useContext, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ToastContext } from '@/components/ui/toast-context';
import '@/shared/i18n/speech-i18n';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { browserDictation } from '@/shared/speech/browser-dictation';
import { onReadAloudFinished } from '@/shared/speech/read-aloud-player';
import {
  type Dictation,
  type DictationProblem,
  type DictationState,
  externalDictation,
} from '@/shared/speech/recorder';
import { conversationModeActive, getSpeechSettings, useSpeechSettings } from '@/shared/speech/speech-settings';

const PROBLEMS: Record<DictationProblem, TranslationKey> = {
  mic_unavailable: 'com_speech_mic_unavailable',
  mic_denied: 'com_speech_mic_denied',
  mic_start_error: 'com_speech_mic_start_error',
  no_media_recorder: 'com_speech_no_media_recorder',
  not_recording: 'com_speech_not_recording',
  already_listening: 'com_speech_already_listening',
  busy: 'com_speech_stt_busy',
  too_short: 'com_speech_stt_too_short',
  failed: 'com_speech_stt_error',
  no_recognition: 'com_speech_no_recognition',
};

export type DictationButtonProps = {
  /** A reply is streaming: dictation is refused. */
  isSubmitting: boolean;
  disabled?: boolean;
  /** Text heard so far (replacing what the last call gave); `final` once dictation is done. */
  onText: (text: string, final: boolean) => void;
  /** Sends the message; called after the auto-send delay once dictation is done. */
  onAutoSend: () => void;
};

const MicIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-5">
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
  </svg>
);

/** Shift+Alt+L toggles dictation from anywhere on the page. */
const isToggleShortcut = (event: KeyboardEvent) => event.shiftKey && event.altKey && event.code === 'KeyL';

/** The composer's microphone: idle, recording, then (server engine) transcribing. */
export function DictationButton({ isSubmitting, disabled = false, onText, onAutoSend }: DictationButtonProps) {
  const { t } = useTranslation();
  const settings = useSpeechSettings();
  const showToast = useContext(ToastContext)?.showToast ?? (() => undefined);
  const [state, setState] = useState<DictationState>('idle');
  const dictation = useRef<Dictation | null>(null);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ onText, onAutoSend, isSubmitting, disabled });
  latest.current = { onText, onAutoSend, isSubmitting, disabled };

  const problem = (kind: DictationProblem) => showToast({ severity: 'error', message: t(PROBLEMS[kind]) });

  const start = () => {
    if (latest.current.disabled) return;
    if (latest.current.isSubmitting) {
      showToast({ severity: 'warning', message: t('com_ui_speech_while_submitting') });
      return;
    }
    const current = getSpeechSettings();
    const callbacks = {
      onState: setState,
      onProblem: problem,
      onText: (text: string, final: boolean) => {
        latest.current.onText(text, final);
        if (!final || current.autoSendText < 0) return;
        sendTimer.current = setTimeout(() => latest.current.onAutoSend(), current.autoSendText * 1000);
      },
    };
    if (sendTimer.current) clearTimeout(sendTimer.current);
    dictation.current =
      current.engineSTT === 'external'
        ? externalDictation(current.decibelValue, callbacks)
        : browserDictation(current.languageSTT, !current.autoTranscribeAudio, callbacks);
    void dictation.current.start();
  };

  const toggle = () => {
    if (dictation.current?.state === 'recording') dictation.current.stop();
    else if (dictation.current?.state === 'processing') problem('busy');
    else start();
  };
  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      toggleRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Hands-free: once a reply has been read aloud, listen for the next message.
  useEffect(
    () =>
      onReadAloudFinished(() => {
        if (conversationModeActive(getSpeechSettings()) && dictation.current?.state !== 'recording') start();
      }),
    [],
  );

  useEffect(
    () => () => {
      if (sendTimer.current) clearTimeout(sendTimer.current);
      if (dictation.current?.state === 'recording') dictation.current.stop();
    },
    [],
  );

  if (!settings.speechToText) return null;
  const label = t(
    state === 'recording'
      ? 'com_ui_stop_recording'
      : state === 'processing'
        ? 'com_ui_processing_audio'
        : 'com_ui_use_micrphone',
  );
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={disabled}
      aria-label={label}
      aria-pressed={state === 'recording'}
      aria-keyshortcuts="Shift+Alt+L"
      title={`${label} (Shift+Alt+L)`}
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 sm:size-8 ${
        state === 'recording'
          ? 'bg-red-500/15 text-red-600'
          : 'text-text-secondary hover:bg-surface-secondary hover:text-text-primary'
      }`}
    >
      {state === 'processing' ? <Spinner /> : <MicIcon />}
    </button>
  );
}
