import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFileResponse } from '../contract/files';
import type { UserRow } from '../db/users';
import { pdfTextKey } from '../services/files/pdf-text-object';
import { buildPdf, corruptPdf } from '../services/files/testing-pdf';
import { clearAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callWith, uploadForm } from '../test/file-upload-helpers';
import { completeUpload, putPart, startUpload, type PartAnswer } from '../test/parts-upload-helpers';
import { callAs } from '../test/two-factor-helpers';

let user: UserRow;

beforeEach(async () => {
  await clearAppConfig();
  user = await createTestUser();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function uploadPdf(bytes: Uint8Array, name = 'report.pdf'): Promise<StoredFileResponse> {
  const res = await callWith('/api/files', {
    method: 'POST',
    body: uploadForm({ name, type: 'application/pdf', bytes }),
    headers: await authHeader(user),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<StoredFileResponse>();
}

const keyOf = (fileId: string) => `users/${user.id}/${fileId}`;
const textOf = async (fileId: string) => (await env.FILES.get(pdfTextKey(keyOf(fileId))))?.text() ?? null;
const textBytesOf = async (fileId: string) =>
  (
    await env.DB.prepare('SELECT textBytes FROM files WHERE file_id = ?1')
      .bind(fileId)
      .first<{ textBytes: number | null }>()
  )?.textBytes;

describe('a PDF uploaded with POST /api/files', () => {
  it('has its text read once, kept beside it in R2, and its length recorded on its row', async () => {
    const pdf = await buildPdf({ pages: [['Invoice 42', 'Total due: 310 EUR'], ['Thank you']], compress: true });
    const file = await uploadPdf(pdf);
    expect(file).toMatchObject({ type: 'application/pdf', bytes: pdf.byteLength });
    const text = 'Invoice 42\nTotal due: 310 EUR\n\nThank you';
    expect(await textOf(file.file_id)).toBe(text);
    expect(await textBytesOf(file.file_id)).toBe(text.length);
    // The PDF itself is stored unchanged.
    const stored = await env.FILES.get(keyOf(file.file_id));
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(pdf);
  });

  it('is stored even when it cannot be read, only without text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = await uploadPdf(corruptPdf(), 'broken.pdf');
    expect(await env.FILES.head(keyOf(file.file_id))).not.toBeNull();
    expect(await textOf(file.file_id)).toBeNull();
    expect(await textBytesOf(file.file_id)).toBeNull();
  });

  it('gets no text when it has none, as a scan', async () => {
    const file = await uploadPdf(await buildPdf({ pages: [[]] }), 'scan.pdf');
    expect(await textOf(file.file_id)).toBeNull();
    expect(await textBytesOf(file.file_id)).toBeNull();
  });

  it('loses its text with it when deleted, and the text goes with the account', async () => {
    const deleted = await uploadPdf(await buildPdf({ pages: [['Delete me']] }));
    const kept = await uploadPdf(await buildPdf({ pages: [['Keep me until the account goes']] }));
    const res = await callAs(user, '/api/files', 'DELETE', {
      files: [{ file_id: deleted.file_id, filepath: deleted.filepath, source: 'local', embedded: false }],
    });
    expect(res.status).toBe(200);
    expect(await textOf(deleted.file_id)).toBeNull();
    expect(await textOf(kept.file_id)).toBe('Keep me until the account goes');

    expect((await callAs(user, '/api/user/delete', 'DELETE')).status).toBe(200);
    expect(await textOf(kept.file_id)).toBeNull();
  });
});

describe('a PDF uploaded in parts', () => {
  it('has its text read when the upload completes', async () => {
    const pdf = await buildPdf({ pages: [['Sent in parts']], compress: true });
    const started = await startUpload(user, { filename: 'parts.pdf', type: 'application/pdf', bytes: pdf.byteLength });
    expect(started.status).toBe(200);
    const { uploadId, file_id } = await started.json<{ uploadId: string; file_id: string }>();
    const part = await (await putPart(user, uploadId, 1, pdf)).json<PartAnswer>();
    const res = await completeUpload(user, uploadId, [part]);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await textOf(file_id)).toBe('Sent in parts');
    expect(await textBytesOf(file_id)).toBe('Sent in parts'.length);
  });
});
