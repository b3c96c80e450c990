import { describe, expect, it } from 'vitest';
import app from '../app';
import { callApp } from '../test/helpers';

/**
 * Every route answers 401 to a request without credentials unless it is listed here as
 * public. A route added without `requireAuth` fails this test until someone decides, here,
 * that it is meant to be public — the missing-check mistake cannot slip in silently.
 */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /api/config',
  'GET /api/endpoints',
  'GET /api/endpoints/config/override',
  'GET /api/banner',
  'GET /api/search/enable',
  'GET /api/categories',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/auth/requestPasswordReset',
  'POST /api/auth/resetPassword',
  'POST /api/auth/2fa/verify-temp',
  'POST /api/user/verify',
  'POST /api/user/verify/resend',
  'GET /api/files/images/avatar/:userId/:file',
  // Agents' pictures load in <img> like user avatars: their addresses hold a random id.
  'GET /api/files/images/agents/:agent_id/avatar/:file',
  // Shared links open without an account (ALLOW_SHARED_LINKS_PUBLIC, on by default).
  'GET /api/share/:shareId',
  // The images a shared page shows, at the link's own address.
  'GET /api/share/:shareId/files/:fileId',
  'GET /share/:shareId',
  'GET /oauth/:provider',
  'GET /oauth/:provider/callback',
  'POST /oauth/:provider/callback',
  // The operator's public pages, and their content for the app's navigation between them.
  'GET /about',
  'GET /support-us',
  'GET /help',
  'GET /changelog',
  'GET /privacy',
  'GET /terms-of-service',
  'GET /feedback',
  'GET /api/pages/:slug',
  // The identity provider sends the browser back here from another site, so no bearer token
  // comes along: it only records the code; the signed-in user who asked confirms the sign-in.
  'GET /api/actions/:action_id/oauth/callback',
  // Browsers send CSP violation reports without credentials.
  'POST /api/csp-report',
  // The installable app's manifest: browsers fetch it without credentials, and it holds only the
  // app's title, icons and colours.
  'GET /manifest.webmanifest',
  // The SPA's pages (served from the assets): the app signs in from there.
  'GET /*',
]);

const routes = [
  ...new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`)),
];

describe('every route checks who is asking', () => {
  it('finds the routes to check', () => {
    expect(routes.length).toBeGreaterThan(5);
    // Routes mounted on their own, before the router of their prefix: checked like the rest.
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/agents/tools/calls', 'POST /api/agents/tools/:toolId/call']),
    );
  });

  it('checks the routes of agents’ actions, tools and avatars', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/agents/actions',
        'POST /api/agents/actions/:agent_id',
        'DELETE /api/agents/actions/:agent_id/:action_id',
        'GET /api/agents/tools',
        'GET /api/agents/tools/:toolId/auth',
        'GET /api/plugins',
        'POST /api/user/plugins',
        'POST /api/files/images/agents/:agent_id/avatar',
        'GET /api/files/images/agents/:agent_id/avatar/:file',
      ]),
    );
  });

  it('checks the agents’ chat routes, mounted beside the agents router (not behind its middleware)', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/agents/chat',
        'POST /api/agents/chat/:endpoint',
        'POST /api/agents/chat/abort',
        'POST /api/agents/chat/:endpoint/abort',
      ]),
    );
  });

  it('checks the prompt library’s routes', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/prompts',
        'GET /api/prompts/all',
        'GET /api/prompts/groups',
        'GET /api/prompts/groups/:groupId',
        'PATCH /api/prompts/groups/:groupId',
        'DELETE /api/prompts/groups/:groupId',
        'GET /api/prompts/random',
        'GET /api/prompts/:promptId',
        'DELETE /api/prompts/:promptId',
        'PATCH /api/prompts/:promptId/tags/production',
        'PATCH /api/prompts/:promptId/labels',
        'POST /api/prompts',
      ]),
    );
  });

  it('checks the speech routes', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/files/speech/stt',
        'POST /api/files/speech/tts',
        'POST /api/files/speech/tts/manual',
        'GET /api/files/speech/tts/voices',
        'GET /api/files/speech/config/get',
      ]),
    );
  });

  it.each(routes.filter((route) => !PUBLIC_ROUTES.has(route)))('%s answers 401 without a token', async (route) => {
    const [method = 'GET', path = '/'] = route.split(' ');
    const concrete = path.replace(/:[A-Za-z_]+/g, 'x');
    const res = await callApp(concrete, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
    });
    expect(res.status).toBe(401);
  });

  it.each(routes.filter((route) => !PUBLIC_ROUTES.has(route)))('%s answers 401 to a forged token', async (route) => {
    const [method = 'GET', path = '/'] = route.split(' ');
    const forged =
      'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJpZCI6ImFkbWluIiwiYXVkIjoiYWNjZXNzIiwiZXhwIjo5OTk5OTk5OTk5fQ.';
    const res = await callApp(path.replace(/:[A-Za-z_]+/g, 'x'), {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
    });
    expect(res.status).toBe(401);
  });
});
