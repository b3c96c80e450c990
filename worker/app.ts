import { Hono } from 'hono';
import type { AppEnv } from './env';
import { bodyLimit } from './middleware/body-limit';
import { handleError, handleNotFound } from './middleware/errors';
import { requestLogging } from './middleware/logging';
import { securityHeadersMiddleware } from './middleware/security-headers';
import { agentResources, isAgentAvatarUpload } from './routes/agent-resources';
import { agents } from './routes/agents';
import { agentsChat } from './routes/agents-chat';
import { actionsOAuth } from './routes/actions-oauth';
import { agentToolCalls } from './routes/agents-tool-calls';
import { assistantAvatarsGone, assistantsGone } from './routes/assistants-gone';
import { ask } from './routes/ask';
import { avatar } from './routes/avatar';
import { balance } from './routes/balance';
import { convos } from './routes/convos';
import { convosImport, CONVOS_IMPORT_PATH } from './routes/convos-import';
import { convosFork } from './routes/convos-fork';
import { files } from './routes/files';
import { isPartUpload } from './routes/files-parts';
import { UPLOAD_PATHS } from './routes/files-upload';
import { STT_PATH } from './routes/speech';
import { cspReport } from './routes/csp-report';
import { auth } from './routes/auth';
import { publicConfig } from './routes/config';
import { health } from './routes/health';
import { user } from './routes/user';
import { keys } from './routes/keys';
import { messages, MESSAGES_ROUTE_PREFIX } from './routes/messages';
import { models } from './routes/models';
import { oauth } from './routes/oauth';
import { presets } from './routes/presets';
import { prompts } from './routes/prompts';
import { publicPages, publicPagesApi } from './routes/public-pages';
import { share } from './routes/share';
import { sharePage } from './routes/share-page';
import { tags } from './routes/tags';
import { roles } from './routes/roles';
import { spa } from './routes/spa';
import { tokenizer } from './routes/tokenizer';
import { twoFactor } from './routes/two-factor';
import { webManifestRoute } from './routes/web-manifest';
import { AVATAR_ROUTE_PREFIX } from './services/avatar/avatar';
import { CSP_REPORT_PATH } from './services/security/policy';

const app = new Hono<AppEnv>();

app.use('*', requestLogging);
// Every response, errors and not-found answers included, gets the headers of its kind.
app.use('*', securityHeadersMiddleware);
const jsonBodyLimit = bodyLimit();
// The avatar upload and the conversation import mount their own limits (the config's
// avatarSizeLimit, 2 MB by default; the import file bound of services/import/limits.ts).
const ownBodyLimit = new Set([AVATAR_ROUTE_PREFIX, CONVOS_IMPORT_PATH]);
// File uploads stream their body and count its bytes themselves (routes/files-upload.ts).
const isUpload = (method: string, path: string) =>
  (method === 'POST' && (UPLOAD_PATHS.has(path) || path === STT_PATH)) ||
  isPartUpload(method, path) ||
  isAgentAvatarUpload(method, path);
app.use('/api/*', (c, next) =>
  ownBodyLimit.has(c.req.path) || isUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next),
);

app
  .route('/health', health)
  .route('/api', publicConfig)
  .route('/oauth', oauth)
  // Before any /api/auth and /api/files routers, so their middleware never runs for these.
  .route('/api/auth/2fa', twoFactor)
  .route(AVATAR_ROUTE_PREFIX, avatar)
  .route('/api/files/images/assistants', assistantAvatarsGone)
  .route('/api/agents/tools', agentToolCalls)
  .route('/api', agentResources)
  .route('/api/files', files)
  .route('/api/roles', roles)
  .route('/api/keys', keys)
  .route('/api/balance', balance)
  .route('/api/auth', auth)
  .route('/api/user', user)
  .route('/api/convos', convosImport)
  .route('/api/convos', convosFork)
  .route('/api/convos', convos)
  .route('/api/presets', presets)
  .route('/api/prompts', prompts)
  .route('/api/share', share)
  .route('/share', sharePage)
  .route('/api/pages', publicPagesApi)
  .route('/api/tags', tags)
  // Before the agents router, whose middleware would otherwise run for these too.
  .route('/api/agents/chat', agentsChat)
  .route('/api/agents', agents)
  .route('/api/actions', actionsOAuth)
  .route('/api/assistants', assistantsGone)
  .route(MESSAGES_ROUTE_PREFIX, messages)
  .route('/api/models', models)
  .route('/api/tokenizer', tokenizer)
  .route(CSP_REPORT_PATH, cspReport)
  .route('/api', ask)
  // The seven public pages, server-rendered; before the SPA, which takes them over.
  .route('/', publicPages)
  // The installable app's manifest, named after APP_TITLE.
  .route('/', webManifestRoute)
  // Last: the SPA's pages for every other GET (wrangler.toml runs the Worker first for them).
  .route('/', spa);

app.notFound(handleNotFound);
app.onError(handleError);

export default app;
