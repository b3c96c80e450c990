import { errorMessage, log } from '../../logging/logger';
import { sweepStaleLimits } from '../rate-limit/counter';
import { deleteExpiredConversations } from './expire';

/**
 * The Worker's `scheduled` handler (cron trigger in wrangler.toml, every 30 minutes): deletes
 * expired temporary chats, and the rate limits' counters and bans that can no longer matter
 * (here rather than on a request's way). The work is bounded per run; a backlog is finished by
 * the following runs. A failure is logged and rethrown so the Cron Events log shows it.
 */
export async function handleScheduled(
  controller: Pick<ScheduledController, 'scheduledTime' | 'cron'>,
  env: { DB: D1Database; FILES: R2Bucket },
): Promise<void> {
  const [conversations, limits] = await Promise.allSettled([
    deleteExpiredConversations(env, controller.scheduledTime).then((result) =>
      log.info('expired_conversations_deleted', { cron: controller.cron, ...result }),
    ),
    sweepStaleLimits(env.DB, controller.scheduledTime).then((swept) =>
      log.info('stale_limits_swept', { cron: controller.cron, ...swept }),
    ),
  ]);
  if (limits.status === 'rejected')
    log.error('stale_limits_sweep_failed', { cron: controller.cron, error: errorMessage(limits.reason) });
  if (conversations.status === 'rejected') {
    log.error('expired_conversations_failed', { cron: controller.cron, error: errorMessage(conversations.reason) });
    throw conversations.reason;
  }
  if (limits.status === 'rejected') throw limits.reason;
}
