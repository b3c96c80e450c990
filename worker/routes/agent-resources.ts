import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { agentActions } from './agents-actions';
import { agentAvatars } from './agents-avatar';
import { agentTools, plugins } from './agents-tools';

/** Agent avatar uploads bring their own body limit (the avatar limit), as user avatars do. */
export { isAgentAvatarUpload } from '../services/agents/avatar';

/**
 * What agents use besides themselves: their actions, the tools they can be given, and their
 * avatars. Mounted at `/api` before the agents and files routers, whose `/:id` routes would
 * otherwise take these paths; each sub-router checks who asks.
 */
export const agentResources = new Hono<AppEnv>()
  .route('/agents/actions', agentActions)
  .route('/agents/tools', agentTools)
  .route('/plugins', plugins)
  .route('/files/images/agents', agentAvatars);
