/**
 * The focus mark of a menu or list item: a 2 px ring inside its edges, in the ring colour every
 * other control uses (at least 3:1 against the menu in both themes). A tinted background alone
 * is too faint to find. The background stays as it is, so the ring sits on the menu's own colour.
 */
export const MENU_ITEM_FOCUS =
  'focus-visible:bg-surface-primary focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring-primary';

/** The same mark for the active option of a list that keeps focus elsewhere (aria-activedescendant). */
export const ACTIVE_OPTION_MARK = 'outline-2 -outline-offset-2 outline-ring-primary';
