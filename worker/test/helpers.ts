import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import app from '../app';
import type { EnvVars } from '../env';

/**
 * Calls the app in-process with the test bindings plus `vars` as environment variables, so a
 * test can describe the deployment it needs (keys set, flags switched) without global state.
 */
export async function callApp(path: string, init: RequestInit = {}, vars: EnvVars = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://app.test${path}`, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
