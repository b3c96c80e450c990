import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgent } from '@/shared/agents/api/get-agent';
import type { ChatMessage } from '@/shared/conversation/types';
import { ChevronDownIcon } from '../icons';
import type { ContentView } from './content-parts';

/**
 * Where the parts a chain's `hide_sequential_outputs` folds away end: before the last agent's
 * `agent_update` (0 when nothing is folded). The reply's agent is its `model` (an agents reply is
 * labelled with its agent's id); its setting is read only for a reply that has a chain.
 */
export function useFoldedChainEnd(message: ChatMessage, views: readonly ContentView[]): number {
  const last = views.findLastIndex((view) => view.kind === 'agent_update');
  const chained = last > 0 && message.endpoint === 'agents';
  const { data: agent } = useAgent(chained ? message.model : null);
  return chained && agent?.hide_sequential_outputs === true ? last : 0;
}

/**
 * The earlier agents' work of a chain whose last answer alone is meant to be read: folded under
 * one toggle, closed at first, the count of agents in its label. Nothing is dropped: the parts
 * (tool calls included) are all there when opened.
 */
export function EarlierAgents({ agents, children }: { agents: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <div className="my-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((value) => !value)}
        className="-ml-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-text-secondary hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {t('com_ui_agent_chain_earlier', { count: agents })}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={contentId} hidden={!open} className="mt-1 border-l-2 border-border-medium pl-3">
        {open && children}
      </div>
    </div>
  );
}
