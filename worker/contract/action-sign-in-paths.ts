/**
 * Where an OAuth action's sign-in ends (see action-sign-in.ts): plain constants, so the SPA's
 * first chunk can name the page without carrying zod.
 */
export const ACTION_SIGN_IN_PAGE = '/actions/signed-in';
export const ACTION_SIGN_IN_CONFIRM_PATH = '/api/actions/oauth/confirm';
