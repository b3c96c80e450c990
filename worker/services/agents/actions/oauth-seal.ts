/**
 * The secrets of an OAuth action's sign-in at rest in `action_oauth_flows`, sealed with CREDS_KEY.
 * Each is bound to what it belongs to (additional data), so a value copied to another flow,
 * user or action does not open: the verifier to its user and action, the code to its flow.
 */
import type { EnvVars } from '../../../env';
import { openSealedString, sealString } from '../../crypto/aes-gcm';
import { credsAesKey } from '../../crypto/creds-key';

type KeyEnv = Pick<EnvVars, 'CREDS_KEY'>;

const verifierContext = (userId: string, actionId: string) =>
  JSON.stringify(['action_oauth_verifier', userId, actionId]);
const codeContext = (stateHash: string) => JSON.stringify(['action_oauth_code', stateHash]);

export async function sealVerifier(env: KeyEnv, userId: string, actionId: string, verifier: string): Promise<string> {
  return sealString(await credsAesKey(env), verifier, verifierContext(userId, actionId));
}

export async function openVerifier(env: KeyEnv, userId: string, actionId: string, sealed: string) {
  return openSealedString(await credsAesKey(env), sealed, verifierContext(userId, actionId));
}

export async function sealCode(env: KeyEnv, stateHash: string, code: string): Promise<string> {
  return sealString(await credsAesKey(env), code, codeContext(stateHash));
}

export async function openCode(env: KeyEnv, stateHash: string, sealed: string): Promise<string | null> {
  return openSealedString(await credsAesKey(env), sealed, codeContext(stateHash));
}
