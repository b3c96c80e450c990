import { describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { callAs } from '../test/two-factor-helpers';
import { ASSISTANTS_RETIRED_MESSAGE } from './assistants-gone';

/** The Assistants API is retired: its routes say so and point to agents, for any method and path. */
describe('the Assistants routes', () => {
  it.each([
    ['GET', '/api/assistants/v2'],
    ['GET', '/api/assistants/v2/asst_1'],
    ['POST', '/api/assistants/v2/chat'],
    ['POST', '/api/assistants/v1/chat/abort'],
    ['PATCH', '/api/assistants/v2/asst_1'],
    ['DELETE', '/api/assistants/v1/asst_1?model=gpt-4o'],
    ['GET', '/api/assistants/v2/tools'],
    ['POST', '/api/files/images/assistants/asst_1/avatar'],
  ])('%s %s answers 410 with the reason and the way forward', async (method, path) => {
    const user = await createTestUser();
    const res = await callAs(user, path, method, method === 'GET' ? undefined : {});
    expect(res.status).toBe(410);
    const body: { message: string; code: string } = await res.json();
    expect(body).toEqual({ message: ASSISTANTS_RETIRED_MESSAGE, code: 'assistants_retired' });
    expect(body.message).toMatch(/agents/);
  });

  it('asks who is calling first', async () => {
    expect((await callApp('/api/assistants/v2/chat', { method: 'POST', body: '{}' })).status).toBe(401);
  });
});
