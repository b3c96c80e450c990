import { useEndpoints } from '@/shared/config/api/get-endpoints';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { builderAvailable } from './lib/builder-visibility';

/** Whether the chat may show the agent builder's toggle and panel. */
export function useAgentBuilderAvailable(): boolean {
  return builderAvailable(useStartupConfig().data, useEndpoints().data);
}
