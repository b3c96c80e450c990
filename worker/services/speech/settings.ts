/**
 * The server's speech settings for the Speech tab, flattened as LibreChat answers them: whether
 * each direction has an external engine, then every key the yaml's `speech.speechTab` sets.
 * A section written as a bare boolean (`speechToText: false`) turns that direction on or off.
 */
import type { SpeechConfigResponse, SpeechSettingsResponse } from '../../contract/speech';
import type { AppConfig } from '../config/schema';
import { sttEngineKind, ttsEngineKind } from './engines';

function defined<T extends object>(section: T): Partial<T> {
  return Object.fromEntries(Object.entries(section).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function speechSettings(config: AppConfig): SpeechConfigResponse {
  const speech = config.speech;
  if (!speech) return { message: 'not_found' };
  const settings: SpeechSettingsResponse = {
    sttExternal: sttEngineKind(config) !== undefined,
    ttsExternal: ttsEngineKind(config) !== undefined,
  };
  const tab = speech.speechTab;
  if (!tab) return settings;
  if (tab.conversationMode !== undefined) settings.conversationMode = tab.conversationMode;
  if (tab.advancedMode !== undefined) settings.advancedMode = tab.advancedMode;
  if (typeof tab.speechToText === 'boolean') settings.speechToText = tab.speechToText;
  else if (tab.speechToText) Object.assign(settings, defined(tab.speechToText));
  if (typeof tab.textToSpeech === 'boolean') settings.textToSpeech = tab.textToSpeech;
  else if (tab.textToSpeech) Object.assign(settings, defined(tab.textToSpeech));
  return settings;
}
