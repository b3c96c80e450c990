import { lazy, Suspense } from 'react';
import type { AgentPanelProps } from './agent-panel';
import { withCatalogues } from '@/lib/i18n/catalogue-registry';

/* The builder (its forms, dialogs and strings) is a chunk of its own, fetched when first opened. */
const AgentPanel = lazy(() =>
  withCatalogues(() => import('./agent-panel')).then((module) => ({ default: module.AgentPanel })),
);

/** AgentPanel, loaded on first use. Mounted means open. */
export function LazyAgentPanel(props: AgentPanelProps) {
  return (
    <Suspense fallback={null}>
      <AgentPanel {...props} />
    </Suspense>
  );
}
