import { createLocalSettingsStore, isBoolean, useLocalSettings } from '@/lib/local-settings-store';

/** Which composer commands are on in this browser (the settings dialog's Commands tab). */
export interface CommandSettings {
  /** `@` switches endpoint, model, preset, model spec or agent. */
  atCommand: boolean;
  /** `+` adds a second model to the turn (also needs the MULTI_CONVO permission). */
  plusCommand: boolean;
  /** `/` inserts a saved prompt (also needs the PROMPTS permission). */
  slashCommand: boolean;
}

export const COMMAND_SETTING_DEFAULTS: Readonly<CommandSettings> = Object.freeze({
  atCommand: true,
  plusCommand: true,
  slashCommand: true,
});

// LibreChat's key names and JSON values, so a browser that used LibreChat on this origin keeps its choices.
const commandSettingsStore = createLocalSettingsStore<CommandSettings>(COMMAND_SETTING_DEFAULTS, {
  atCommand: isBoolean,
  plusCommand: isBoolean,
  slashCommand: isBoolean,
});

export const setCommandSetting: <K extends keyof CommandSettings>(key: K, value: CommandSettings[K]) => void =
  commandSettingsStore.set;

/** The command settings; the component re-renders when one changes, in this tab or another. */
export function useCommandSettings(): CommandSettings {
  return useLocalSettings(commandSettingsStore);
}
