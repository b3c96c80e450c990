import app from './app';
import type { Env } from './env';

export { ConversationDO } from '../durable-objects/conversation/conversation-do';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
