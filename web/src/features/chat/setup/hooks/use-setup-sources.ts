import { useMemo } from 'react';
import type { StartupConfig } from '@contract/config';
import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { useModels } from '@/shared/config/api/get-models';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { useDefaultPreset } from '../../presets/hooks/use-default-preset';
import { presetToSetup } from '../../presets/lib/preset-setup';
import type { SetupSources } from '../lib/initial-setup';
import { sortedSpecs } from '../lib/model-specs';

export interface LoadedSetupSources extends SetupSources {
  startupConfig: StartupConfig | undefined;
  /** Every source has answered (or failed: a failed model list still lets the chat start). */
  isSettled: boolean;
}

/** The startup config, endpoints and models the setup is chosen from and validated against. */
export function useSetupSources(): LoadedSetupSources {
  const startup = useStartupConfig();
  const endpoints = useEndpoints();
  const models = useModels();
  const { defaultPreset, isPending: presetPending } = useDefaultPreset();
  const startupConfig = startup.data;
  const specs = useMemo(() => sortedSpecs(startupConfig), [startupConfig]);
  const defaultPresetSetup = useMemo(() => (defaultPreset ? presetToSetup(defaultPreset) : undefined), [defaultPreset]);
  return {
    startupConfig,
    specs,
    endpoints: endpoints.data,
    models: models.data,
    ...(defaultPresetSetup ? { defaultPreset: defaultPresetSetup } : {}),
    isSettled: !startup.isPending && !endpoints.isPending && !models.isPending && !presetPending,
  };
}
