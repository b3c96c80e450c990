import { useStartupConfig } from '@/shared/config/api/get-startup-config';

/**
 * The `presets` interface toggle (on unless the config says false). Off until
 * the config is known, so the menu never flashes up and vanishes.
 */
export function usePresetsEnabled(): boolean {
  const { data } = useStartupConfig();
  return data !== undefined && data.interface.presets !== false;
}
