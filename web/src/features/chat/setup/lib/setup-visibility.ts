import type { InterfaceConfig, StartupConfig } from '@contract/config';

/** Which setup controls the bar shows. */
export interface SetupVisibility {
  specsMenu: boolean;
  endpointsMenu: boolean;
  modelSelect: boolean;
  parameters: boolean;
  temporaryChat: boolean;
}

export interface VisibilityFacts {
  /** The role's TEMPORARY_CHAT USE permission. */
  canUseTemporaryChat: boolean;
  /** The current endpoint has a parameter table (not assistants, agents…). */
  hasParameters: boolean;
}

const HIDDEN: SetupVisibility = {
  specsMenu: false,
  endpointsMenu: false,
  modelSelect: false,
  parameters: false,
  temporaryChat: false,
};

/**
 * The interface toggles of the config (each defaults to on), the model specs and
 * the user's permission decide. With `modelSpecs.enforce` only specs may be chosen, so the
 * endpoint and model menus go. Nothing shows before the config is known: a control must not
 * flash up and vanish.
 */
export function setupVisibility(
  config: Pick<StartupConfig, 'interface' | 'modelSpecs'> | undefined,
  facts: VisibilityFacts,
): SetupVisibility {
  if (!config) return HIDDEN;
  const on = (toggle: keyof InterfaceConfig) => config.interface[toggle] !== false;
  const hasSpecs = (config.modelSpecs?.list.length ?? 0) > 0;
  const enforced = hasSpecs && config.modelSpecs?.enforce === true;
  return {
    specsMenu: hasSpecs,
    endpointsMenu: on('endpointsMenu') && !enforced,
    modelSelect: on('modelSelect') && !enforced,
    parameters: on('parameters') && facts.hasParameters,
    temporaryChat: on('temporaryChat') && facts.canUseTemporaryChat,
  };
}
