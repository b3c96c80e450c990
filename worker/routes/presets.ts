import { Hono, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import { deletePresetsBodySchema, savePresetBodySchema, type DeletePresetsResult } from '../contract/presets';
import { deletePresets, presetsOf, presetsStatement } from '../db/presets';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, readWithAccount, requireAuth, requireToken, tokenUserId } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { saveUserPreset } from '../services/presets/save-preset';
import { toApiPreset } from '../services/presets/to-api-preset';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * The delete route reads "no body" as "delete every preset". The JSON validator reads a body
 * that is not labelled JSON as no body at all, so `fetch` with a JSON string and no
 * Content-Type (sent as text/plain) would wipe the list instead of deleting one preset:
 * refuse any non-empty body that is not JSON.
 */
const emptyOrJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '') && (await c.req.text()).trim() !== '') {
    throw new HttpError(415, 'Send the body as application/json', ERROR_CODES.validation);
  }
  await next();
};

/**
 * `/api/presets`: the signed-in user's presets. Every query is scoped by the
 * token's user: another user's preset is never listed, changed or deleted, and a `user` in a
 * body is dropped by the schema. Save and delete answer 201, as LibreChat's routes do.
 */
export const presets = new Hono<AppEnv>()
  // The menu's list, read with the account in one round trip to D1.
  .get('/', requireToken, async (c) => {
    const [read] = await readWithAccount(c, [presetsStatement(c.env.DB, tokenUserId(c))]);
    return c.json(presetsOf(read).map(toApiPreset));
  })
  .post('/', requireAuth, validate('json', savePresetBodySchema), async (c) => {
    return c.json(await saveUserPreset(c.env.DB, currentUser(c).id, c.req.valid('json')), 201);
  })
  .post('/delete', requireAuth, emptyOrJsonBody, validate('json', deletePresetsBodySchema), async (c) => {
    const deletedCount = await deletePresets(c.env.DB, currentUser(c).id, c.req.valid('json').presetId);
    const body: DeletePresetsResult = { acknowledged: true, deletedCount };
    return c.json(body, 201);
  });
