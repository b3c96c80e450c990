import { Hono } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { requireAuthWithPermissions, requirePermission } from '../middleware/permissions';
import { mcpPlugins } from '../services/agents/tools/mcp-listing';
import {
  builtinPlugins,
  findBuiltinPlugin,
  isSystemAuthenticated,
  isUserAuthenticated,
} from '../services/agents/tools/plugins';
import { loadUserToolValues } from '../services/agents/tools/user-tools';
import { loadAppConfig } from '../services/config/store';

/**
 * `/api/agents/tools`: the tools an agent can be given (TPlugin), MCP servers' tools first,
 * then the built-in tools this server runs; and whether a tool's credentials are set.
 */
export const agentTools = new Hono<AppEnv>()
  .use('*', requireAuthWithPermissions, requirePermission('AGENTS', 'USE'))
  .get('/', async (c) => {
    const userId = currentUser(c).id;
    const [config, values] = await Promise.all([loadAppConfig(c.env), loadUserToolValues(c.env, userId)]);
    return c.json([...(await mcpPlugins(config, c.env, userId)), ...builtinPlugins(config, c.env, values)]);
  })
  .get('/:toolId/auth', async (c) => {
    const plugin = findBuiltinPlugin(c.req.param('toolId'), await loadAppConfig(c.env));
    if (!plugin) throw new HttpError(404, 'Tool not found', ERROR_CODES.notFound);
    // The user's own values come first, as a send uses them before the operator's.
    if (isUserAuthenticated(plugin.pluginKey, await loadUserToolValues(c.env, currentUser(c).id)))
      return c.json({ authenticated: true, message: 'user_provided' });
    return c.json(
      isSystemAuthenticated(plugin.pluginKey, c.env)
        ? { authenticated: true, message: 'system_defined' }
        : { authenticated: false, message: 'user_provided' },
    );
  });

/** `/api/plugins`: LibreChat's older list of the built-in tools (no MCP tools in it). */
export const plugins = new Hono<AppEnv>().get('/', requireAuth, async (c) => {
  const [config, values] = await Promise.all([loadAppConfig(c.env), loadUserToolValues(c.env, currentUser(c).id)]);
  return c.json(builtinPlugins(config, c.env, values));
});
