/** The app's librechat.yaml in tests: stored in KV as an operator's `config:push` stores it. */
import { env } from 'cloudflare:test';
import { parseAppConfig } from '../services/config/parse';
import { APP_CONFIG_KV_KEY, resetConfigCacheForTests, saveAppConfig } from '../services/config/store';

/** Stores `yaml` as the config (a config error fails the test) and drops the isolate's cached copy. */
export async function storeAppConfig(yaml: string): Promise<void> {
  const parsed = parseAppConfig(yaml);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  await saveAppConfig(env.CONFIG, parsed.config);
  resetConfigCacheForTests();
}

/** No config at all: the defaults apply. */
export async function clearAppConfig(): Promise<void> {
  await env.CONFIG.delete(APP_CONFIG_KV_KEY);
  resetConfigCacheForTests();
}
