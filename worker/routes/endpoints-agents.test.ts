import { beforeEach, describe, expect, it } from 'vitest';
import { endpointsConfigSchema, startupConfigSchema } from '../contract/config';
import { DEFAULT_AGENT_CAPABILITIES } from '../services/config/schema-endpoints';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { callApp } from '../test/helpers';

beforeEach(async () => {
  await clearAppConfig();
});

async function endpoints(vars: Record<string, string> = {}) {
  return endpointsConfigSchema.parse(await (await callApp('/api/endpoints', {}, vars)).json());
}

const OPENAI = { OPENAI_API_KEY: 'sk-x' };

describe('GET /api/endpoints: agents', () => {
  it('offers agents in LibreChat order with the default capabilities once a provider is configured', async () => {
    expect(await endpoints()).toEqual({});
    const body = await endpoints({ ...OPENAI, ANTHROPIC_API_KEY: 'a' });
    expect(body.agents).toEqual({
      order: 8,
      userProvide: false,
      disableBuilder: false,
      capabilities: [...DEFAULT_AGENT_CAPABILITIES],
    });
    expect(body.anthropic!.order).toBeLessThan(body.agents!.order);
  });

  it('takes capabilities, disableBuilder and allowedProviders from endpoints.agents', async () => {
    await storeAppConfig(`
version: 1.2.5
endpoints:
  agents:
    disableBuilder: true
    capabilities: [tools, actions]
    allowedProviders: [openAI]
`);
    expect((await endpoints(OPENAI)).agents).toEqual({
      order: 8,
      userProvide: false,
      disableBuilder: true,
      capabilities: ['tools', 'actions'],
      allowedProviders: ['openAI'],
    });
    // No offered endpoint may run an agent: nothing to offer.
    expect((await endpoints({ GOOGLE_KEY: 'g' })).agents).toBeUndefined();
  });

  it('is not offered when the interface turns agents off, or ENDPOINTS leaves it out', async () => {
    expect((await endpoints({ ...OPENAI, ENDPOINTS: 'openAI' })).agents).toBeUndefined();
    expect((await endpoints({ ...OPENAI, ENDPOINTS: 'agents,openAI' })).agents).toMatchObject({ order: 0 });
    await storeAppConfig(`
version: 1.2.5
interface:
  agents: false
`);
    expect((await endpoints(OPENAI)).agents).toBeUndefined();
    const config = startupConfigSchema.parse(await (await callApp('/api/config')).json());
    expect(config.interface.agents).toBe(false);
  });

  it('GET /api/config says agents are on unless the interface turns them off', async () => {
    const config = startupConfigSchema.parse(await (await callApp('/api/config', {}, OPENAI)).json());
    expect(config.interface.agents).toBe(true);
  });
});
