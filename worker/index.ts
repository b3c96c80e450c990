import app from './app';
import type { Env } from './env';
import { isMeteringOn } from './logging/resource-meter';
import { meteredFetch } from './metered-fetch';
import { handleScheduled } from './services/conversations/scheduled';

export { ConversationDO } from '../durable-objects/conversation/conversation-do';

export default {
  fetch: (request, env, ctx) =>
    isMeteringOn(env) ? meteredFetch(app.fetch, request, env, ctx) : app.fetch(request, env, ctx),
  // Cron trigger (wrangler.toml): deletes expired temporary chats.
  scheduled: (controller, env) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env>;
