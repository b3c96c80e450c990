import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { createTestUser } from '../../test/auth-helpers';
import { DEFAULT_APP_CONFIG } from '../config/store';
import { effectiveFileConfig } from './file-config';
import { completePartsUpload, receivePart, startPartsUpload, type PartsBucket } from './parts-upload';
import { verifyUploadSession } from './upload-session-token';

const config = effectiveFileConfig(DEFAULT_APP_CONFIG);

it('keeps the object when a completion that raced this one already wrote the row', async () => {
  const user = await createTestUser();
  const declared = {
    filename: 'a.txt',
    type: 'text/plain',
    bytes: 4,
    endpoint: 'openAI',
    file_id: crypto.randomUUID(),
  };
  const started = await startPartsUpload(env, env.FILES, config, user.id, declared);
  const session = (await verifyUploadSession(env, started.uploadId))!;
  const body = new Blob(['abcd']).stream();
  const part = await receivePart(env.FILES, session, 1, body);
  await completePartsUpload(env.FILES, env.DB, config, session, { parts: [part] });

  // As if R2 had let a second completion through: its row insert then fails on the same id.
  const raced: PartsBucket = {
    head: (key) => env.FILES.head(key),
    get: (key, options) => env.FILES.get(key, options),
    put: (key, value, options) => env.FILES.put(key, value, options),
    delete: (keys) => env.FILES.delete(keys),
    createMultipartUpload: (key, options) => env.FILES.createMultipartUpload(key, options),
    resumeMultipartUpload: (key, uploadId) => {
      const upload = env.FILES.resumeMultipartUpload(key, uploadId);
      // Only completing is used; it now succeeds without R2.
      return Object.assign(Object.create(upload) as R2MultipartUpload, {
        complete: async () => (await env.FILES.head(key))!,
      });
    },
  };
  await expect(completePartsUpload(raced, env.DB, config, session, { parts: [part] })).rejects.toThrow();
  expect(await (await env.FILES.get(session.key))?.text()).toBe('abcd');
});
