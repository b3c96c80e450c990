import { DEFAULT_FORK_OPTION, FORK_OPTIONS, type ForkOption } from '@contract/fork';
import { createLocalSettingsStore, isBoolean, useLocalSettings } from '@/lib/local-settings-store';

/**
 * The fork choices kept in this browser's local storage:
 * LibreChat's keys and JSON values, so a browser that used LibreChat on this origin keeps them.
 * `forkSetting` is the remembered option ('' when none), `rememberDefaultFork` makes the fork
 * button fork at once with it, `splitAtTarget` is "Start fork here".
 */
export interface ForkSettings {
  forkSetting: ForkOption | '';
  rememberDefaultFork: boolean;
  splitAtTarget: boolean;
}

export const FORK_SETTING_DEFAULTS: Readonly<ForkSettings> = Object.freeze({
  forkSetting: '',
  rememberDefaultFork: false,
  splitAtTarget: false,
});

const isForkSetting = (value: unknown): value is ForkSettings['forkSetting'] =>
  value === '' || FORK_OPTIONS.some((option) => option === value);

const forkSettingsStore = createLocalSettingsStore<ForkSettings>(FORK_SETTING_DEFAULTS, {
  forkSetting: isForkSetting,
  rememberDefaultFork: isBoolean,
  splitAtTarget: isBoolean,
});

/** The current settings; the same object until one changes. */
export const getForkSettings: () => ForkSettings = forkSettingsStore.get;

export const setForkSetting: <K extends keyof ForkSettings>(key: K, value: ForkSettings[K]) => void =
  forkSettingsStore.set;

/**
 * The option the fork button uses without asking, or null when it must ask. Remembering with
 * no option stored forks with the server's default, as LibreChat does (it sends '' then).
 */
export function rememberedForkOption(settings: ForkSettings): ForkOption | null {
  if (!settings.rememberDefaultFork) return null;
  return settings.forkSetting === '' ? DEFAULT_FORK_OPTION : settings.forkSetting;
}

export function useForkSettings(): ForkSettings {
  return useLocalSettings(forkSettingsStore);
}
