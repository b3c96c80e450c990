/**
 * The recording of a dictation, read from the multipart form as a stream: which types are
 * taken, how short is too short to send, how large is too large.
 */
import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';
import { MultipartError, MultipartReader, multipartBoundary, type PartHeaders } from '../files/multipart-reader';
import { AUDIO_TOO_SHORT } from './engine-call';

/**
 * Fewer bytes than this hold no speech: a WebM or Ogg container's headers alone take a few
 * hundred, and 0.1 s (the shortest audio OpenAI transcribes) is about 500 bytes of Opus at the
 * browser's 32 kbit/s, 1.6 KB of 8 kHz WAV. Such a recording is refused without an engine call;
 * a longer one that is still too short for the engine gets the same message from its refusal.
 */
export const MIN_AUDIO_BYTES = 1024;
/** The largest file the transcription APIs take (OpenAI and Azure: 25 MB). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/** A text field sent before the recording (none is used): small, or the form is refused. */
const MAX_FIELD_BYTES = 4096;

const TYPES: Readonly<Record<string, string>> = {
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'm4a',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
};
const EXTENSIONS: ReadonlySet<string> = new Set(['webm', 'ogg', 'oga', 'm4a', 'mp4', 'wav']);
const EXTENSION_TYPE: Readonly<Record<string, string>> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  wav: 'audio/wav',
};
export const UNSUPPORTED_AUDIO = 'Unsupported audio type: send WebM, M4A, Ogg or WAV audio';

const refuse = (message: string, status: 400 | 413 = 400) =>
  new HttpError(status, message, status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation);

/** The type and file name the engine is given, from the part's MIME type or else its extension. */
export function audioKind(part: PartHeaders): { type: string; filename: string } {
  const type = part.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(part.filename ?? '')?.[1]?.toLowerCase() ?? '';
  const fromType = TYPES[type];
  if (fromType) return { type, filename: `audio.${fromType}` };
  const generic = type === '' || type === 'application/octet-stream';
  if (generic && EXTENSIONS.has(extension))
    return { type: EXTENSION_TYPE[extension] ?? 'audio/webm', filename: `audio.${extension}` };
  throw refuse(UNSUPPORTED_AUDIO);
}

export interface AudioUpload {
  type: string;
  filename: string;
  /** The recording's bytes, the first ones already read; errors with an HttpError past MAX_AUDIO_BYTES. */
  stream: ReadableStream<Uint8Array>;
  /** Whether the stream stopped because the recording was over the size limit. */
  tooLarge(): boolean;
  cancel(): Promise<void>;
}

/**
 * Finds the `audio` part and reads its first MIN_AUDIO_BYTES, so a recording too short to
 * transcribe is refused before any engine is called; the rest is streamed as the engine reads.
 */
export async function openAudioUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
): Promise<AudioUpload> {
  const boundary = multipartBoundary(contentType);
  if (!boundary || !body) throw refuse('No audio file provided in the FormData');
  const reader = new MultipartReader(body, boundary);
  try {
    let part = await reader.nextPart();
    // Fields before the recording are skipped; LibreChat's client sends only the recording.
    while (part && part.name !== 'audio') {
      await reader.text(MAX_FIELD_BYTES);
      part = await reader.nextPart();
    }
    if (!part || part.filename === undefined) throw refuse('No audio file provided in the FormData');
    const kind = audioKind(part);
    const chunks = reader.body();
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size < MIN_AUDIO_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      size += next.value.byteLength;
    }
    if (size < MIN_AUDIO_BYTES) throw new HttpError(400, AUDIO_TOO_SHORT, ERROR_CODES.audioTooShort);
    let tooLarge = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const queued = head.shift();
        if (queued) return controller.enqueue(queued);
        if (ended) return controller.close();
        try {
          const next = await chunks.next();
          if (next.done) return controller.close();
          size += next.value.byteLength;
          if (size > MAX_AUDIO_BYTES) {
            tooLarge = true;
            await reader.cancel();
            return controller.error(refuse('The audio is larger than 25 MB', 413));
          }
          controller.enqueue(next.value);
        } catch (error) {
          controller.error(error);
        }
      },
      cancel: () => reader.cancel(),
    });
    return { ...kind, stream, tooLarge: () => tooLarge, cancel: () => reader.cancel() };
  } catch (error) {
    await reader.cancel();
    if (error instanceof MultipartError) throw refuse(error.message);
    throw error;
  }
}
