import { describe, expect, it } from 'vitest';
import { handlerFetch } from '../../test/mock-tools/handler-fetch';
import {
  IMAGES_BASEURL,
  IMAGES_ORIGIN,
  IMAGES_PRIVATE_HOST,
  imagesHandler,
  TINY_PNG_BASE64,
} from '../../test/mock-tools/image-handler';
import { createToolRuntime, runTool } from '../index';
import type { GeneratedImage, NetworkPolicy, ToolContext } from '../types';
import { decodeBase64, sniffImage } from './image-bytes';
import { imageGenSpec } from './image-gen-oai';

const network: NetworkPolicy = { allowedDomains: null, privateHosts: [IMAGES_PRIVATE_HOST], dnsResolver: null };
const credentials = { IMAGE_GEN_OAI_API_KEY: 'sk-img', IMAGE_GEN_OAI_BASEURL: `${IMAGES_BASEURL}/` };

function harness(options: { signal?: AbortSignal; store?: boolean } = {}) {
  const net = handlerFetch({ [IMAGES_ORIGIN]: imagesHandler('sk-img') });
  const signal = options.signal ?? new AbortController().signal;
  const dns = () => Promise.reject(new Error('no DNS in this test'));
  const runtime = createToolRuntime({ network, outbound: { fetch: net.fetch, resolve: dns }, mcpServers: [], signal });
  const stored: GeneratedImage[] = [];
  const context: ToolContext = {
    signal,
    userId: 'u',
    conversationId: 'c',
    network,
    ...(options.store === false
      ? {}
      : {
          storeImage: async (image: GeneratedImage) => {
            stored.push(image);
            return {
              fileId: 'f1',
              filename: image.filename,
              filepath: '/api/files/u/f1',
              type: image.type,
              width: 3,
              height: 2,
            };
          },
        }),
  };
  const run = (args: Record<string, unknown>, values: Record<string, string> = credentials) =>
    runTool(imageGenSpec(values), args, context, runtime);
  return { run, net, stored };
}

describe('image_gen_oai', () => {
  it('asks the images API for one image, stores its bytes and answers a short text with the file', async () => {
    const { run, net, stored } = harness();
    const result = await run({ prompt: 'a red fox', size: '1536x1024', quality: 'ultra' });
    const sent = net.seen[0]!;
    expect(`${sent.method} ${sent.url}`).toBe('POST https://images.mock/v1/images/generations');
    expect(sent.headers.get('authorization')).toBe('Bearer sk-img');
    expect(await sent.json()).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red fox',
      n: 1,
      size: '1536x1024',
      quality: 'auto',
      background: 'auto',
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'image/png', width: 3, height: 2 });
    expect(stored[0]?.filename).toMatch(/^image-[0-9a-f]{8}\.png$/);
    expect(stored[0]?.bytes).toEqual(decodeBase64(TINY_PNG_BASE64));
    expect(result.isError).toBe(false);
    expect(result.output).toMatch(/^The image was generated and is shown to the user under this call\./);
    expect(result.output).not.toContain(TINY_PNG_BASE64.slice(0, 20));
    expect(result.attachments).toEqual([
      {
        fileId: 'f1',
        filename: stored[0]?.filename,
        filepath: '/api/files/u/f1',
        type: 'image/png',
        width: 3,
        height: 2,
      },
    ]);
  });

  it('asks older models for base64 explicitly, and uses OpenAI when no base URL is set', async () => {
    const { run, net } = harness();
    await run({ prompt: 'a cat' }, { ...credentials, IMAGE_GEN_OAI_MODEL: 'dall-e-3' });
    expect(await net.seen[0]!.json()).toEqual({
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 1,
      response_format: 'b64_json',
    });
    const result = await run({ prompt: 'a cat' }, { IMAGE_GEN_OAI_API_KEY: 'sk-img' });
    expect(net.requests).toHaveLength(1);
    expect(result.output).toMatch(/^Error processing tool image_gen_oai: Request refused: .*api\.openai\.com/);
  });

  it('answers API errors, non-images, a missing prompt or key, and no store as error results', async () => {
    const { run, stored } = harness();
    expect((await run({ prompt: 'refused' })).output).toBe(
      'Error processing tool image_gen_oai: The image API answered HTTP 400: Your request was rejected by the safety system.',
    );
    expect((await run({ prompt: 'x' }, { ...credentials, IMAGE_GEN_OAI_API_KEY: 'wrong' })).output).toBe(
      'Error processing tool image_gen_oai: The image API answered HTTP 401: Incorrect API key provided.',
    );
    expect((await run({ prompt: 'not an image' })).output).toBe(
      'Error processing tool image_gen_oai: The image API answered no image.',
    );
    expect((await run({})).output).toMatch(/needs a non-empty "prompt"/);
    expect((await run({ prompt: 'x' }, {})).output).toMatch(/IMAGE_GEN_OAI_API_KEY is missing/);
    expect(stored).toEqual([]);
    expect((await harness({ store: false }).run({ prompt: 'x' })).output).toBe(
      'Error processing tool image_gen_oai: Images cannot be stored here.',
    );
  });

  it('gives up at its timeout through the signal', async () => {
    const { net } = harness();
    const signal = new AbortController().signal;
    const dns = () => Promise.reject(new Error('no DNS'));
    const runtime = createToolRuntime({
      network,
      outbound: { fetch: net.fetch, resolve: dns },
      mcpServers: [],
      signal,
    });
    const context: ToolContext = {
      signal,
      userId: 'u',
      conversationId: 'c',
      network,
      storeImage: () => new Promise(() => {}),
    };
    const result = await runTool({ ...imageGenSpec(credentials), timeoutMs: 30 }, { prompt: 'slow' }, context, runtime);
    expect(result).toEqual({ output: 'Error processing tool image_gen_oai: timed out after 0.03 s', isError: true });
  });
});

describe('sniffImage', () => {
  it('knows PNG, JPEG, WebP and GIF by their bytes, with their sizes', () => {
    expect(sniffImage(decodeBase64(TINY_PNG_BASE64)!)).toEqual({
      type: 'image/png',
      extension: 'png',
      width: 3,
      height: 2,
    });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 20, 0, 30, 3, 0, 0]);
    expect(sniffImage(jpeg)).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 30, height: 20 });
    const gif = new TextEncoder().encode('GIF89a\x05\x00\x07\x00');
    expect(sniffImage(gif)).toEqual({ type: 'image/gif', extension: 'gif', width: 5, height: 7 });
    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'));
    webp.set([9, 0, 0, 4, 0, 0], 24);
    expect(sniffImage(webp)).toEqual({ type: 'image/webp', extension: 'webp', width: 10, height: 5 });
    expect(sniffImage(new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(decodeBase64('not base64!')).toBeNull();
  });
});
