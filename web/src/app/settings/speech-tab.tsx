import { useMemo, useState } from 'react';
import { Icon, type GlyphProps } from '@/components/ui/icon';
import { useTranslation } from '@/lib/i18n/react';
import '@/shared/i18n/speech-i18n';
import { useSpeechConfig } from '@/shared/speech/speech-config';
import { type SpeechEngine, useSpeechSettings } from '@/shared/speech/speech-settings';
import { useVoiceNames } from '@/shared/speech/voices';
import { SpeechSelectRow, SpeechSliderRow, SpeechSwitchRow } from './speech-controls';
import { speechLanguageOptions } from './speech-languages';

/** The engines a direction can use: the server's only when it has one (or it is already chosen). */
function engineOptions(external: boolean, labels: { browser: string; external: string }) {
  const options = [{ value: 'browser', label: labels.browser }];
  if (external) options.push({ value: 'external', label: labels.external });
  return options;
}

/**
 * Settings → Speech: dictation and read-aloud. Simple shows the switches, engines and voice;
 * Advanced adds languages, timings and conversation mode. The server's speech settings, when
 * it has some, override what is stored here.
 */
export function SpeechTab() {
  const { t, i18n } = useTranslation();
  const settings = useSpeechSettings();
  const server = useSpeechConfig();
  const [advanced, setAdvanced] = useState(settings.advancedMode);
  const voices = useVoiceNames(settings.engineTTS, settings.cloudBrowserVoices);
  const named = useMemo(() => speechLanguageOptions(i18n.language), [i18n.language]);
  const languages = [{ value: '', label: t('com_nav_language_auto') }, ...named];
  const engineLabels = { browser: t('com_nav_engine_browser'), external: t('com_nav_engine_external') };
  const showAdvanced = (value: boolean) => {
    setAdvanced(value);
    settings.set('advancedMode', value);
  };
  const modeButton = (value: boolean) =>
    `rounded-md px-3 py-1 text-sm transition focus-visible:outline-2 focus-visible:outline-ring-primary ${
      advanced === value ? 'bg-surface-primary font-medium text-text-primary shadow-xs' : 'text-text-secondary'
    }`;
  return (
    <div className="flex flex-col gap-4">
      <div className="inline-flex self-start rounded-lg bg-surface-secondary p-1">
        <button
          type="button"
          aria-pressed={!advanced}
          className={modeButton(false)}
          onClick={() => showAdvanced(false)}
        >
          {t('com_nav_speech_simple')}
        </button>
        <button type="button" aria-pressed={advanced} className={modeButton(true)} onClick={() => showAdvanced(true)}>
          {t('com_nav_speech_advanced')}
        </button>
      </div>
      <div className="divide-y divide-border-light">
        <SpeechSwitchRow
          setting="speechToText"
          label="com_nav_speech_to_text"
          description="com_nav_info_speech_to_text"
        />
        {settings.speechToText && (
          <SpeechSelectRow
            label="com_nav_engine_stt"
            value={settings.engineSTT}
            options={engineOptions(server.sttExternal || settings.engineSTT === 'external', engineLabels)}
            onChange={(value) => settings.set('engineSTT', value as SpeechEngine)}
          />
        )}
        {advanced && settings.speechToText && (
          <>
            <SpeechSelectRow
              label="com_nav_language_stt"
              value={settings.languageSTT}
              options={languages}
              onChange={(value) => settings.set('languageSTT', value)}
            />
            <SpeechSwitchRow
              setting="autoTranscribeAudio"
              label="com_nav_auto_transcribe_audio"
              description="com_nav_info_auto_transcribe_audio"
            />
            <SpeechSliderRow
              setting="decibelValue"
              label="com_nav_decibel_value"
              description="com_nav_info_decibel_value"
              format={(value) => `${value} dB`}
            />
            <SpeechSliderRow
              setting="autoSendText"
              label="com_nav_auto_send_text"
              description="com_nav_info_auto_send_text"
              format={(value) =>
                value < 0 ? t('com_nav_auto_send_text_off') : t('com_nav_auto_send_text_seconds', { 0: value })
              }
            />
          </>
        )}
        <SpeechSwitchRow
          setting="conversationMode"
          label="com_nav_conversation_mode"
          description="com_nav_info_conversation_mode"
          disabled={!settings.speechToText || !settings.textToSpeech}
        />
        <SpeechSwitchRow
          setting="textToSpeech"
          label="com_nav_text_to_speech"
          description="com_nav_info_text_to_speech"
        />
        {settings.textToSpeech && (
          <>
            <SpeechSelectRow
              label="com_nav_engine_tts"
              value={settings.engineTTS}
              options={engineOptions(server.ttsExternal || settings.engineTTS === 'external', engineLabels)}
              onChange={(value) => settings.set('engineTTS', value as SpeechEngine)}
            />
            <SpeechSelectRow
              label="com_nav_voice_select"
              value={settings.voice}
              options={[
                { value: '', label: t('com_nav_voice_default') },
                ...voices.map((name) => ({ value: name, label: name })),
              ]}
              onChange={(value) => settings.set('voice', value)}
            />
          </>
        )}
        {advanced && settings.textToSpeech && (
          <>
            <SpeechSelectRow
              label="com_nav_language_tts"
              value={settings.languageTTS}
              options={languages}
              onChange={(value) => settings.set('languageTTS', value)}
            />
            <SpeechSwitchRow
              setting="automaticPlayback"
              label="com_nav_automatic_playback"
              description="com_nav_info_automatic_playback"
            />
            <SpeechSliderRow
              setting="playbackRate"
              label="com_nav_playback_rate"
              description="com_nav_info_playback_rate"
              format={(value) => `${value.toFixed(1)}×`}
              resetTo={1}
            />
            {settings.engineTTS === 'browser' && (
              <SpeechSwitchRow
                setting="cloudBrowserVoices"
                label="com_nav_cloud_browser_voices"
                description="com_nav_info_cloud_browser_voices"
              />
            )}
            {settings.engineTTS === 'external' && (
              <SpeechSwitchRow setting="cacheTTS" label="com_nav_cache_tts" description="com_nav_info_cache_tts" />
            )}
          </>
        )}
      </div>
    </div>
  );
}

export const MicrophoneIcon = ({ className = 'size-4' }: GlyphProps) => (
  <Icon className={className}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5" />
  </Icon>
);
