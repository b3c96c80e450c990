import { z } from 'zod';
import { conversationOptionsSchema } from './conversation';

/**
 * Presets: a saved set of conversation options with a title. Calls:
 * `GET /api/presets`, `POST /api/presets` (upsert), `POST /api/presets/delete {presetId?}`.
 */

/** Limits a preset and a user's collection of them must respect. */
export const PRESET_LIMITS = {
  /** Same bound as a conversation title: a preset's title is shown in the same menus. */
  titleMax: 200,
  /**
   * Presets one user may keep. LibreChat has no cap; 200 is far above what a person curates
   * by hand (the menu lists them all) and keeps `GET /api/presets` a small, unpaged answer.
   */
  perUser: 200,
  /** `order` sorts ascending; a preset without one comes after every ordered preset. */
  orderMax: 10_000,
  /** Client-chosen ids are UUIDs in LibreChat; allow any short URL-safe id. */
  idMax: 100,
} as const;

export const PRESET_LIMIT_REACHED_MESSAGE = `You can keep at most ${PRESET_LIMITS.perUser} presets: delete one before saving another`;
export const PRESET_NOT_FOUND_MESSAGE = 'Preset not found';

const presetIdSchema = z
  .string()
  .trim()
  .min(1, 'presetId must not be empty')
  .max(PRESET_LIMITS.idMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'presetId may hold only letters, digits, - and _');

const optionFields = conversationOptionsSchema.omit({ title: true });

/**
 * `POST /api/presets`: create (no `presetId`, or one not used yet) or update one of the
 * caller's presets. Only the fields sent are written; `null` clears a nullable option.
 * `defaultPreset: true` makes it the user's only default, `false` unmarks it, absent or
 * `null` leaves it as it is. Anything else in the body (`user`, `_id`, …) is dropped.
 */
export const savePresetBodySchema = optionFields.extend({
  presetId: presetIdSchema.nullish(),
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(PRESET_LIMITS.titleMax, `title must be at most ${PRESET_LIMITS.titleMax} characters`),
  defaultPreset: z.boolean().nullish(),
  order: z.number().int().min(0).max(PRESET_LIMITS.orderMax).nullish(),
});
export type SavePresetBody = z.input<typeof savePresetBodySchema>;
export type SavePresetInput = z.output<typeof savePresetBodySchema>;

/**
 * `POST /api/presets/delete`: one preset by id, or every preset of the caller when the body
 * is empty (`{}` or no body, as LibreChat's client sends for "clear all"). An empty or null
 * id is refused rather than read as "all": a bug on the client must not wipe the list.
 */
export const deletePresetsBodySchema = z.object({ presetId: presetIdSchema.optional() });
export type DeletePresetsBody = z.input<typeof deletePresetsBodySchema>;

/** The answer to a delete, shaped like LibreChat's (MongoDB's delete result). */
export const deletePresetsResultSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });
export type DeletePresetsResult = z.infer<typeof deletePresetsResultSchema>;

const isoDate = z.iso.datetime();

/**
 * A preset as the API answers it: the options that are set (unset ones left out, as in
 * LibreChat's documents), its id, owner, title, default flag, order (null when unordered)
 * and ISO dates.
 */
export const presetSchema = optionFields
  .extend({
    presetId: z.string(),
    user: z.string(),
    title: z.string(),
    defaultPreset: z.boolean(),
    order: z.number().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .strict();
export type Preset = z.infer<typeof presetSchema>;
