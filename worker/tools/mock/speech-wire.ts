/**
 * The speech faces of the mock provider, each in its engine's wire format, told apart by path:
 *
 *   POST /v1/audio/transcriptions                        OpenAI-compatible (OpenAI, Groq, whisper servers)
 *   POST /v1/audio/speech                                OpenAI-compatible text-to-speech
 *   POST /openai/deployments/{name}/audio/transcriptions Azure OpenAI (key in `api-key`)
 *   POST /openai/deployments/{name}/audio/speech         Azure OpenAI
 *   POST /v1/text-to-speech/{voice}/stream               ElevenLabs (key in `xi-api-key`)
 *   POST /tts                                            LocalAI
 *
 * Speech answers are real audio: the MP3 (or, for LocalAI and `response_format: wav`, the WAV)
 * in ./fixtures, made once with espeak-ng and ffmpeg, streamed in a few chunks (LocalAI, which
 * sends a finished file, in one answer of known length). A transcription
 * names the upload's size and hash, so a test can tell two recordings apart.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MockBehaviour } from './behaviour';
import { isRecord, MAX_BODY_BYTES, parseJson, sendJson } from './http';
import { errorBody } from './openai-wire';

export type SpeechEngine = 'openai' | 'azureOpenAI' | 'elevenlabs' | 'localai';

export interface SpeechRoute {
  engine: SpeechEngine;
  operation: 'stt' | 'tts';
}

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
export const MOCK_MP3 = fixture('speech.mp3');
export const MOCK_WAV = fixture('speech.wav');

/** OpenAI refuses audio under 0.1 s; a recording this small cannot be that long. */
const TOO_SHORT_BYTES = 100;
const AUDIO_CHUNKS = 4;

export function matchSpeechRoute(pathname: string): SpeechRoute | undefined {
  if (pathname === '/v1/audio/transcriptions') return { engine: 'openai', operation: 'stt' };
  if (pathname === '/v1/audio/speech') return { engine: 'openai', operation: 'tts' };
  const azure = /^\/openai\/deployments\/[^/]+\/audio\/(transcriptions|speech)$/.exec(pathname);
  if (azure) return { engine: 'azureOpenAI', operation: azure[1] === 'speech' ? 'tts' : 'stt' };
  if (/^\/v1\/text-to-speech\/[^/]+(?:\/stream)?$/.test(pathname)) return { engine: 'elevenlabs', operation: 'tts' };
  if (pathname === '/tts') return { engine: 'localai', operation: 'tts' };
  return undefined;
}

async function readRaw(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function presentedKey(req: IncomingMessage, engine: SpeechEngine): string | undefined {
  if (engine === 'azureOpenAI') return req.headers['api-key']?.toString();
  if (engine === 'elevenlabs') return req.headers['xi-api-key']?.toString();
  return /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
}

function sendError(res: ServerResponse, engine: SpeechEngine, status: number, message: string, code: string): void {
  if (engine === 'elevenlabs') return sendJson(res, status, { detail: { status: code, message } });
  if (engine === 'azureOpenAI') return sendJson(res, status, { error: { code: String(status), message } });
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code } });
}

interface UploadedFile {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** The multipart form's fields and its `file` part (a small parser: the mock's uploads are small). */
function readForm(
  body: Buffer,
  contentType: string | undefined,
): { fields: Record<string, string>; file?: UploadedFile } {
  const boundary = /boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  const fields: Record<string, string> = {};
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return { fields };
  let file: UploadedFile | undefined;
  const delimiter = Buffer.from(`--${marker}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length + 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined && name === 'file')
      file = { bytes: content, filename, type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '' };
    else fields[name] = content.toString('utf8');
    at = next;
  }
  return file ? { fields, file } : { fields };
}

export function describeUpload(bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return `Mock transcript of ${bytes.length} bytes (${hash})`;
}

async function playAudio(res: ServerResponse, audio: Buffer, type: string, behaviour: MockBehaviour): Promise<void> {
  res.writeHead(200, { 'content-type': type, 'transfer-encoding': 'chunked' });
  const size = Math.ceil(audio.length / AUDIO_CHUNKS);
  for (let offset = 0; offset < audio.length; offset += size) {
    if (behaviour.delayMs && offset > 0) await sleep(behaviour.delayMs);
    if (res.destroyed) return;
    res.write(audio.subarray(offset, offset + size));
  }
  res.end();
}

/** Answers a speech request; `record` is given what the request carried (JSON, or the form's summary). */
export async function serveSpeech(
  route: SpeechRoute,
  req: IncomingMessage,
  res: ServerResponse,
  behaviour: MockBehaviour & { apiKey?: string },
  record: (body: unknown) => void,
): Promise<void> {
  const raw = await readRaw(req);
  const fail = (status: number, message: string, code: string) => sendError(res, route.engine, status, message, code);
  if (raw === undefined) return fail(413, 'Maximum content size limit exceeded.', 'request_too_large');
  if (req.method !== 'POST')
    return fail(405, `Method ${req.method ?? ''} not allowed; use POST.`, 'method_not_allowed');
  const form = route.operation === 'stt' ? readForm(raw, req.headers['content-type']) : undefined;
  const body = form
    ? {
        ...form.fields,
        file: form.file && { bytes: form.file.bytes.length, filename: form.file.filename, type: form.file.type },
      }
    : parseJson(raw.toString('utf8'));
  record(body);
  if (behaviour.apiKey !== undefined && presentedKey(req, route.engine) !== behaviour.apiKey)
    return fail(401, errorBody(401).error.message, 'invalid_api_key');
  if (behaviour.fail !== undefined) {
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    return fail(behaviour.fail, errorBody(behaviour.fail).error.message, `mock_${behaviour.fail}`);
  }
  if (form) {
    if (!form.file) return fail(400, "Missing required parameter: 'file'.", 'missing_file');
    if (form.file.bytes.length < TOO_SHORT_BYTES)
      return fail(400, 'Audio file is too short. Minimum audio length is 0.1 seconds.', 'audio_too_short');
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    return sendJson(res, 200, { text: describeUpload(form.file.bytes) });
  }
  if (!isRecord(body)) return fail(400, 'We could not parse the JSON body of your request.', 'invalid_json');
  const input = route.engine === 'elevenlabs' ? body.text : body.input;
  if (typeof input !== 'string' || input === '') return fail(400, 'The text to speak is missing.', 'missing_input');
  if (behaviour.delayMs) await sleep(behaviour.delayMs);
  if (route.engine === 'localai') return sendLocalAIFile(res);
  const wav = body.response_format === 'wav';
  return playAudio(res, wav ? MOCK_WAV : MOCK_MP3, wav ? 'audio/wav' : 'audio/mpeg', behaviour);
}

/**
 * LocalAI makes the whole file first (piper writes a WAV to disk) and then sends it as a download
 * (Fiber's `c.Download`): one WAV per request, its length known, named as an attachment.
 */
function sendLocalAIFile(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'audio/wav',
    'content-length': String(MOCK_WAV.length),
    'content-disposition': `attachment; filename="piper_${Date.now()}.wav"`,
  });
  res.end(MOCK_WAV);
}
