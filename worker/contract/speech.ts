import { z } from 'zod';

/** `POST /api/files/speech/tts`: read one of the caller's messages aloud. */
export const ttsRequestSchema = z.object({
  messageId: z.string().min(1).max(200),
  /** LibreChat's client sends the run it reads along; the saved message is read, so it is not used. */
  runId: z.string().max(200).nullish(),
  voice: z.string().max(200).nullish(),
});

/**
 * `GET /api/files/speech/config/get`: the server's speech settings as one flat map of the Speech
 * tab's keys (they override the user's local settings), or `{message: 'not_found'}` when the
 * server sets none. `sttExternal` / `ttsExternal` say whether an external engine is configured,
 * so the web offers the external engines only then.
 */
export interface SpeechSettingsResponse {
  sttExternal: boolean;
  ttsExternal: boolean;
  conversationMode?: boolean;
  advancedMode?: boolean;
  speechToText?: boolean;
  engineSTT?: string;
  languageSTT?: string;
  autoTranscribeAudio?: boolean;
  decibelValue?: number;
  autoSendText?: number;
  textToSpeech?: boolean;
  engineTTS?: string;
  voice?: string;
  languageTTS?: string;
  automaticPlayback?: boolean;
  playbackRate?: number;
  cacheTTS?: boolean;
}

export type SpeechConfigResponse = SpeechSettingsResponse | { message: 'not_found' };
