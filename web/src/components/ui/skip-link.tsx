type SkipLinkProps = {
  /** The id of the element to move focus to. */
  targetId: string;
  label: string;
};

/**
 * The first stop of the tab order, shown only while focused: it moves focus straight to the
 * page's main control, past the sidebar and the header.
 */
export function SkipLink({ targetId, label }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        // Focus, not just scrolling: the router would otherwise treat the hash as navigation.
        event.preventDefault();
        target.focus();
      }}
      className="sr-only rounded-lg bg-surface-primary px-4 py-2 text-sm font-medium text-text-primary shadow-lg focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[60] focus:outline-2 focus:outline-ring-primary"
    >
      {label}
    </a>
  );
}
