import { parseAppConfig } from '../../config/parse';
import type { AppConfig } from '../../config/schema';

export function parseConfigOrThrow(yaml: string): AppConfig {
  const parsed = parseAppConfig(yaml);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
}
