import { Hono } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { mcpPlugins } from '../services/agents/tools/mcp-listing';
import { builtinPlugins, findBuiltinPlugin, isSystemAuthenticated } from '../services/agents/tools/plugins';
import { loadAppConfig } from '../services/config/store';

/**
 * `/api/agents/tools`: the tools an agent can be given (TPlugin), MCP servers' tools first,
 * then the built-in tools this server runs; and whether a tool's credentials are set.
 */
export const agentTools = new Hono<AppEnv>()
  .use('*', requireAuth, requirePermission('AGENTS', 'USE'))
  .get('/', async (c) => {
    const config = await loadAppConfig(c.env);
    return c.json([...(await mcpPlugins(config, c.env, currentUser(c).id)), ...builtinPlugins(config, c.env)]);
  })
  .get('/:toolId/auth', async (c) => {
    const plugin = findBuiltinPlugin(c.req.param('toolId'), await loadAppConfig(c.env));
    if (!plugin) throw new HttpError(404, 'Tool not found', ERROR_CODES.notFound);
    // Users cannot store their own tool keys yet: a tool is ready when the operator's env covers it.
    return c.json(
      isSystemAuthenticated(plugin.pluginKey, c.env)
        ? { authenticated: true, message: 'system_defined' }
        : { authenticated: false, message: 'user_provided' },
    );
  });

/** `/api/plugins`: LibreChat's older list of the built-in tools (no MCP tools in it). */
export const plugins = new Hono<AppEnv>().get('/', requireAuth, async (c) =>
  c.json(builtinPlugins(await loadAppConfig(c.env), c.env)),
);
