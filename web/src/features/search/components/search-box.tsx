import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';
import '../search-i18n';
import { useSearchEnabled } from '../api/get-search-enabled';
import { useSearchText } from '../hooks/use-search-text';
import { wantsSearchBoxFocus } from '../lib/box-navigation';
import { ClearIcon, SearchIcon } from './search-icons';

type SearchBoxProps = {
  /** Loads the results page's code while the user is still typing, so the switch is instant. */
  preloadResultsPage?: () => void;
  /** Spacing around the field: the sidebar's by default. */
  className?: string;
};

/**
 * The message search field (the sidebar's, and the results page's own while the sidebar is
 * closed), shown only when the server reports search enabled.
 */
export function SearchBox(props: SearchBoxProps) {
  return useSearchEnabled() ? <SearchField {...props} /> : null;
}

function SearchField({ preloadResultsPage, className = 'px-2 pb-1.5' }: SearchBoxProps) {
  const { t } = useTranslation();
  const { text, pending, change, submit, clear } = useSearchText();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const location = useLocation();
  const navigationType = useNavigationType();

  // Each page draws its own sidebar, so the box the user typed in is gone after its navigation:
  // this one takes the caret back. After the page's own effects, as the chat focuses its composer.
  const arrivedTyping = navigationType !== 'POP' && wantsSearchBoxFocus(location.state);
  useEffect(() => {
    if (!arrivedTyping) return;
    const id = setTimeout(() => {
      const input = inputRef.current;
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    });
    return () => clearTimeout(id);
    // On mount only: later navigations of this box happen while it keeps the focus.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // With text, Escape empties the box; the phone sidebar, which also closes on Escape, stays.
    if (event.key !== 'Escape' || text === '') return;
    event.preventDefault();
    clear();
  };

  return (
    <form
      role="search"
      aria-label={t('com_ui_search')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className={className}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('com_nav_search_placeholder')}
      </label>
      <div className="relative text-text-secondary">
        <span className="pointer-events-none absolute inset-y-0 start-2.5 flex items-center">
          {pending ? (
            <span role="status" aria-label={t('com_ui_searching')} className="inline-flex">
              <Spinner />
            </span>
          ) : (
            <SearchIcon />
          )}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          placeholder={t('com_nav_search_placeholder')}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={preloadResultsPage}
          className="block h-9 w-full rounded-lg border border-border-light bg-surface-input ps-8 pe-9 text-sm text-text-primary transition placeholder:text-text-tertiary focus:border-ring-primary focus:outline-2 focus:outline-offset-0 focus:outline-ring-primary"
        />
        {text !== '' && (
          <button
            type="button"
            aria-label={t('com_ui_clear_search')}
            onClick={() => {
              clear();
              inputRef.current?.focus();
            }}
            className="absolute end-1.5 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-full transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring-primary"
          >
            <ClearIcon />
          </button>
        )}
      </div>
    </form>
  );
}
