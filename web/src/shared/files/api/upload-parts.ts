import { ApiError } from '@/lib/api/api-error';
import { withAuthRetry } from './auth-retry';
import type { UploadHandle, UploadInput, UploadedFile } from './upload-file';
import {
  forgetStaleUploads,
  forgetUpload,
  readSavedUpload,
  saveUpload,
  savedUploadKey,
  type FinishedPart,
  type SavedUpload,
} from './upload-sessions';
import { untilOnline } from './until-online';
import { UploadCanceledError, jsonOf, xhrRequest, type XhrAnswer, type XhrRequest } from './xhr-request';

const UPLOADS = '/api/files/uploads';

interface Started {
  /** The server's signed name for the upload, used in the later paths. */
  uploadId: string;
  partSize: number;
  parts: number;
}

/** Two parts at once keep the connection busy without starving the rest of the app. */
const CONCURRENT_PARTS = 2;
/** A part that fails on the network or the server is sent again this many times (time offline not counted). */
const PART_RETRIES = 3;
let retryDelayMs = 1000;

/** Tests retry without waiting. */
export function setPartRetryDelayForTests(ms: number): void {
  retryDelayMs = ms;
}

/** Files this page is uploading: the same file picked twice at once does not share its saved upload. */
const activeKeys = new Set<string>();

/** A dropped connection (status 0) or a server error: worth sending the part again. */
const isRetriable = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);
/** The request failed because the browser is offline: it waits to be online, and no retry is spent. */
const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0 && !navigator.onLine;
/** The server said no: sending the same thing again will not help. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A saved upload fits the file picked again only if the server checked the same declaration. */
const fits = (saved: SavedUpload, input: UploadInput) =>
  saved.endpoint === input.endpoint &&
  saved.type === input.file.type &&
  saved.width === input.width &&
  saved.height === input.height &&
  saved.parts === Math.ceil(input.file.size / saved.partSize);

/**
 * Uploads a large file in parts: declares it (the server checks it before any byte is sent),
 * sends its parts two at a time with progress summed over them, sending a failed part again,
 * then completes it. While the browser is offline it waits to be online again. The session is
 * saved in the browser (upload-sessions.ts) as parts finish, so the same file picked again after
 * a reload or a failure sends only the parts still missing. Canceled or refused, the upload is
 * aborted on the server and forgotten.
 */
export function uploadInParts(input: UploadInput, onBytes?: (loaded: number, total: number) => void): UploadHandle {
  const inFlight = new Set<XMLHttpRequest>();
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted;
  let canceled = false;
  const sentByPart = new Map<number, number>();
  const report = () => {
    let sent = 0;
    for (const bytes of sentByPart.values()) sent += bytes;
    onBytes?.(sent, input.file.size);
  };

  /** One request with the bearer token; refused once the upload has stopped, unless `always`. */
  const send = (request: Omit<XhrRequest, 'token' | 'started'>, always = false): Promise<XhrAnswer> =>
    withAuthRetry(async (token) => {
      if (stopped() && !always) throw new UploadCanceledError();
      let xhr: XMLHttpRequest | undefined;
      try {
        return await xhrRequest({
          ...request,
          token,
          started: (started) => {
            xhr = started;
            inFlight.add(started);
          },
        });
      } finally {
        if (xhr) inFlight.delete(xhr);
      }
    });

  /** A request sent again once the browser is back online if it failed for being offline. */
  async function sendOnline(request: Omit<XhrRequest, 'token' | 'started'>): Promise<XhrAnswer> {
    for (;;) {
      if (!navigator.onLine) await untilOnline(stopping.signal);
      try {
        return await send(request);
      } catch (error) {
        if (stopped() || !isOffline(error)) throw error;
      }
    }
  }

  const json = (body: unknown) => ({ contentType: 'application/json', body: JSON.stringify(body) });
  const partBytes = (session: Started, n: number) =>
    Math.min(session.partSize, input.file.size - (n - 1) * session.partSize);

  /** One attempt at the parts and the completion; `halted` once one of its parts failed for good. */
  async function sendPart(session: Started, n: number, attempt: { halted: boolean }): Promise<FinishedPart> {
    const start = (n - 1) * session.partSize;
    const blob = input.file.slice(start, start + partBytes(session, n));
    for (let retries = 0; ;) {
      if (!navigator.onLine) await untilOnline(stopping.signal);
      // A retry that wakes up after its attempt failed as a whole sends nothing.
      if (attempt.halted) throw new UploadCanceledError();
      try {
        const answer = await send({
          method: 'PUT',
          url: `${UPLOADS}/${session.uploadId}/parts/${n}`,
          body: blob,
          onProgress: (loaded) => {
            sentByPart.set(n, loaded);
            report();
          },
        });
        const done = jsonOf<FinishedPart>(answer);
        sentByPart.set(n, blob.size);
        report();
        return done;
      } catch (error) {
        // The part starts over: its bytes no longer count as sent.
        sentByPart.set(n, 0);
        if (stopped() || attempt.halted) throw error;
        if (isOffline(error)) continue;
        if (retries >= PART_RETRIES || !isRetriable(error)) throw error;
        retries += 1;
        await wait(retryDelayMs * retries);
      }
    }
  }

  /** Sends the parts not in `saved.done`, saving each one that finishes, then completes the upload. */
  async function finish(saved: SavedUpload, key: string | null): Promise<UploadedFile> {
    const done = new Map<number, FinishedPart>();
    for (const part of saved.done) {
      if (part.partNumber < 1 || part.partNumber > saved.parts) continue;
      done.set(part.partNumber, part);
      sentByPart.set(part.partNumber, partBytes(saved, part.partNumber));
    }
    // A resumed upload's ring starts at the share already sent.
    if (done.size > 0) report();
    const queue = Array.from({ length: saved.parts }, (_, i) => i + 1).filter((n) => !done.has(n));
    const attempt = { halted: false };
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined && !stopped() && !attempt.halted; n = queue.shift()) {
        const part = await sendPart(saved, n, attempt);
        done.set(n, part);
        if (key) saveUpload(key, { ...saved, done: [...done.values()] });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_PARTS, queue.length) }, worker));
    } catch (error) {
      // The other parts in flight stop too: the upload failed as a whole.
      attempt.halted = true;
      for (const xhr of [...inFlight]) xhr.abort();
      throw error;
    }
    if (stopped()) throw new UploadCanceledError();
    const parts = [...done.values()].sort((a, b) => a.partNumber - b.partNumber);
    const url = `${UPLOADS}/${saved.uploadId}/complete`;
    return jsonOf<UploadedFile>(await sendOnline({ method: 'POST', url, ...json({ parts }) }));
  }

  async function start(): Promise<SavedUpload> {
    const { file, width, height } = input;
    const measured = width !== undefined && height !== undefined ? { width, height } : {};
    const started = jsonOf<Started>(
      await sendOnline({
        method: 'POST',
        url: UPLOADS,
        ...json({
          // Encoded as the single upload sends it; the server decodes it.
          filename: encodeURIComponent(file.name),
          type: file.type,
          bytes: file.size,
          endpoint: input.endpoint,
          file_id: input.fileId,
          ...measured,
        }),
      }),
    );
    const { uploadId, partSize, parts } = started;
    return {
      uploadId,
      partSize,
      parts,
      endpoint: input.endpoint,
      type: file.type,
      ...measured,
      startedAt: Date.now(),
      done: [],
    };
  }

  /** Ends the upload on the server; nobody waits: the lifecycle rule catches an abort that is lost. */
  const abortOnServer = (uploadId: string) =>
    send({ method: 'DELETE', url: `${UPLOADS}/${uploadId}` }, true).catch(() => undefined);

  /** The upload the server is keeping for this file now, if any: what a cancel aborts. */
  let current: SavedUpload | null = null;

  /** Resumes the saved upload when it fits the file, else (or when the server lost it) starts one. */
  async function upload(key: string | null): Promise<UploadedFile> {
    const saved = key ? readSavedUpload(key) : null;
    if (saved && fits(saved, input)) {
      current = saved;
      try {
        return await finish(saved, key);
      } catch (error) {
        // The server no longer knows the saved upload (404) or refuses what was saved (400): start over.
        if (stopped() || !(error instanceof ApiError) || ![400, 404].includes(error.status)) throw error;
        if (error.status === 400) void abortOnServer(saved.uploadId);
        sentByPart.clear();
        current = null;
      }
    }
    current = await start();
    if (key) saveUpload(key, current);
    return finish(current, key);
  }

  async function run(): Promise<UploadedFile> {
    forgetStaleUploads();
    const wanted = input.userId ? savedUploadKey(input.userId, input.file) : null;
    const key = wanted && !activeKeys.has(wanted) ? wanted : null;
    if (key) activeKeys.add(key);
    try {
      const stored = await upload(key);
      if (key) forgetUpload(key);
      return stored;
    } catch (error) {
      stopping.abort();
      for (const xhr of [...inFlight]) xhr.abort();
      // A network or server failure keeps the upload to resume, when it was saved to be.
      if (canceled || isRefusal(error) || !key) {
        if (current) void abortOnServer(current.uploadId);
        if (key) forgetUpload(key);
      }
      throw canceled ? new UploadCanceledError() : error;
    } finally {
      if (key) activeKeys.delete(key);
    }
  }

  return {
    result: run(),
    abort() {
      canceled = true;
      stopping.abort();
      for (const xhr of [...inFlight]) xhr.abort();
    },
  };
}
