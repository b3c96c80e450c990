import type { INTERFACE_TOGGLES } from '@contract/config';
import { useStartupConfig } from './api/get-startup-config';

/**
 * Whether librechat.yaml's `interface` shows a part of the app (every toggle defaults to on).
 * Off until the startup config is known, so a control never flashes up and vanishes.
 */
export function useInterfaceToggle(toggle: (typeof INTERFACE_TOGGLES)[number]): boolean {
  const { data } = useStartupConfig();
  return data !== undefined && data.interface[toggle] !== false;
}
