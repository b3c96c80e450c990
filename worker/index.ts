import app from './app';
import type { Env } from './env';
import { handleScheduled } from './services/conversations/scheduled';

export { ConversationDO } from '../durable-objects/conversation/conversation-do';

export default {
  fetch: app.fetch,
  // Cron trigger (wrangler.toml): deletes expired temporary chats.
  scheduled: (controller, env) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env>;
