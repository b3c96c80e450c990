import { ApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/request';

export const STT_PATH = '/api/files/speech/stt';

/** The audio types tried in order; the first the browser records in is used. */
export const RECORDING_TYPES = [
  'audio/webm',
  'audio/webm;codecs=opus',
  'audio/mp4',
  'audio/ogg;codecs=opus',
  'audio/ogg',
  'audio/wav',
] as const;

export function recordingType(): string {
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

const extensionOf = (type: string) =>
  type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : type.includes('wav') ? 'wav' : 'webm';

/** Sends a recording to the server's engine; answers its text, or `too_short` / `failed`. */
export async function transcribe(audio: Blob): Promise<{ text: string } | { error: 'too_short' | 'failed' }> {
  const body = new FormData();
  const type = audio.type || 'audio/webm';
  body.append('audio', new File([audio], `audio.${extensionOf(type)}`, { type }));
  try {
    const answer = await request<{ text: string }>(STT_PATH, { method: 'POST', body });
    return { text: answer.text };
  } catch (error) {
    if (error instanceof ApiError && /too short/i.test(error.message)) return { error: 'too_short' };
    return { error: 'failed' };
  }
}
