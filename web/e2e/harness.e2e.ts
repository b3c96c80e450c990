import { describe, expect, inject, it } from 'vitest';
import { clearMockRequests, mockRequests } from './mock';
import './provided';

// Guards the harness itself: if these fail, every other spec's failure is noise.
describe('e2e harness', () => {
  it('serves the app on loopback with /health answering OK', async () => {
    expect(inject('appUrl')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${inject('appUrl')}/health`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  });

  it('configures the mock provider as a custom endpoint through librechat.yaml', async () => {
    const res = await fetch(`${inject('appUrl')}/api/endpoints`);
    expect(res.status).toBe(200);
    const endpoints: unknown = await res.json();
    expect(endpoints).toMatchObject({ [inject('mockEndpointName')]: { type: 'custom' } });
  });

  it('runs the mock provider, which checks its key and records requests', async () => {
    await clearMockRequests();
    const models = await fetch(`${inject('mockUrl')}/v1/models`, {
      headers: { authorization: `Bearer ${inject('mockApiKey')}` },
    });
    expect(models.status).toBe(200);
    const unauthorised = await fetch(`${inject('mockUrl')}/v1/models`, { headers: { authorization: 'Bearer wrong' } });
    expect(unauthorised.status).toBe(401);
    const seen = (await mockRequests()).map((request) => `${request.path} ${request.headers.authorization ?? ''}`);
    expect(seen).toEqual(
      expect.arrayContaining([`/v1/models Bearer ${inject('mockApiKey')}`, '/v1/models Bearer wrong']),
    );
  });
});
