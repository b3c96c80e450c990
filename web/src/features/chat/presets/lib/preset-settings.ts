import type { Preset } from '@contract/presets';
import { presetToSetup } from './preset-setup';

export interface PresetSetting {
  /** The field's API name (`temperature`, `promptPrefix`…), shown as is: it is what LibreChat calls it. */
  name: string;
  value: string;
}

/** Long texts (instructions, prompt prefixes) are cut in the summary: the list stays scannable. */
const SUMMARY_VALUE_MAX_CHARS = 120;

function display(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SUMMARY_VALUE_MAX_CHARS ? `${text.slice(0, SUMMARY_VALUE_MAX_CHARS - 1)}…` : text;
}

/** The options a preset sets, endpoint and model first, as name/value text for a read-only list. */
export function presetSettings(preset: Preset): PresetSetting[] {
  const { endpoint, model, ...rest } = presetToSetup(preset);
  return Object.entries({ endpoint, model, ...rest })
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => ({ name, value: display(value) }));
}
