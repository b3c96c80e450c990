import type { EndpointsConfig, ModelSpec, StartupConfig } from '@contract/config';
import type { ChatSetup } from '@/shared/conversation/types';
import { endpointTypeOf } from './endpoint-options';

/** The configured model specs, by `order` when given (unordered ones keep their place after). */
export function sortedSpecs(config: Pick<StartupConfig, 'modelSpecs'> | undefined): ModelSpec[] {
  const list = config?.modelSpecs?.list ?? [];
  return list
    .map((spec, index) => ({ spec, index }))
    .sort((a, b) => (a.spec.order ?? Infinity) - (b.spec.order ?? Infinity) || a.index - b.index)
    .map(({ spec }) => spec);
}

export function findSpec(
  specs: readonly ModelSpec[] | undefined,
  name: string | null | undefined,
): ModelSpec | undefined {
  return name ? specs?.find((spec) => spec.name === name) : undefined;
}

/**
 * The setup a spec stands for: its preset, named by `spec`, with the endpoint type the
 * server reports (a spec's preset need not say a custom endpoint is custom).
 */
export function setupFromSpec(spec: ModelSpec, endpoints?: EndpointsConfig): ChatSetup {
  const { preset } = spec;
  return {
    ...preset,
    endpointType: endpoints?.[preset.endpoint]
      ? endpointTypeOf(endpoints, preset.endpoint)
      : (preset.endpointType ?? preset.endpoint),
    spec: spec.name,
    ...(preset.iconURL || !spec.iconURL ? {} : { iconURL: spec.iconURL }),
  };
}
