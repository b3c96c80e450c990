import {
  PRESET_LIMIT_REACHED_MESSAGE,
  PRESET_LIMITS,
  PRESET_NOT_FOUND_MESSAGE,
  type Preset,
  type SavePresetInput,
} from '../../contract/presets';
import { ERROR_CODES } from '../../contract/errors';
import { savePreset, type PresetValues } from '../../db/presets';
import { HttpError } from '../../http-error';
import { toApiPreset } from './to-api-preset';

/** Tools are stored by plugin key, whichever form the client sent (as LibreChat stores them). */
function toolKeys(tools: NonNullable<SavePresetInput['tools']>): string[] {
  return tools.map((tool) => (typeof tool === 'string' ? tool : tool.pluginKey));
}

/**
 * Saves a preset of `userId` from a validated body: a new one under a server-made id when the
 * body has none, otherwise an upsert of that id. Another user's id answers 404, as the API
 * answers for every resource of someone else (their row is never touched); a save that would
 * take the user past the cap answers 409 naming the limit.
 */
export async function saveUserPreset(d1: D1Database, userId: string, body: SavePresetInput): Promise<Preset> {
  const { presetId, title, defaultPreset, tools, ...rest } = body;
  const values: PresetValues = { ...rest, ...(tools !== undefined ? { tools: toolKeys(tools) } : {}) };
  const outcome = await savePreset(
    d1,
    userId,
    {
      presetId: presetId ?? crypto.randomUUID(),
      title,
      values,
      // null means "leave as it is", like an absent flag (LibreChat reads it the same way).
      ...(defaultPreset === true || defaultPreset === false ? { defaultPreset } : {}),
    },
    PRESET_LIMITS.perUser,
  );
  switch (outcome.status) {
    case 'saved':
      return toApiPreset(outcome.preset);
    case 'taken':
      throw new HttpError(404, PRESET_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
    case 'limit_reached':
      throw new HttpError(409, PRESET_LIMIT_REACHED_MESSAGE, ERROR_CODES.presetLimitReached);
  }
}
