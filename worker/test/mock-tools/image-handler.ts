/**
 * A mock of OpenAI's images API (`POST /v1/images/generations`) as a web-standard handler: it
 * checks the bearer key and the body, and answers a real 3×2 PNG as `b64_json`. Special prompts:
 * `slow` never answers, `refused` answers OpenAI's 400 error shape, `not an image` answers bytes
 * that are no image.
 */
import type { Handler } from './handler-fetch';

export const IMAGES_ORIGIN = 'https://images.mock';
export const IMAGES_BASEURL = `${IMAGES_ORIGIN}/v1`;
export const IMAGES_PRIVATE_HOST = 'images.mock:443';

/** A valid 3×2 RGB PNG (red, green, blue over yellow, magenta, cyan), small enough to read in a test. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAFElEQVR4nGP4z8DAAMH//zOA4X8ASskI+C0xXWQAAAAASUVORK5CYII=';

export function imagesHandler(apiKey: string): Handler {
  return async (request) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/v1/images/generations')
      return Response.json({ error: { message: 'Unknown route' } }, { status: 404 });
    if (request.headers.get('authorization') !== `Bearer ${apiKey}`)
      return Response.json(
        { error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } },
        { status: 401 },
      );
    const body = (await request.json()) as { prompt?: string; model?: string; n?: number };
    if (typeof body.prompt !== 'string' || typeof body.model !== 'string')
      return Response.json({ error: { message: 'prompt and model are required' } }, { status: 400 });
    if (body.prompt === 'slow') return new Promise<Response>(() => {});
    if (body.prompt === 'refused')
      return Response.json(
        { error: { message: 'Your request was rejected by the safety system.', code: 'moderation_blocked' } },
        { status: 400 },
      );
    const b64 = body.prompt === 'not an image' ? btoa('plain text, not pixels') : TINY_PNG_BASE64;
    return Response.json({ created: 1764000000, data: [{ b64_json: b64 }], usage: { total_tokens: 100 } });
  };
}
