import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type ChatQuery, hasOneShotQuery, readChatQuery, withoutOneShotQuery } from './chat-query';

/**
 * The address query of a new conversation, read once when the conversation opens (on mount,
 * or on arriving at /c/new from another conversation) and again only when `prompt`, `q` or
 * `submit` reappear (someone followed another such link). Afterwards those three are removed
 * from the address with a replace, so Back does not return to them.
 *
 * Settings are deliberately not re-read when only they change: the setup writes the chosen
 * setup into the address itself, and reading that back would undo what the user picked.
 * Returns null outside a new conversation and until the first read (the first effect).
 */
export function useChatQuery(isNewConversation: boolean): ChatQuery | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<ChatQuery | null>(null);
  const wasNewConversation = useRef(false);
  // The history entry already handled: StrictMode runs each effect twice, and the removal
  // below must neither read the same entry again nor navigate twice.
  const handledLocationKey = useRef<string | null>(null);

  useEffect(() => {
    const enteredNewConversation = isNewConversation && !wasNewConversation.current;
    wasNewConversation.current = isNewConversation;
    if (!isNewConversation) {
      setQuery(null);
      return;
    }
    if (handledLocationKey.current === location.key) return;
    handledLocationKey.current = location.key;

    const params = new URLSearchParams(location.search);
    const hasOneShot = hasOneShotQuery(params);
    if (!enteredNewConversation && !hasOneShot) return;

    setQuery(readChatQuery(params));
    if (hasOneShot) {
      void navigate(
        { pathname: location.pathname, search: withoutOneShotQuery(params), hash: location.hash },
        { replace: true, state: location.state, preventScrollReset: true },
      );
    }
  }, [isNewConversation, location, navigate]);

  return query;
}
