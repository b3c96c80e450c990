import { ApiError } from '@/lib/api/api-error';
import { withAuthRetry } from './auth-retry';
import type { UploadHandle, UploadInput, UploadedFile } from './upload-file';
import { UploadCanceledError, jsonOf, xhrRequest, type XhrAnswer, type XhrRequest } from './xhr-request';

const UPLOADS = '/api/files/uploads';

interface Started {
  /** The server's signed name for the upload, used in the later paths. */
  uploadId: string;
  partSize: number;
  parts: number;
}

interface PartDone {
  partNumber: number;
  etag: string;
}

/** Two parts at once keep the connection busy without starving the rest of the app. */
const CONCURRENT_PARTS = 2;
/** A part that fails on the network or the server is sent again this many times. */
const PART_RETRIES = 3;
let retryDelayMs = 1000;

/** Tests retry without waiting. */
export function setPartRetryDelayForTests(ms: number): void {
  retryDelayMs = ms;
}

/** A dropped connection (status 0) or a server error: worth sending the part again. */
const isRetriable = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads a large file in parts: declares it (the server checks it before any byte is sent),
 * sends its parts two at a time with progress summed over them, sending a failed part again
 * (the resume after a dropped connection), then completes it. Canceled or failed, the upload
 * is aborted on the server so its parts do not linger.
 */
export function uploadInParts(input: UploadInput, onBytes?: (loaded: number, total: number) => void): UploadHandle {
  const inFlight = new Set<XMLHttpRequest>();
  let stopped = false;
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
      if (stopped && !always) throw new UploadCanceledError();
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

  const json = (body: unknown) => ({ contentType: 'application/json', body: JSON.stringify(body) });

  async function sendPart(session: Started, n: number): Promise<PartDone> {
    const start = (n - 1) * session.partSize;
    const blob = input.file.slice(start, Math.min(start + session.partSize, input.file.size));
    for (let attempt = 0; ; attempt++) {
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
        const done = jsonOf<PartDone>(answer);
        sentByPart.set(n, blob.size);
        report();
        return done;
      } catch (error) {
        // The part starts over: its bytes no longer count as sent.
        sentByPart.set(n, 0);
        if (stopped || attempt >= PART_RETRIES || !isRetriable(error)) throw error;
        await wait(retryDelayMs * (attempt + 1));
      }
    }
  }

  async function run(): Promise<UploadedFile> {
    const { file } = input;
    const session = jsonOf<Started>(
      await send({
        method: 'POST',
        url: UPLOADS,
        ...json({
          // Encoded as the single upload sends it; the server decodes it.
          filename: encodeURIComponent(file.name),
          type: file.type,
          bytes: file.size,
          endpoint: input.endpoint,
          file_id: input.fileId,
          ...(input.width !== undefined && input.height !== undefined
            ? { width: input.width, height: input.height }
            : {}),
        }),
      }),
    );
    try {
      const queue = Array.from({ length: session.parts }, (_, i) => i + 1);
      const done: PartDone[] = [];
      const worker = async () => {
        for (let n = queue.shift(); n !== undefined && !stopped; n = queue.shift())
          done.push(await sendPart(session, n));
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_PARTS, session.parts) }, worker));
      if (stopped) throw new UploadCanceledError();
      done.sort((a, b) => a.partNumber - b.partNumber);
      return jsonOf<UploadedFile>(
        await send({ method: 'POST', url: `${UPLOADS}/${session.uploadId}/complete`, ...json({ parts: done }) }),
      );
    } catch (error) {
      stop();
      // Nobody waits for the answer: the server's lifecycle rule catches an abort that is lost.
      send({ method: 'DELETE', url: `${UPLOADS}/${session.uploadId}` }, true).catch(() => undefined);
      throw canceled ? new UploadCanceledError() : error;
    }
  }

  function stop() {
    stopped = true;
    for (const xhr of [...inFlight]) xhr.abort();
  }

  return {
    result: run(),
    abort() {
      canceled = true;
      stop();
    },
  };
}
