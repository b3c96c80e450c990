import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ChatSetup } from '@/shared/conversation/types';
import { useSetupSources } from './hooks/use-setup-sources';
import { chooseInitialSetup } from './lib/initial-setup';
import { readStoredSetup, rememberModel, writeStoredSetup } from './lib/setup-storage';

export interface ChatSetupContextValue {
  setup: ChatSetup;
  /** Merges `patch` into the setup (a key set to undefined unsets it). */
  update(patch: Partial<ChatSetup>): void;
  /** Replaces the whole setup (a model spec, an endpoint switch, a preset). */
  replace(setup: ChatSetup): void;
  /** The setup is the real one: the given `initial`, or the choice made once the sources answered. */
  isReady: boolean;
  /** No stored conversation was given: the setup is for a conversation not sent yet. */
  isNewConversation: boolean;
}

const ChatSetupContext = createContext<ChatSetupContextValue | null>(null);

export interface ChatSetupProviderProps {
  /**
   * An existing conversation's stored setup. Absent for a new conversation, whose setup is
   * chosen from the default model spec, the last-used setup or the first endpoint. When it
   * arrives later (the conversation was loading) or changes, it is adopted; key the provider
   * by conversation id so that switching conversations starts afresh.
   */
  initial?: ChatSetup;
  children: ReactNode;
}

/** Which `initial` the state was taken from, compared by content (callers may rebuild the object). */
const initialKey = (initial: ChatSetup | undefined) => (initial ? JSON.stringify(initial) : null);

/**
 * Holds the conversation's setup for every control and for each send, and remembers the
 * last-used one (and the model last picked per endpoint) in local storage.
 */
export function ChatSetupProvider({ initial, children }: ChatSetupProviderProps) {
  const sources = useSetupSources();
  const [state, setState] = useState<{ setup: ChatSetup | null; from: string | null }>(() => ({
    setup: initial ?? null,
    from: initialKey(initial),
  }));

  // Adopting a new `initial`, or the default once the sources answer, happens during render
  // (React's pattern for state derived from props), so no frame shows the stale setup.
  const givenKey = initialKey(initial);
  if (initial && givenKey !== state.from) {
    setState({ setup: initial, from: givenKey });
  } else if (!initial && state.setup === null && sources.isSettled) {
    setState({ setup: chooseInitialSetup(sources, readStoredSetup()), from: null });
  }

  const current = state.setup;
  useEffect(() => {
    if (!current) return;
    writeStoredSetup(current);
    if (current.endpoint && current.model) rememberModel(current.endpoint, current.model);
  }, [current]);

  const update = useCallback((patch: Partial<ChatSetup>) => {
    setState((previous) => ({ ...previous, setup: { ...(previous.setup ?? {}), ...patch } }));
  }, []);
  const replace = useCallback((setup: ChatSetup) => {
    setState((previous) => ({ ...previous, setup }));
  }, []);

  const value = useMemo<ChatSetupContextValue>(
    () => ({
      setup: current ?? initial ?? {},
      update,
      replace,
      isReady: current !== null,
      isNewConversation: initial === undefined,
    }),
    [current, initial, update, replace],
  );
  return <ChatSetupContext.Provider value={value}>{children}</ChatSetupContext.Provider>;
}

/** The setup of the conversation on screen; only inside <ChatSetupProvider>. */
export function useChatSetup(): ChatSetupContextValue {
  const value = useContext(ChatSetupContext);
  if (!value) throw new Error('useChatSetup must be used inside <ChatSetupProvider>');
  return value;
}
