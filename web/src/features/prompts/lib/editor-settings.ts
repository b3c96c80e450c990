import { createLocalSettingsStore, isBoolean, useLocalSettings } from '@/lib/local-settings-store';

export type PromptsEditorMode = 'simple' | 'advanced';

type PromptsSettings = {
  /** Simple hides the versions; every saved version then becomes production. */
  promptsEditorMode: PromptsEditorMode;
  /** Advanced mode's choice: whether a new version becomes production when saved. */
  alwaysMakeProd: boolean;
  /** The category the last new prompt was filed under, the next one's default. */
  lastPromptCategory: string;
};

const isMode = (value: unknown): value is PromptsEditorMode => value === 'simple' || value === 'advanced';
const isString = (value: unknown): value is string => typeof value === 'string';

export const promptsSettingsStore = createLocalSettingsStore<PromptsSettings>(
  { promptsEditorMode: 'simple', alwaysMakeProd: true, lastPromptCategory: '' },
  { promptsEditorMode: isMode, alwaysMakeProd: isBoolean, lastPromptCategory: isString },
);

export const usePromptsSettings = () => useLocalSettings(promptsSettingsStore);

/** Simple mode has no versions to choose from, so each new one is the one in use. */
export const makesNewVersionProduction = (settings: PromptsSettings) =>
  settings.promptsEditorMode === 'simple' || settings.alwaysMakeProd;
