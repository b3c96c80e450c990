import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { paths } from '@/config/paths';
import { boxNavigationState, isFromSearchBox } from '../lib/box-navigation';
import { isBlankQuery, readSearchQuery, searchHref } from '../lib/search-address';

/** A search starts once the typing has paused for 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search box's text and where it leads. Away from /search, typing waits out the debounce
 * and then opens `/search?q=…` (a new history entry, so Back returns to the chat). On /search the
 * address follows every keystroke (replacing the entry), so a reload or a copied link shows what
 * is typed; the page waits out the debounce before it asks the server. Blank text on /search
 * returns to /c/new.
 */
export function useSearchText() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const onSearchPage = location.pathname === paths.search.path;
  const addressQuery = onSearchPage ? readSearchQuery(new URLSearchParams(location.search)) : '';
  const [text, setText] = useState(addressQuery);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setPending(false);
  }, []);
  // A sidebar that is gone must not navigate later.
  useEffect(() => cancelPending, [cancelPending]);

  // The address leads when something else moved it (Back, Forward, a link): the box shows its
  // query and forgets a search it was about to start. The box's own navigations are skipped, as
  // the address may lag a keystroke behind the text while the router catches up.
  const ownNavigation = navigationType !== 'POP' && isFromSearchBox(location.state);
  useEffect(() => {
    if (ownNavigation) return;
    cancelPending();
    setText(addressQuery);
  }, [location.key, ownNavigation, addressQuery, cancelPending]);

  const go = useCallback(
    (query: string, replace: boolean) => {
      const to = isBlankQuery(query) ? paths.chat.newConversation.getHref() : searchHref(query);
      void navigate(to, { replace, state: boxNavigationState(true) });
    },
    [navigate],
  );

  const change = (value: string) => {
    setText(value);
    cancelPending();
    if (onSearchPage) {
      go(value, true);
      return;
    }
    if (isBlankQuery(value)) return;
    setPending(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setPending(false);
      go(value, false);
    }, SEARCH_DEBOUNCE_MS);
  };

  /** Enter: search now rather than after the pause (on /search the address already holds it). */
  const submit = () => {
    if (onSearchPage || isBlankQuery(text)) return;
    cancelPending();
    go(text, false);
  };

  /** The clear button and Escape: empty the box, and leave the results for a new chat. */
  const clear = () => {
    cancelPending();
    setText('');
    if (onSearchPage) go('', true);
  };

  return { text, pending, change, submit, clear };
}
