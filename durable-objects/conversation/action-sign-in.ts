/**
 * Sign-ins to OAuth actions during a run. A call with no token opens a flow: its state (only
 * its hash is stored) and PKCE verifier go to KV for the callback, with a short TTL; the
 * authorization link is shown on the call; the call waits until the callback hands this object
 * the user's access token, the wait ends, or the run stops. The callback hands the token over
 * (rather than this object reading the stored one) because the tokens are sealed with a key only
 * the worker's services open. A token handed over serves the run's later calls of that action.
 */
import {
  authorizationLink,
  OAUTH_FLOW_TTL_S,
  oauthFlowKey,
  randomSecret,
  sha256Url,
  type OAuthActionConfig,
  type OAuthFlow,
} from '../../worker/agent-tools/actions/oauth';

interface Waiter {
  actionId: string;
  resolve(token: string): void;
}

export class ActionSignIns {
  private readonly tokens = new Map<string, string>();
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly deps: { kv: KVNamespace; userId: string; conversationId: string }) {}

  /** The access token once the user signed in, or null when `config.waitMs` passed first; throws when `signal` fires. */
  async signIn(
    actionId: string,
    config: OAuthActionConfig,
    signal: AbortSignal,
    announce: (link: string, expiresAt: number) => void,
  ): Promise<string | null> {
    const known = this.tokens.get(actionId);
    if (known) return known;
    const state = randomSecret();
    const verifier = randomSecret();
    const { userId, conversationId } = this.deps;
    const now = Date.now();
    const flow: OAuthFlow = {
      userId,
      actionId,
      conversationId,
      verifier,
      redirectUri: config.redirectUri,
      expiresAt: now + OAUTH_FLOW_TTL_S * 1000,
    };
    await this.deps.kv.put(oauthFlowKey(await sha256Url(state)), JSON.stringify(flow), {
      expirationTtl: OAUTH_FLOW_TTL_S,
    });
    const link = await authorizationLink(config, state, verifier);
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

  /** The callback signed `userId` in to `actionId`: false when this run is another user's. */
  signedIn(userId: string, actionId: string, accessToken: string): boolean {
    if (userId !== this.deps.userId) return false;
    this.tokens.set(actionId, accessToken);
    for (const waiter of [...this.waiters]) if (waiter.actionId === actionId) waiter.resolve(accessToken);
    return true;
  }
}
