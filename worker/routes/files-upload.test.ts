import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileLinkPath, type StoredFileResponse } from '../contract/files';
import type { UserRow } from '../db/users';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import {
  JPEG_BYTES,
  MB,
  PNG_BYTES,
  callWith,
  expectNothingStored,
  uploadForm,
  type UploadFile,
} from '../test/file-upload-helpers';

type UploadAnswer = StoredFileResponse & { message: string };

let user: UserRow;

async function upload(
  path: '/api/files' | '/api/files/images',
  file: UploadFile | null,
  fields: Record<string, string> = {},
): Promise<Response> {
  return callWith(path, { method: 'POST', body: uploadForm(file, fields), headers: await authHeader(user) });
}

async function expectRefused(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ message });
  await expectNothingStored(user.id);
}

beforeEach(async () => {
  await clearAppConfig();
  user = await createTestUser();
});

describe('POST /api/files', () => {
  it('stores the file in R2 under the user, writes its row, and answers the file object', async () => {
    const tempId = crypto.randomUUID();
    const res = await upload(
      '/api/files',
      { name: 'notes (1).txt', type: 'text/plain', bytes: 'hello' },
      {
        file_id: tempId,
      },
    );
    expect(res.status).toBe(200);
    const body = await res.json<UploadAnswer>();
    expect(body).toMatchObject({
      message: 'File uploaded and processed successfully',
      temp_file_id: tempId,
      user: user.id,
      filename: 'notes (1).txt',
      type: 'text/plain',
      bytes: 5,
      source: 'local',
      context: 'message_attachment',
      object: 'file',
      embedded: false,
      usage: 0,
    });
    // The server's own id, never the client's.
    expect(body.file_id).not.toBe(tempId);
    expect(body.filepath).toBe(fileLinkPath(user.id, body.file_id));
    expect(body.width).toBeUndefined();

    const object = await env.FILES.get(`users/${user.id}/${body.file_id}`);
    expect(await object?.text()).toBe('hello');
    const row = await env.DB.prepare('SELECT * FROM files WHERE file_id = ?').bind(body.file_id).first();
    expect(row).toMatchObject({
      userId: user.id,
      temp_file_id: tempId,
      storageKey: `users/${user.id}/${body.file_id}`,
      bytes: 5,
      source: 'local',
      context: 'message_attachment',
      width: null,
    });
  });

  it('is for signed-in users only', async () => {
    for (const path of ['/api/files', '/api/files/images']) {
      const res = await callWith(path, {
        method: 'POST',
        body: uploadForm({ name: 'a.txt', type: 'text/plain', bytes: 'x' }),
      });
      expect(res.status).toBe(401);
    }
  });

  it('refuses an empty file', async () => {
    await expectRefused(
      await upload('/api/files', { name: 'empty.txt', type: 'text/plain', bytes: '' }),
      'The file is empty.',
    );
  });

  it('refuses a file at or above the size limit, and one above the total limit', async () => {
    await storeAppConfig(
      ['version: 1.2.5', 'fileConfig:', '  endpoints:', '    openAI:', '      fileSizeLimit: 1'].join('\n'),
    );
    const atLimit = new Uint8Array(MB).fill(0x61);
    await expectRefused(
      await upload('/api/files', { name: 'big.txt', type: 'text/plain', bytes: atLimit }),
      'File size exceeds 1 MB.',
    );
    // One byte under the limit is fine.
    const under = await upload('/api/files', { name: 'ok.txt', type: 'text/plain', bytes: atLimit.subarray(1) });
    expect(under.status).toBe(200);

    await storeAppConfig(
      [
        'version: 1.2.5',
        'fileConfig:',
        '  endpoints:',
        '    openAI:',
        '      fileSizeLimit: 4',
        '      totalSizeLimit: 1',
      ].join('\n'),
    );
    user = await createTestUser();
    await expectRefused(
      await upload('/api/files', { name: 'big.txt', type: 'text/plain', bytes: new Uint8Array(2 * MB) }),
      'The total size of the files cannot exceed 1 MB.',
    );
  });

  it('refuses a file whose type nothing tells', async () => {
    await expectRefused(
      await upload('/api/files', { name: 'mystery', type: '', bytes: 'data' }),
      'Unable to determine file type for: mystery',
    );
  });

  it('refuses an unsupported type', async () => {
    await expectRefused(
      await upload('/api/files', { name: 'clip.mp4', type: 'video/mp4', bytes: 'data' }),
      'Currently, unsupported file type: video/mp4',
    );
  });

  it('infers the type from the extension when the browser gives none, a generic one, or a wrong code type', async () => {
    const cases: [UploadFile, string][] = [
      [{ name: 'readme.md', type: '', bytes: '# hi' }, 'text/markdown'],
      [{ name: 'report.pdf', type: 'application/octet-stream', bytes: '%PDF-1.4' }, 'application/pdf'],
      [{ name: 'main.py', type: 'text/x-python-script', bytes: 'print(1)' }, 'text/x-python'],
    ];
    for (const [file, type] of cases) {
      const res = await upload('/api/files', file);
      expect(res.status, file.name).toBe(200);
      expect((await res.json<UploadAnswer>()).type).toBe(type);
    }
  });

  it('checks images by their bytes: a fake one is refused, a mislabelled one gets its real type', async () => {
    await expectRefused(
      await upload('/api/files', { name: 'fake.png', type: 'image/png', bytes: '<svg onload=alert(1)>' }),
      'The file is not a valid image (PNG, JPEG, GIF or WebP).',
    );
    const res = await upload('/api/files', { name: 'photo.png', type: 'image/png', bytes: JPEG_BYTES });
    expect(res.status).toBe(200);
    const body = await res.json<UploadAnswer>();
    expect(body.type).toBe('image/jpeg');
    expect((await env.FILES.head(`users/${user.id}/${body.file_id}`))?.httpMetadata?.contentType).toBe('image/jpeg');
  });

  it('refuses uploads to an endpoint whose files are disabled', async () => {
    await storeAppConfig(
      ['version: 1.2.5', 'fileConfig:', '  endpoints:', '    openAI:', '      disabled: true'].join('\n'),
    );
    await expectRefused(
      await upload('/api/files', { name: 'a.txt', type: 'text/plain', bytes: 'x' }),
      'File uploads are disabled for this endpoint.',
    );
    // Another endpoint still takes files.
    const other = await upload(
      '/api/files',
      { name: 'a.txt', type: 'text/plain', bytes: 'x' },
      { endpoint: 'anthropic' },
    );
    expect(other.status).toBe(200);
  });

  it('refuses a form without a file, without an endpoint, or without the client id', async () => {
    await expectRefused(await upload('/api/files', null), 'No file was uploaded (field "file").');
    const noEndpoint = new FormData();
    noEndpoint.append('file', new File(['x'], 'a.txt', { type: 'text/plain' }));
    noEndpoint.append('file_id', crypto.randomUUID());
    await expectRefused(
      await callWith('/api/files', { method: 'POST', body: noEndpoint, headers: await authHeader(user) }),
      'No endpoint provided.',
    );
    await expectRefused(
      await upload('/api/files', { name: 'a.txt', type: 'text/plain', bytes: 'x' }, { file_id: '../../etc' }),
      'No valid file_id provided.',
    );
    // A flood of small fields, even under one name, is cut off.
    const flood = uploadForm({ name: 'a.txt', type: 'text/plain', bytes: 'x' });
    for (let i = 0; i < 40; i++) flood.append('model', 'gpt');
    await expectRefused(
      await callWith('/api/files', { method: 'POST', body: flood, headers: await authHeader(user) }),
      'The form has too many fields.',
    );
  });
});

describe('POST /api/files/images', () => {
  it('stores an image with its width and height', async () => {
    const res = await upload(
      '/api/files/images',
      { name: 'cat.png', type: 'image/png', bytes: PNG_BYTES },
      {
        width: '640',
        height: '480',
      },
    );
    expect(res.status).toBe(200);
    const body = await res.json<UploadAnswer>();
    expect(body).toMatchObject({ type: 'image/png', width: 640, height: 480, bytes: PNG_BYTES.length });
    const row = await env.DB.prepare('SELECT width, height, storageKey FROM files WHERE file_id = ?')
      .bind(body.file_id)
      .first();
    expect(row).toEqual({ width: 640, height: 480, storageKey: `users/${user.id}/${body.file_id}` });
    expect((await env.FILES.get(`users/${user.id}/${body.file_id}`))?.size).toBe(PNG_BYTES.length);
  });

  it('takes GIF and WebP by their bytes', async () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00');
    const webp = new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 ');
    for (const [name, bytes, type] of [
      ['anim.gif', gif, 'image/gif'],
      ['pic.webp', webp, 'image/webp'],
    ] as const) {
      const res = await upload('/api/files/images', { name, type: '', bytes }, { width: '1', height: '1' });
      expect(res.status).toBe(200);
      expect((await res.json<UploadAnswer>()).type).toBe(type);
    }
  });

  it('refuses what is not an image, and an image without its size', async () => {
    await expectRefused(
      await upload(
        '/api/files/images',
        { name: 'a.txt', type: 'text/plain', bytes: 'hello' },
        { width: '1', height: '1' },
      ),
      'The file is not a valid image (PNG, JPEG, GIF or WebP).',
    );
    await expectRefused(
      await upload(
        '/api/files/images',
        { name: 'a.png', type: 'image/png', bytes: 'not really a png' },
        {
          width: '1',
          height: '1',
        },
      ),
      'The file is not a valid image (PNG, JPEG, GIF or WebP).',
    );
    await expectRefused(
      await upload('/api/files/images', { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }),
      'Image width and height are required.',
    );
  });
});
