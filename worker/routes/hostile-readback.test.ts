import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db/client';
import { conversations } from '../db/schema';
import { createSharedLink } from '../db/shares';
import { stubOpenAIReplies } from '../test/chat/provider-replies';
import { heavyBodies, hostileBodies } from '../test/hostile-inputs';
import {
  concretePath,
  mountedRoutes,
  sendHostile,
  setUpSweepDeployment,
  signedInWithFixtures,
  type Session,
} from '../test/hostile-sweep';

/**
 * The sweep's second half: what hostile bodies managed to store must not break reading it
 * back. One user writes through every route that stores something, with every light hostile
 * body, and imports a conversation 10,000 replies deep and one 10,000 messages long; then
 * every read route, and every conversation's share page, answers as the sweep requires.
 */

/**
 * Writes left out of the write phase, because they take away what the read phase reads: the
 * account, its session or its data. Each still gets every hostile body in hostile-input.test.ts.
 */
const TAKES_AWAY = /^DELETE |\/logout$|\/delete$|^POST \/api\/auth\/2fa\/(disable|confirm)$/;

const writeRoutes = mountedRoutes.filter((route) => !route.startsWith('GET ') && !TAKES_AWAY.test(route));
const readRoutes = mountedRoutes.filter((route) => route.startsWith('GET '));

async function writeHostileData(session: Session): Promise<string[]> {
  const problems: string[] = [];
  const imports = heavyBodies().filter((body) => /export/.test(body.name));
  for (const body of imports) {
    const attempt = { label: `import ${body.name}`, path: () => '/api/convos/import', body };
    problems.push(...(await sendHostile('POST /api/convos/import', session, attempt)));
  }
  for (const route of writeRoutes) {
    const pattern = route.split(' ')[1] ?? '/';
    for (const body of hostileBodies()) {
      const attempt = { label: `${route} ${body.name}`, path: () => concretePath(pattern, session.ids), body };
      problems.push(...(await sendHostile(route, session, attempt)));
    }
  }
  return problems;
}

async function readEverything(session: Session, conversationId: string): Promise<string[]> {
  // A hostile write may have shared the conversation already: then its link is the one read.
  const outcome = await createSharedLink(env.DB, session.ids.userId, conversationId, crypto.randomUUID());
  const ids = { ...session.ids, conversationId, shareId: 'shareId' in outcome ? outcome.shareId : 'none' };
  const problems: string[] = [];
  for (const route of readRoutes) {
    const pattern = route.split(' ')[1] ?? '/';
    const attempt = { label: `${route} of ${conversationId}`, path: () => concretePath(pattern, ids) };
    problems.push(...(await sendHostile(route, { ...session, ids }, attempt)));
  }
  return problems;
}

beforeAll(setUpSweepDeployment);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hostile data, once stored, reads back', () => {
  it('finds routes that write and routes that read', () => {
    expect(writeRoutes.length).toBeGreaterThan(5);
    expect(readRoutes.length).toBeGreaterThan(5);
  });

  it('every read route answers for every conversation the hostile writes left', async () => {
    stubOpenAIReplies(['A short reply.']);
    const session = await signedInWithFixtures();
    const problems = await writeHostileData(session);
    const stored = await db(env)
      .select({ conversationId: conversations.conversationId })
      .from(conversations)
      .where(eq(conversations.userId, session.ids.userId));
    expect(stored.length).toBeGreaterThan(2);
    for (const { conversationId } of stored) problems.push(...(await readEverything(session, conversationId)));
    expect(problems).toEqual([]);
  }, 120_000);
});
