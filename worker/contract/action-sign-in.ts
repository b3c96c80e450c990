import { z } from 'zod';

/**
 * Signing in to an OAuth action. The identity provider sends the browser to the public callback
 * `GET /api/actions/{action_id}/oauth/callback`, which only records the code and redirects to
 * the app's page `ACTION_SIGN_IN_PAGE` (action-sign-in-paths.ts) with the state. That page, signed
 * in, confirms with `POST ACTION_SIGN_IN_CONFIRM_PATH`: only the user whose run opened the flow, from the
 * browser that carried the code, turns it into tokens.
 *
 * Failures answer the API's error shape with a status the page tells apart: 404 no such sign-in
 * for this user, 409 already used, 410 expired, 400 not completed at the provider (or no code
 * came back to this browser), 502 the token exchange failed.
 */

/** States are 43 characters of base64url; anything much longer is not one of ours. */
export const actionSignInConfirmBodySchema = z.object({ state: z.string().min(1).max(256) }).strict();
export type ActionSignInConfirmBody = z.infer<typeof actionSignInConfirmBodySchema>;

/** `host`: the sign-in site's host, for "You are signed in to {host}"; `conversationId`: the chat that asked. */
export interface ActionSignInConfirmResponse {
  host: string;
  conversationId: string;
}
