/**
 * The history state the search box leaves on the navigations it makes. The box lives in the
 * sidebar, which each page renders afresh, so it has to tell its next self what happened:
 * `fromSearchBox` says the address already holds what the box shows (do not reset the text from
 * it mid-typing), `focusSearchBox` says the user was typing (put the caret back).
 */
export type BoxNavigationState = { fromSearchBox: true; focusSearchBox: boolean };

export const boxNavigationState = (focusSearchBox: boolean): BoxNavigationState => ({
  fromSearchBox: true,
  focusSearchBox,
});

const asBoxState = (state: unknown): Partial<BoxNavigationState> =>
  typeof state === 'object' && state !== null ? (state as Partial<BoxNavigationState>) : {};

export const isFromSearchBox = (state: unknown): boolean => asBoxState(state).fromSearchBox === true;
export const wantsSearchBoxFocus = (state: unknown): boolean => asBoxState(state).focusSearchBox === true;
