import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  applyServerSpeechSettings,
  clampSpeechNumber,
  conversationModeActive,
  getSpeechSettings,
  SPEECH_DEFAULTS,
  setSpeechSetting,
  useSpeechSettings,
} from './speech-settings';

describe('speech settings', () => {
  it('starts with both directions on, browser engines, -45 dB, no auto-send and rate 1', () => {
    expect(getSpeechSettings()).toEqual(SPEECH_DEFAULTS);
    expect(SPEECH_DEFAULTS).toMatchObject({
      speechToText: true,
      textToSpeech: true,
      engineSTT: 'browser',
      engineTTS: 'browser',
      decibelValue: -45,
      autoSendText: -1,
      playbackRate: 1,
      cacheTTS: true,
      advancedMode: false,
    });
  });

  it('reads an unknown TTS engine as the browser engine', () => {
    window.localStorage.setItem('engineTTS', JSON.stringify('edge'));
    expect(getSpeechSettings().engineTTS).toBe('browser');
    window.localStorage.setItem('engineTTS', JSON.stringify('external'));
    expect(getSpeechSettings().engineTTS).toBe('external');
  });

  it('clamps sliders to their ranges and steps', () => {
    expect(clampSpeechNumber('playbackRate', 5)).toBe(2);
    expect(clampSpeechNumber('playbackRate', 0)).toBe(0.1);
    expect(clampSpeechNumber('playbackRate', 1.26)).toBe(1.3);
    expect(clampSpeechNumber('autoSendText', -9)).toBe(-1);
    expect(clampSpeechNumber('autoSendText', 99)).toBe(60);
    expect(clampSpeechNumber('decibelValue', -200)).toBe(-100);
    expect(clampSpeechNumber('decibelValue', 0)).toBe(-30);
    setSpeechSetting('decibelValue', -10);
    expect(window.localStorage.getItem('decibelValue')).toBe('-30');
    // A stored value out of range is not trusted.
    window.localStorage.setItem('playbackRate', '7');
    expect(getSpeechSettings().playbackRate).toBe(1);
  });

  it('turns conversation mode on with auto-transcribe, a 3 s auto-send and -45 dB', () => {
    setSpeechSetting('decibelValue', -60);
    setSpeechSetting('conversationMode', true);
    expect(getSpeechSettings()).toMatchObject({
      conversationMode: true,
      autoTranscribeAudio: true,
      autoSendText: 3,
      decibelValue: -45,
    });
    expect(conversationModeActive(getSpeechSettings())).toBe(true);
  });

  it('allows conversation mode only while both directions are on, and ends it when one goes off', () => {
    setSpeechSetting('textToSpeech', false);
    setSpeechSetting('conversationMode', true);
    expect(getSpeechSettings().conversationMode).toBe(false);

    setSpeechSetting('textToSpeech', true);
    setSpeechSetting('conversationMode', true);
    setSpeechSetting('speechToText', false);
    expect(getSpeechSettings().conversationMode).toBe(false);

    // A stored `true` with a direction off does not act.
    window.localStorage.setItem('conversationMode', 'true');
    expect(conversationModeActive(getSpeechSettings())).toBe(false);
  });

  it("lets the server's settings override the local ones, keeping only valid values", () => {
    setSpeechSetting('voice', 'mine');
    applyServerSpeechSettings({
      sttExternal: true,
      ttsExternal: true,
      engineTTS: 'edge',
      engineSTT: 'external',
      voice: 'alloy',
      playbackRate: 9,
      cacheTTS: 'yes',
    });
    expect(getSpeechSettings()).toMatchObject({
      engineTTS: 'browser',
      engineSTT: 'external',
      voice: 'alloy',
      playbackRate: 2,
      cacheTTS: true,
    });
  });

  it('re-renders its users when a setting changes', () => {
    const view = renderHook(() => useSpeechSettings());
    view.result.current.set('automaticPlayback', true);
    view.rerender();
    expect(view.result.current.automaticPlayback).toBe(true);
  });
});
