import type { D1Migration } from 'cloudflare:test';
import type { EnvVars } from '../env';

declare global {
  namespace Cloudflare {
    interface Env extends EnvVars {
      /** Migrations read by vitest.config.mts and applied by apply-migrations.ts. */
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import('../index');
      durableNamespaces: 'ConversationDO';
    }
  }
}
