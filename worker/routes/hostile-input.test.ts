import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubOpenAIReplies } from '../test/chat/provider-replies';
import {
  HOSTILE_COOKIES,
  heavyBodies,
  hostileBodies,
  hostilePathValues,
  hostileQueries,
  plausibleBody,
  type HostileBody,
  type OwnIds,
} from '../test/hostile-inputs';
import {
  concretePath,
  mountedRoutes,
  sendHostile,
  setUpSweepDeployment,
  signedInWithFixtures,
  type Attempt,
} from '../test/hostile-sweep';

/**
 * The route guard's twin: every mounted route, called by a signed-in user, receives hostile
 * bodies, query strings, path values, cookies and another user's ids, and never answers a 5xx,
 * never shows a stack trace or the other user's data, answers every refusal in the API's one
 * error shape `{ message, code? }`, and leaves Object.prototype as it was. A new route joins
 * by being mounted. Nothing is skipped.
 *
 * Each route gets a user of its own with a conversation, messages, a bookmark and a share link,
 * so one route's side effects (logging out, deleting the account) never reach another's.
 */

/**
 * Routes whose every attempt starts from a new user with new fixtures, because one successful
 * call leaves the next attempts nothing to reach: the account or the conversations are gone,
 * or a per-user limit (forks, duplicates, a code block's run) refuses the rest.
 */
const FRESH_USER_EACH_ATTEMPT = new Set([
  'DELETE /api/user/delete',
  'DELETE /api/convos/all',
  'DELETE /api/convos',
  'POST /api/convos/fork',
  'POST /api/convos/duplicate',
  'DELETE /api/share/:shareId',
  'DELETE /api/tags/:tag',
  'DELETE /api/agents/:id',
  'DELETE /api/prompts/groups/:groupId',
  'POST /api/agents/tools/:toolId/call',
]);

/** Role administration is for admins: an ordinary user would be refused before the body is read. */
const ADMIN_ROUTES = /^\S+ \/api\/roles\//;

/**
 * The import takes files up to 16 MB (services/import/limits.ts), the file uploads up to the
 * configured file size limit (512 MB by default) and dictation recordings up to 25 MB, so 10 MB
 * is not over their limits.
 */
const OWN_LARGER_LIMIT = new Set([
  'POST /api/convos/import',
  'POST /api/files',
  'POST /api/files/images',
  'POST /api/files/speech/stt',
]);

/** Public by design: a shared link shows its conversation to anyone who has the link. */
const SHOWS_OTHERS_DATA = new Set(['GET /api/share/:shareId', 'GET /share/:shareId']);

/** Another user's real objects, named in the path and the body; their text must never come back. */
const FOREIGN_SECRET = `foreign-${crypto.randomUUID()}`;
let foreign: OwnIds;

/** Hostile queries, path values and cookies come with a plausible body, to get past its validation. */
const PLAUSIBLE: HostileBody = {
  name: 'plausible',
  contentType: 'application/json',
  body: (ids) => JSON.stringify(plausibleBody(ids)),
};

function attemptsFor(route: string): Attempt[] {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const own = (ids: OwnIds) => concretePath(pattern, ids);
  const takesBody = method !== 'GET' && method !== 'HEAD';
  const bodies = takesBody ? [...hostileBodies(), ...heavyBodies()] : [];
  const pathValues = /[:*]/.test(pattern) ? hostilePathValues() : [];
  return [
    ...bodies.map((body) => ({
      label: body.name,
      path: own,
      body,
      ...(body.overLimit && !OWN_LARGER_LIMIT.has(route) ? { status: 413 } : {}),
    })),
    ...hostileQueries().map((query) => ({
      label: `query ${query.slice(0, 60)}`,
      path: (ids: OwnIds) => `${own(ids)}${query}`,
      body: PLAUSIBLE,
    })),
    ...pathValues.map((value) => ({
      label: `path value ${value.slice(0, 40)}`,
      path: (ids: OwnIds) => concretePath(pattern, ids, value),
      body: PLAUSIBLE,
    })),
    { label: 'hostile cookies', path: own, body: PLAUSIBLE, headers: { cookie: HOSTILE_COOKIES } },
    {
      label: "another user's objects",
      path: () => concretePath(pattern, foreign),
      body: { ...PLAUSIBLE, body: () => JSON.stringify(plausibleBody(foreign)) },
      ...(SHOWS_OTHERS_DATA.has(route) ? {} : { mustNotContain: FOREIGN_SECRET }),
    },
  ];
}

beforeAll(async () => {
  await setUpSweepDeployment();
  foreign = (await signedInWithFixtures('USER', FOREIGN_SECRET)).ids;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('every route withstands hostile input', () => {
  it('finds the routes to sweep', () => {
    expect(mountedRoutes.length).toBeGreaterThan(5);
  });

  it.each(mountedRoutes)(
    '%s',
    async (route) => {
      // A chat route reaches a model: the provider is stubbed, so no request leaves the test.
      stubOpenAIReplies(['A short reply.']);
      const role = ADMIN_ROUTES.test(route) ? 'ADMIN' : 'USER';
      const problems: string[] = [];
      let session = await signedInWithFixtures(role);
      for (const attempt of attemptsFor(route)) {
        if (FRESH_USER_EACH_ATTEMPT.has(route)) session = await signedInWithFixtures(role);
        problems.push(...(await sendHostile(route, session, attempt)));
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );
});
