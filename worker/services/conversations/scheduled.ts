import { errorMessage, log } from '../../logging/logger';
import { deleteExpiredConversations } from './expire';

/**
 * The Worker's `scheduled` handler (cron trigger in wrangler.toml, every 30 minutes): deletes
 * expired temporary chats. The work is bounded per run; a backlog is finished by the
 * following runs. A failure is logged and rethrown so the Cron Events log shows it.
 */
export async function handleScheduled(
  controller: Pick<ScheduledController, 'scheduledTime' | 'cron'>,
  env: { DB: D1Database; FILES: R2Bucket },
): Promise<void> {
  try {
    const result = await deleteExpiredConversations(env, controller.scheduledTime);
    log.info('expired_conversations_deleted', { cron: controller.cron, ...result });
  } catch (error) {
    log.error('expired_conversations_failed', { cron: controller.cron, error: errorMessage(error) });
    throw error;
  }
}
