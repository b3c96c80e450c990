import type { Preset } from '../../contract/presets';
import type { PresetOptionColumn, PresetRow } from '../../db/presets';
import { conversationOptionColumns } from '../../db/schema';

/** The option fields a preset answers: exactly the option columns (no internal ones). */
const OPTION_FIELDS = Object.keys(conversationOptionColumns()) as PresetOptionColumn[];

/**
 * A stored preset as the API answers it. Unset options are left out, as LibreChat's
 * documents leave them out, so a client applying the preset keeps its own defaults for them.
 */
export function toApiPreset(row: PresetRow): Preset {
  const options: Record<string, unknown> = {};
  for (const field of OPTION_FIELDS) {
    const value = row[field];
    if (value !== null && value !== undefined) options[field] = value;
  }
  return {
    ...options,
    presetId: row.presetId,
    user: row.userId,
    title: row.title,
    defaultPreset: row.defaultPreset,
    order: row.order,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
