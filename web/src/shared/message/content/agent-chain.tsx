import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { useAgent } from '@/shared/agents/api/get-agent';
import { ChevronDownIcon } from '../icons';
import type { ContentView } from './content-parts';

/** The index of a reply's last `agent_update` part: above 0 only for a reply that has a chain. */
export function lastAgentUpdate(views: readonly ContentView[]): number {
  return views.findLastIndex((view) => view.kind === 'agent_update');
}

interface ChainedPartsProps {
  /** The reply's agent: an agents reply is labelled with its agent's id (`model`). */
  agentId: string | null | undefined;
  views: readonly ContentView[];
  /** Where the last agent's parts begin (lastAgentUpdate). */
  lastAgentStart: number;
  renderPart(view: ContentView, index: number): ReactNode;
}

/**
 * A chained reply's parts. With the agent's `hide_sequential_outputs`, what the agents before
 * the last one did is folded away; the agent's setting is read only here, for replies that have
 * a chain, so an ordinary message asks for nothing.
 */
export function ChainedParts({ agentId, views, lastAgentStart, renderPart }: ChainedPartsProps) {
  const { data: agent } = useAgent(agentId);
  const folded = agent?.hide_sequential_outputs === true ? lastAgentStart : 0;
  const earlier = views.slice(0, folded);
  return (
    <>
      {folded > 0 && (
        <EarlierAgents agents={earlier.filter((view) => view.kind === 'agent_update').length + 1}>
          {earlier.map(renderPart)}
        </EarlierAgents>
      )}
      {views.map((view, index) => (index < folded ? null : renderPart(view, index)))}
    </>
  );
}

/**
 * The earlier agents' work of a chain whose last answer alone is meant to be read: folded under
 * one toggle, closed at first, the count of agents in its label. Nothing is dropped: the parts
 * (tool calls included) are all there when opened.
 */
function EarlierAgents({ agents, children }: { agents: number; children: ReactNode }) {
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
        className="-ms-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-text-secondary hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {t('com_ui_agent_chain_earlier', { count: agents })}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={contentId} hidden={!open} className="mt-1 border-s-2 border-border-medium ps-3">
        {open && children}
      </div>
    </div>
  );
}
