import type { ChatSetup } from '@/shared/conversation/types';
import { presetToSetup } from '../../presets/lib/preset-setup';
import { type SetupSources, setupForEndpoint } from '../../setup/lib/initial-setup';
import type { AddedModel } from '../../stream/added-run';
import { type MentionEntry, mentionChange } from './mention-options';

/**
 * What a `+` choice adds to the turn: the whole setup of the second run, which never changes
 * the chat's own. Unlike `@`, nothing of the chat's settings leaks into a run that brings its own:
 *
 * - a preset runs with the preset's endpoint, model and parameters, and only those;
 * - an agent is an agents-endpoint run of that agent (it has its own model and instructions),
 *   its reply named after the agent while it streams, as the server will save it;
 * - a model of the chat's endpoint keeps the chat's parameters (comparing two models), and a
 *   spec, an endpoint or a model elsewhere is set up as `@` would set it up.
 */
export function addedModelOf(
  entry: MentionEntry,
  setup: ChatSetup,
  sources: SetupSources,
  lastModels: Readonly<Record<string, string>>,
): AddedModel {
  const { target } = entry;
  switch (target.kind) {
    case 'preset':
      return { setup: presetToSetup(target.preset), label: entry.label };
    case 'agent':
      return {
        setup: { ...setupForEndpoint(sources, 'agents', lastModels), agent_id: target.agent.id },
        label: entry.label,
        replyLabel: target.agent.name,
      };
    default: {
      const change = mentionChange(target, setup, sources, lastModels);
      const added = !change ? setup : 'replace' in change ? change.replace : { ...setup, ...change.update };
      return { setup: added, label: entry.label };
    }
  }
}
