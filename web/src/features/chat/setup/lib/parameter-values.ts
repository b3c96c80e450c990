import {
  DEFAULT_IMAGE_DETAIL,
  IMAGE_DETAIL_LEVELS,
  IMAGE_DETAIL_RANGE,
  MAX_STOP_SEQUENCES,
  type ImageDetail,
  type NumericRange,
} from '@contract/model-parameters';

/**
 * Reading and bounding what the user types or drags in the parameters panel:
 * numbers or numeric strings, blank means unset, values clamped to the
 * range. Pure, so the rules are tested without a DOM.
 */

/** A finite number from a number or a numeric string; blank, null and anything else → undefined. */
export function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function clampToRange(value: number, range: Pick<NumericRange, 'min' | 'max'>): number {
  return Math.min(range.max, Math.max(range.min, value));
}

/** What a number field's text means once the user commits it. */
export type ParsedNumberInput = { status: 'unset' } | { status: 'value'; value: number } | { status: 'invalid' };

/**
 * A committed number field: blank → unset (the default applies), a number → clamped (and
 * rounded when the provider wants an integer), anything else → invalid (the field reverts).
 */
export function parseNumberInput(raw: unknown, range: NumericRange, integer = false): ParsedNumberInput {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { status: 'unset' };
  const value = toNumber(raw);
  if (value === undefined) return { status: 'invalid' };
  const clamped = clampToRange(value, range);
  return { status: 'value', value: integer ? Math.round(clamped) : clamped };
}

/**
 * The value a field shows: the stored one clamped to the current range (a model change can
 * narrow it, e.g. Anthropic's legacy cap), else the range's default, else undefined.
 */
export function displayedNumber(stored: unknown, range: NumericRange, integer = false): number | undefined {
  const parsed = parseNumberInput(stored, range, integer);
  return parsed.status === 'value' ? parsed.value : range.default;
}

/** Decimal places of a step (0.01 → 2), so slider values are free of float noise (0.30000000000000004). */
export function stepDecimals(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Rounds to the step's precision (not to its grid: 0.555 stays valid for a 0.01 step typed by hand). */
export function roundToStepPrecision(value: number, step: number): number {
  return Number(value.toFixed(stepDecimals(step)));
}

/**
 * A slider needs a usable span: ranges whose top is "no limit" (max_tokens, context tokens)
 * get the number input only.
 */
export const SLIDER_MAX_SPAN = 1_000_000;
export const hasSlider = (range: NumericRange): boolean => range.max - range.min <= SLIDER_MAX_SPAN;

/** imageDetail is stored as a level; its slider runs 0..2 over IMAGE_DETAIL_LEVELS. */
export function imageDetailPosition(level: unknown): number {
  const index = IMAGE_DETAIL_LEVELS.findIndex((candidate) => candidate === level);
  return index === -1 ? IMAGE_DETAIL_LEVELS.indexOf(DEFAULT_IMAGE_DETAIL) : index;
}

export function imageDetailAt(position: unknown): ImageDetail {
  const value = toNumber(position);
  if (value === undefined) return DEFAULT_IMAGE_DETAIL;
  return IMAGE_DETAIL_LEVELS[Math.round(clampToRange(value, IMAGE_DETAIL_RANGE))] ?? DEFAULT_IMAGE_DETAIL;
}

/**
 * Adds a stop sequence: kept as typed (a space can be a stop sequence), but never empty,
 * never twice, and never more than MAX_STOP_SEQUENCES. Returns the same list when refused.
 */
export function addStopSequence(list: readonly string[], entry: string): readonly string[] {
  if (entry === '' || list.includes(entry) || list.length >= MAX_STOP_SEQUENCES) return list;
  return [...list, entry];
}

export function removeStopSequence(list: readonly string[], index: number): readonly string[] {
  if (index < 0 || index >= list.length) return list;
  return list.filter((_, position) => position !== index);
}

/** A stored stop list, tolerating anything: only non-empty strings, at most four. */
export function stopSequencesOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((entry): entry is string => typeof entry === 'string' && entry !== '').slice(0, MAX_STOP_SEQUENCES);
}
