import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '../contract/errors';
import type { ImportResponse } from '../contract/convos';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { logError } from '../middleware/logging';
import { BAN_MESSAGE } from '../services/rate-limit/bans';
import { ipSubject } from '../services/rate-limit/client-ip';
import { importConversations } from '../services/import/import-conversations';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MULTIPART_OVERHEAD_BYTES } from '../services/import/limits';
import { parseImportFile, parseJsonText } from '../services/import/parse-file';
import { checkImportLimit } from '../services/import/rate-limit';

/** The import path; app.ts exempts it from the global 1 MB JSON limit (it mounts its own). */
export const CONVOS_IMPORT_PATH = '/api/convos/import';

/** LibreChat's success message, which its client shows as the success toast. */
export const IMPORT_SUCCESS_MESSAGE = 'Conversation(s) imported successfully';

const tooLarge = () =>
  new HttpError(
    413,
    `The file is too large: an import file may be at most ${IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB.`,
    ERROR_CODES.payloadTooLarge,
  );

/**
 * Refuses an oversized upload before its body is read: by Content-Length when present, else
 * while the body streams (hono's bodyLimit counts and stops).
 */
const importBodyLimit = bodyLimit({
  maxSize: IMPORT_MAX_FILE_BYTES + IMPORT_MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

const importRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const decision = await checkImportLimit(c.env, ipSubject(c.req.header('cf-connecting-ip')), currentUser(c).id);
  if (decision.outcome === 'banned') throw new HttpError(403, BAN_MESSAGE, ERROR_CODES.banned);
  if (decision.outcome === 'limited') {
    c.header('Retry-After', String(decision.retryAfterSeconds));
    throw new HttpError(429, decision.message, ERROR_CODES.importLimit);
  }
  await next();
};

/** LibreChat's client sends the name URL-encoded; a bare name is accepted too. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

async function readJsonFile(c: Context<AppEnv>): Promise<string> {
  let form: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new HttpError(400, 'Expected a multipart form with a file field.', ERROR_CODES.validation);
  }
  const file = form['file'];
  if (!(file instanceof File)) throw new HttpError(400, 'No file was uploaded (field "file").', ERROR_CODES.validation);
  if (file.size > IMPORT_MAX_FILE_BYTES) throw tooLarge();
  if (!/\.json$/i.test(decodedName(file.name)))
    throw new HttpError(400, 'Only .json files can be imported.', ERROR_CODES.validation);
  if (file.size === 0) throw new HttpError(400, 'The file is empty.', ERROR_CODES.validation);
  return file.text();
}

/**
 * `POST /api/convos/import`: multipart field `file`, a LibreChat, ChatGPT or
 * chatbot-ui export. Order matters: who is asking (401), how often (429), how big (413) — all
 * before the body is read. Every conversation gets fresh ids and belongs to the caller. 201
 * when at least one conversation was stored, with counts of what was stored and left out;
 * 400 with the reason when the file yields nothing.
 */
export const convosImport = new Hono<AppEnv>().post(
  '/import',
  requireAuth,
  importRateLimit,
  importBodyLimit,
  async (c) => {
    const text = await readJsonFile(c);
    const parsed = parseImportFile(parseJsonText(text));
    const summary = await importConversations(c.env.DB, currentUser(c).id, parsed, (error) =>
      logError(c.var.log, error),
    );
    if (summary.imported === 0) {
      // Valid conversations that D1 would not store are the server's failure, not the file's.
      if (summary.failedWrites > 0) throw new Error('conversation import: every write failed');
      const reason = summary.reasons[0] ?? 'the file holds no conversation.';
      throw new HttpError(400, `Nothing could be imported: ${reason}`, ERROR_CODES.validation);
    }
    const { failedWrites: _failedWrites, ...counts } = summary;
    const body: ImportResponse = { message: IMPORT_SUCCESS_MESSAGE, ...counts };
    return c.json(body, 201);
  },
);
