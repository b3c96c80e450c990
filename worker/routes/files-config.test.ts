import { beforeEach, describe, expect, it } from 'vitest';
import type { FileConfigResponse } from '../contract/files';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';

const MB = 1024 * 1024;

async function fileConfig(): Promise<FileConfigResponse> {
  const res = await callApp('/api/files/config', { headers: await authHeader(await createTestUser()) });
  expect(res.status).toBe(200);
  return res.json<FileConfigResponse>();
}

beforeEach(clearAppConfig);

describe('GET /api/files/config', () => {
  it('answers the defaults, in bytes, when there is no config', async () => {
    const config = await fileConfig();
    expect(Object.keys(config.endpoints).sort()).toEqual(['agents', 'assistants', 'azureAssistants', 'default']);
    expect(config.endpoints.default).toMatchObject({
      disabled: false,
      fileLimit: 10,
      fileSizeLimit: 512 * MB,
      totalSizeLimit: 512 * MB,
    });
    expect(config).toMatchObject({ serverFileSizeLimit: 512 * MB, avatarSizeLimit: 2 * MB });
    const accepts = (type: string) =>
      config.endpoints.default?.supportedMimeTypes.some((source) => new RegExp(source).test(type));
    for (const type of ['text/plain', 'application/pdf', 'image/png', 'text/x-c++', 'application/json'])
      expect(accepts(type), type).toBe(true);
    for (const type of ['application/x-msdownload', 'video/mp4', 'image/pngx']) expect(accepts(type), type).toBe(false);
  });

  it("lays the config's megabytes over the defaults; a named endpoint starts from the effective default", async () => {
    await storeAppConfig(
      [
        'version: 1.2.5',
        'fileConfig:',
        '  serverFileSizeLimit: 100',
        '  avatarSizeLimit: 1',
        '  clientImageResize:',
        '    enabled: true',
        '    maxWidth: 1900',
        '  endpoints:',
        '    default:',
        '      fileLimit: 4',
        '      totalSizeLimit: 50',
        '    Mistral:',
        '      fileSizeLimit: 0.5',
        '      supportedMimeTypes: ["^image/.*$"]',
        '    agents:',
        '      disabled: true',
      ].join('\n'),
    );
    const config = await fileConfig();
    expect(config.serverFileSizeLimit).toBe(100 * MB);
    expect(config.avatarSizeLimit).toBe(MB);
    expect(config.clientImageResize).toEqual({ enabled: true, maxWidth: 1900 });
    expect(config.endpoints.default).toMatchObject({ fileLimit: 4, fileSizeLimit: 512 * MB, totalSizeLimit: 50 * MB });
    expect(config.endpoints.Mistral).toEqual({
      disabled: false,
      fileLimit: 4,
      fileSizeLimit: MB / 2,
      totalSizeLimit: 50 * MB,
      supportedMimeTypes: ['^image/.*$'],
    });
    // Built-in endpoints keep their own defaults; a disabled one takes nothing at all.
    expect(config.endpoints.assistants).toMatchObject({ fileLimit: 10, totalSizeLimit: 512 * MB });
    expect(config.endpoints.agents).toEqual({
      disabled: true,
      fileLimit: 0,
      fileSizeLimit: 0,
      totalSizeLimit: 0,
      supportedMimeTypes: [],
    });
  });

  it('is for signed-in users only', async () => {
    expect((await callApp('/api/files/config')).status).toBe(401);
  });
});
