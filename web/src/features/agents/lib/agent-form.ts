import { AGENT_LIMITS, type CreateAgentBody } from '@contract/agents';
import type { AgentDetail } from '@/shared/agents/api/get-agent';

/** What the builder's form edits: text as typed, starters as four boxes. */
export interface AgentFormValues {
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  conversation_starters: string[];
  tools: string[];
  artifacts: string;
  end_after_tools: boolean;
  hide_sequential_outputs: boolean;
  /** The agents that answer after this one, in order. */
  agent_ids: string[];
}

export const EMPTY_FORM: AgentFormValues = {
  name: '',
  description: '',
  instructions: '',
  provider: '',
  model: '',
  conversation_starters: [],
  tools: [],
  artifacts: '',
  end_after_tools: false,
  hide_sequential_outputs: false,
  agent_ids: [],
};

/** The form for an agent as loaded; fields the public view lacks start empty (it is read-only then). */
export function formFromAgent(agent: AgentDetail): AgentFormValues {
  const full = 'instructions' in agent ? agent : null;
  return {
    name: agent.name ?? '',
    description: agent.description ?? '',
    instructions: full?.instructions ?? '',
    provider: agent.provider,
    model: agent.model,
    conversation_starters: agent.conversation_starters.slice(0, AGENT_LIMITS.conversationStartersMax),
    tools: agent.tools,
    artifacts: full?.artifacts ?? '',
    end_after_tools: full?.end_after_tools ?? false,
    hide_sequential_outputs: full?.hide_sequential_outputs ?? false,
    agent_ids: full?.agent_ids ?? [],
  };
}

export type FormErrorKey =
  'com_agents_error_name_long' | 'com_agents_error_provider' | 'com_agents_error_model' | 'com_agents_error_starters';

/** Field → the message key of its first problem; empty when the form may be saved. */
export type FormErrors = Partial<Record<'name' | 'provider' | 'model' | 'conversation_starters', FormErrorKey>>;

/**
 * The checks the server makes too, done first so a mistake is shown beside its field: a
 * provider and a model are required, the name may be left empty (LibreChat saves unnamed
 * agents) but not too long, and an agent has at most four starters.
 */
export function validateAgentForm(values: AgentFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.name.trim().length > AGENT_LIMITS.nameMax) errors.name = 'com_agents_error_name_long';
  if (!values.provider) errors.provider = 'com_agents_error_provider';
  if (!values.model.trim()) errors.model = 'com_agents_error_model';
  const starters = values.conversation_starters.filter((starter) => starter.trim() !== '');
  if (starters.length > AGENT_LIMITS.conversationStartersMax)
    errors.conversation_starters = 'com_agents_error_starters';
  return errors;
}

/** The body sent on create and on save: empty texts are cleared, blank starters dropped. */
export function bodyFromForm(values: AgentFormValues): CreateAgentBody {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    name: orNull(values.name),
    description: orNull(values.description),
    instructions: values.instructions.trim() === '' ? null : values.instructions,
    provider: values.provider,
    model: values.model.trim(),
    conversation_starters: values.conversation_starters.map((starter) => starter.trim()).filter(Boolean),
    tools: values.tools,
    artifacts: values.artifacts === '' ? null : (values.artifacts as CreateAgentBody['artifacts']),
    end_after_tools: values.end_after_tools,
    hide_sequential_outputs: values.hide_sequential_outputs,
    agent_ids: values.agent_ids,
  };
}
