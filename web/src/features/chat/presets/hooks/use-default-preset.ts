import type { Preset } from '@contract/presets';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { usePresets } from '../api/get-presets';
import { usePresetsEnabled } from './use-presets-enabled';

export interface DefaultPresetState {
  /** The user's default preset; null when there is none, presets are turned off, or loading failed. */
  defaultPreset: Preset | null;
  /** Still finding out: a new conversation should wait for this before choosing its setup. */
  isPending: boolean;
}

/**
 * The preset a new conversation starts from when no model spec is marked default. With the
 * `presets` toggle off there is none: a preset the user cannot see or change must not shape
 * their chats. A failed load counts as "no default", so the page never waits forever.
 */
export function useDefaultPreset(): DefaultPresetState {
  const startupConfig = useStartupConfig();
  const enabled = usePresetsEnabled();
  const presets = usePresets({ enabled });
  if (startupConfig.isPending) return { defaultPreset: null, isPending: true };
  if (!enabled) return { defaultPreset: null, isPending: false };
  // Only a list counts: an unexpected answer means "no default", never a broken chat page.
  const list = Array.isArray(presets.data) ? presets.data : [];
  return {
    defaultPreset: list.find((preset) => preset.defaultPreset) ?? null,
    isPending: presets.isPending,
  };
}
