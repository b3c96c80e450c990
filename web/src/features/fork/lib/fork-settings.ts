import { useSyncExternalStore } from 'react';
import { DEFAULT_FORK_OPTION, FORK_OPTIONS, type ForkOption } from '@contract/fork';

/**
 * The fork choices kept in this browser (spec 000 §9 "Local storage keys … fork settings"):
 * LibreChat's keys and JSON values, so a browser that used LibreChat on this origin keeps them.
 * `forkSetting` is the remembered option ('' when none), `rememberDefaultFork` makes the fork
 * button fork at once with it, `splitAtTarget` is "Start fork here".
 */
export interface ForkSettings {
  forkSetting: ForkOption | '';
  rememberDefaultFork: boolean;
  splitAtTarget: boolean;
}

export const FORK_SETTING_DEFAULTS: Readonly<ForkSettings> = Object.freeze({ forkSetting: '', rememberDefaultFork: false, splitAtTarget: false });

const KEYS = Object.keys(FORK_SETTING_DEFAULTS) as (keyof ForkSettings)[];

const readStored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const parse = (raw: string | null): unknown => {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

const isForkSetting = (value: unknown): value is ForkSettings['forkSetting'] =>
  value === '' || FORK_OPTIONS.some((option) => option === value);

/** Choices that could not be written (storage full or blocked) hold for this page only. */
const unsaved: Partial<ForkSettings> = {};
const listeners = new Set<() => void>();
let cached: { signature: string; value: ForkSettings } | null = null;

/** The current settings; rebuilt only when storage changed (useSyncExternalStore needs that). */
export function getForkSettings(): ForkSettings {
  const raw = KEYS.map(readStored);
  const signature = JSON.stringify([raw, unsaved]);
  if (cached?.signature === signature) return cached.value;
  const [forkSetting, remember, split] = raw.map(parse);
  const value: ForkSettings = {
    forkSetting: unsaved.forkSetting ?? (isForkSetting(forkSetting) ? forkSetting : FORK_SETTING_DEFAULTS.forkSetting),
    rememberDefaultFork: unsaved.rememberDefaultFork ?? (typeof remember === 'boolean' ? remember : FORK_SETTING_DEFAULTS.rememberDefaultFork),
    splitAtTarget: unsaved.splitAtTarget ?? (typeof split === 'boolean' ? split : FORK_SETTING_DEFAULTS.splitAtTarget),
  };
  cached = { signature, value };
  return value;
}

export function setForkSetting<K extends keyof ForkSettings>(key: K, value: ForkSettings[K]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    delete unsaved[key];
  } catch {
    unsaved[key] = value;
  }
  listeners.forEach((listener) => listener());
}

/**
 * The option the fork button uses without asking, or null when it must ask. Remembering with
 * no option stored forks with the server's default, as LibreChat does (it sends '' then).
 */
export function rememberedForkOption(settings: ForkSettings): ForkOption | null {
  if (!settings.rememberDefaultFork) return null;
  return settings.forkSetting === '' ? DEFAULT_FORK_OPTION : settings.forkSetting;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event; this tab's own writes do not fire one.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useForkSettings(): ForkSettings {
  return useSyncExternalStore(subscribe, getForkSettings, () => FORK_SETTING_DEFAULTS);
}
