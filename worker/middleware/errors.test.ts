import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { callApp } from '../test/helpers';
import { bodyLimit } from './body-limit';
import { handleError, handleNotFound } from './errors';
import { requestLogging } from './logging';
import { validate } from './validate';

/** A small app wired with the real middleware, to exercise what no route of its own needs yet. */
function probeApp() {
  const app = new Hono<AppEnv>()
    .use('*', requestLogging)
    .use('*', bodyLimit(64))
    .post('/echo', validate('json', z.object({ title: z.string().max(5), count: z.number().int() })), (c) =>
      c.json(c.req.valid('json')),
    )
    .get('/list', validate('query', z.object({ limit: z.coerce.number().int().min(1).max(100) })), (c) =>
      c.json(c.req.valid('query')),
    )
    .get('/conflict', () => {
      throw new HttpError(409, 'Already exists.', 'conflict');
    })
    .get('/crash', () => {
      throw new Error('secret internal detail');
    });
  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('error model', () => {
  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await callApp('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: 'Not found: GET /api/does-not-exist', code: 'not_found' });
  });

  it('answers a body that fails validation with 400 naming each field', async () => {
    const res = await probeApp().request('/echo', json({ title: 'far too long', count: 1.5 }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe('validation_error');
    expect(body.message).toMatch(/^title: .*; count: /);
  });

  it('answers invalid JSON and bad query parameters with 400', async () => {
    const badJson = await probeApp().request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ message: expect.any(String) });
    const badQuery = await probeApp().request('/list?limit=0');
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/^limit: /),
    });
  });

  it('passes validated input to the handler', async () => {
    const res = await probeApp().request('/echo', json({ title: 'ok', count: 2, role: 'ADMIN' }));
    expect(res.status).toBe(200);
    // Unknown fields (mass assignment) are stripped, never passed on.
    expect(await res.json()).toEqual({ title: 'ok', count: 2 });
  });

  it('refuses bodies over the limit with 413 before reading them', async () => {
    const res = await probeApp().request('/echo', json({ title: 'x'.repeat(200), count: 1 }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('applies the default body limit to every /api path', async () => {
    const res = await callApp('/api/anything', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
  });

  it('turns an HttpError into its status, message and code', async () => {
    const res = await probeApp().request('/conflict');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Already exists.', code: 'conflict' });
  });

  it('answers unexpected errors with a generic 500 and no internals', async () => {
    const res = await probeApp().request('/crash');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong. Please try again.', code: 'internal_error' });
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('at ');
  });

  it('tags every response with a request id', async () => {
    const res = await callApp('/health');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
  });
});
