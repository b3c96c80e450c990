/** Helpers for the parts-upload route tests: start, send parts, complete, with a user's token. */
import type { StoredFileResponse } from '../contract/files';
import type { UserRow } from '../db/users';
import { authHeader } from './auth-helpers';
import { callWith } from './file-upload-helpers';

export interface Started {
  uploadId: string;
  file_id: string;
  partSize: number;
  parts: number;
}

export type PartAnswer = { partNumber: number; etag: string };
export type CompleteAnswer = StoredFileResponse & { message: string };

export interface Declared {
  filename?: string;
  type?: string;
  bytes: number;
  endpoint?: string;
  file_id?: string;
  width?: number;
  height?: number;
}

export async function startUpload(
  user: UserRow,
  declared: Declared,
  vars: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWith(
    '/api/files/uploads',
    {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        filename: 'movie.txt',
        type: 'text/plain',
        endpoint: 'openAI',
        file_id: crypto.randomUUID(),
        ...declared,
      }),
    },
    { vars: { BAN_VIOLATIONS: 'false', ...vars } },
  );
}

/** Sends a part as a stream without a length, so only the bytes received can tell its size. */
export async function putPart(
  user: UserRow,
  token: string,
  n: number,
  bytes: Uint8Array,
  vars: Record<string, string> = {},
): Promise<Response> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Several chunks, as a network delivers them.
      for (let at = 0; at < bytes.length; at += 256 * 1024) controller.enqueue(bytes.slice(at, at + 256 * 1024));
      controller.close();
    },
  });
  return callWith(
    `/api/files/uploads/${token}/parts/${n}`,
    {
      method: 'PUT',
      headers: await authHeader(user),
      body,
      duplex: 'half',
    } as RequestInit,
    { vars: { BAN_VIOLATIONS: 'false', ...vars } },
  );
}

export async function completeUpload(
  user: UserRow,
  token: string,
  parts: PartAnswer[],
  vars: Record<string, string> = {},
): Promise<Response> {
  return callWith(
    `/api/files/uploads/${token}/complete`,
    {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json' },
      body: JSON.stringify({ parts }),
    },
    { vars: { BAN_VIOLATIONS: 'false', ...vars } },
  );
}

export async function abortUpload(user: UserRow, token: string): Promise<Response> {
  return callWith(`/api/files/uploads/${token}`, { method: 'DELETE', headers: await authHeader(user) });
}

/** `length` bytes, each the letter `fill` (so two versions of a part can be told apart). */
export const filled = (length: number, fill = 0x61) => new Uint8Array(length).fill(fill);
