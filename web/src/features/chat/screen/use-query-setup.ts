import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import type { ChatQuery } from '../query/chat-query';
import { useChatSetup } from '../setup/chat-setup-context';
import { useSetupSources } from '../setup/hooks/use-setup-sources';
import { parseSetupQuery } from '../setup/setup-to-query';

/**
 * Applies the model settings of a new conversation's address (its query
 * parameters) once the setup and its sources are ready; invalid ones are skipped with a
 * warning. Returns whether that is done, which is what an auto-submit waits for.
 */
export function useQuerySetup(query: ChatQuery | null): boolean {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { setup, update, replace, isReady } = useChatSetup();
  const sources = useSetupSources();
  const [applied, setApplied] = useState(false);
  const handled = useRef<ChatQuery | null>(null);

  useEffect(() => {
    if (!query || !isReady || !sources.isSettled || handled.current === query) return;
    handled.current = query;
    const params = new URLSearchParams(
      Object.entries(query.settings).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const { patch, warnings } = parseSetupQuery(params, {
      modelSpecs: sources.specs,
      endpoints: sources.endpoints,
      current: setup,
    });
    // Another endpoint (or a spec) starts the setup over: parameters of one provider mean nothing to another.
    if ((patch.endpoint && patch.endpoint !== setup.endpoint) || patch.spec) replace(patch);
    else if (Object.keys(patch).length > 0) update(patch);
    for (const warning of warnings) {
      showToast({
        message: t('com_ui_query_setting_skipped', { param: warning.param, value: warning.value }),
        severity: 'warning',
      });
    }
    setApplied(true);
  }, [query, isReady, sources, setup, update, replace, showToast, t]);

  return applied || query === null;
}
