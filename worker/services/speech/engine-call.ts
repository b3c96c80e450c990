/**
 * Calling a speech engine and turning its failures into the API's errors. The engine's own
 * body never reaches the client (it may echo keys, account names or internal URLs): the
 * status decides a short message of ours, and the details go to the log.
 */
import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';
import { log } from '../../logging/logger';

export type EngineFetch = (request: Request) => Promise<Response>;

export const AUDIO_TOO_SHORT = 'The audio was too short';

/** How long an engine may take to start answering. */
const ENGINE_TIMEOUT_MS = 60_000;

function engineMessage(status: number): string {
  if (status === 401 || status === 403) return 'The speech engine refused the server’s credentials';
  if (status === 404) return 'The speech engine does not know this model, voice or address';
  if (status === 413) return 'The audio is too large for the speech engine';
  if (status === 429) return 'The speech engine is busy or over its quota. Try again later';
  if (status >= 300 && status < 400) return 'The speech engine answered with a redirect, which is not followed';
  return `The speech engine failed (status ${status})`;
}

/** Whether a refusal says the recording was too short (OpenAI's `audio_too_short`, whisper servers' wording). */
async function saysTooShort(response: Response): Promise<boolean> {
  const text = await response.text().catch(() => '');
  return /too[ _-]?short|minimum audio length/i.test(text.slice(0, 2000));
}

/**
 * Sends `request` and answers the engine's response when it is a success; otherwise throws an
 * HttpError: 400 "The audio was too short" when the engine says so, else 502 with a message
 * by status (the engine's 4xx/5xx is the server's misconfiguration or the engine's outage, not
 * the client's mistake).
 */
export async function callEngine(request: Request, fetcher: EngineFetch, what: 'stt' | 'tts'): Promise<Response> {
  let response: Response;
  // Only the wait for the answer's head is bounded: a long read-aloud streams for minutes.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ENGINE_TIMEOUT_MS);
  try {
    response = await fetcher(new Request(request, { signal: controller.signal }));
  } catch (error) {
    log.warn('speech_engine_unreachable', { what, error: error instanceof Error ? error.message : String(error) });
    throw new HttpError(502, 'The speech engine could not be reached', ERROR_CODES.speechEngineError);
  } finally {
    clearTimeout(timer);
  }
  if (response.ok && response.body) return response;
  if (what === 'stt' && response.status === 400 && (await saysTooShort(response))) {
    throw new HttpError(400, AUDIO_TOO_SHORT, ERROR_CODES.audioTooShort);
  }
  log.warn('speech_engine_error', { what, status: response.status });
  await response.body?.cancel().catch(() => undefined);
  throw new HttpError(502, engineMessage(response.status), ERROR_CODES.speechEngineError);
}
