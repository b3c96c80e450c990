import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useChatSetup } from '../setup/chat-setup-context';
import { setupToQuery } from '../setup/setup-to-query';

/**
 * A new conversation keeps its chosen setup in the address, so the link can be
 * shared or bookmarked and a reload starts the same way. Replaces the entry: no history noise.
 */
export function useSetupInAddress(enabled: boolean): void {
  const { setup, isReady } = useChatSetup();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!enabled || !isReady) return;
    const next = setupToQuery(setup).toString();
    if (search.replace(/^\?/, '') === next) return;
    void navigate({ pathname, search: next === '' ? '' : `?${next}`, hash }, { replace: true });
  }, [enabled, isReady, setup, pathname, search, hash, navigate]);
}
