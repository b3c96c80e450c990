/**
 * Speech to text: the recording goes to the engine as the `file` of an OpenAI-style multipart
 * form (OpenAI, Groq, whisper servers and Azure OpenAI all take this form), streamed through as
 * it arrives, never stored. The engine answers `{text}`.
 */
import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';
import type { AudioUpload } from './audio-upload';
import { callEngine, type EngineFetch } from './engine-call';
import type { SttEngine } from './engines';

const encoder = new TextEncoder();

/** The form around the recording: its head (fields, then the file part's headers) and its tail. */
function formParts(engine: SttEngine, audio: Pick<AudioUpload, 'type' | 'filename'>, boundary: string) {
  const fields = engine.model
    ? `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${engine.model}\r\n`
    : '';
  const fileHead =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${audio.filename}"\r\n` +
    `Content-Type: ${audio.type}\r\n\r\n`;
  return { head: encoder.encode(fields + fileHead), tail: encoder.encode(`\r\n--${boundary}--\r\n`) };
}

/** A multipart body whose file part is `audio.stream`, passed through chunk by chunk. */
function streamedForm(engine: SttEngine, audio: AudioUpload, boundary: string): ReadableStream<Uint8Array> {
  const { head, tail } = formParts(engine, audio, boundary);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const write = async () => {
    const writer = writable.getWriter();
    try {
      await writer.write(head);
      const reader = audio.stream.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) await writer.write(chunk.value);
      await writer.write(tail);
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
    }
  };
  void write();
  return readable;
}

export async function transcribe(engine: SttEngine, audio: AudioUpload, fetcher: EngineFetch): Promise<string> {
  const boundary = `----edgechat-${crypto.randomUUID()}`;
  const request = new Request(engine.url, {
    method: 'POST',
    headers: {
      ...engine.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/json',
    },
    body: streamedForm(engine, audio, boundary),
    redirect: 'manual',
  });
  let response: Response;
  try {
    response = await callEngine(request, fetcher, 'stt');
  } catch (error) {
    if (audio.tooLarge()) throw new HttpError(413, 'The audio is larger than 25 MB', ERROR_CODES.payloadTooLarge);
    throw error;
  } finally {
    await audio.cancel();
  }
  const answer: unknown = await response.json().catch(() => undefined);
  const text = typeof answer === 'object' && answer !== null && 'text' in answer ? answer.text : undefined;
  if (typeof text !== 'string')
    throw new HttpError(502, 'The speech engine answered without a transcription', ERROR_CODES.speechEngineError);
  return text.trim();
}
