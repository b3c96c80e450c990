/**
 * Sign-ins to OAuth actions during a run. A call with no token opens a flow in D1 (the hash of a
 * fresh state, the verifier the worker sealed, the run's user, action and conversation); the
 * authorization link, with the worker's S256 challenge, is shown on the call; the call waits
 * until the user's confirmation hands this object the access token, the wait ends, or the run
 * stops. The token is handed over (rather than read here) because tokens are sealed with a key
 * only the worker's services open. A token handed over serves the run's later calls of that action.
 */
import { openActionOAuthFlow } from '../../worker/db/action-oauth-flows';
import {
  authorizationLink,
  OAUTH_FLOW_TTL_S,
  randomSecret,
  sha256Url,
  type OAuthActionConfig,
} from '../../worker/agent-tools/actions/oauth';

interface Waiter {
  actionId: string;
  resolve(token: string): void;
}

export class ActionSignIns {
  private readonly tokens = new Map<string, string>();
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly deps: { db: D1Database; userId: string; conversationId: string }) {}

  /** The access token once the user signed in, or null when `config.waitMs` passed first; throws when `signal` fires. */
  async signIn(
    actionId: string,
    config: OAuthActionConfig,
    signal: AbortSignal,
    announce: (link: string, expiresAt: number) => void,
  ): Promise<string | null> {
    const known = this.tokens.get(actionId);
    if (known) return known;
    // Without the worker's PKCE pair there is nothing to sign in with.
    if (!config.pkce) return null;
    const state = randomSecret();
    const { userId, conversationId } = this.deps;
    const now = Date.now();
    await openActionOAuthFlow(this.deps.db, {
      stateHash: await sha256Url(state),
      userId,
      actionId,
      conversationId,
      redirectUri: config.redirectUri,
      verifier: config.pkce.sealedVerifier,
      expiresAt: now + OAUTH_FLOW_TTL_S * 1000,
    });
    const link = authorizationLink(config, config.pkce.challenge, state);
    signal.throwIfAborted();
    announce(link, now + config.waitMs);
    return new Promise<string | null>((resolve, reject) => {
      const settle = (end: () => void) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
        end();
      };
      const waiter: Waiter = { actionId, resolve: (token) => settle(() => resolve(token)) };
      const onAbort = () => settle(() => reject(signal.reason));
      const timer = setTimeout(() => settle(() => resolve(null)), config.waitMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** The user confirmed a sign-in of `userId` to `actionId`: false when this run is another user's. */
  signedIn(userId: string, actionId: string, accessToken: string): boolean {
    if (userId !== this.deps.userId) return false;
    this.tokens.set(actionId, accessToken);
    for (const waiter of [...this.waiters]) if (waiter.actionId === actionId) waiter.resolve(accessToken);
    return true;
  }
}
