/**
 * A send, from validated body to the run's stream: endpoint, conversation owner, mode, model,
 * credentials, limits — then the RunSpec is handed to the conversation's Durable Object (whose
 * request was opened before the reads, see run-request.ts) and its stream returned. Client
 * mistakes are HTTP errors (400 unknown endpoint or inconsistent body, 404 someone else's
 * conversation, 409 a run already live); refusals the client shows in the chat (keys, limits,
 * illegal model) are an SSE `event: error`.
 */
import { SSE_HEADERS } from '../../contract/stream';
import { releaseLeaseStatement } from '../../db/leases';
import { errorText } from '../../engine/error-text';
import { ChatInputError, ChatRefusal } from '../../engine/refusal';
import { RUN_ALREADY_LIVE } from '../../engine/run-spec';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import { ProviderError } from '../../providers/types';
import type { AppConfig } from '../config/schema';
import { loadAppConfig } from '../config/store';
import { ipSubject } from '../rate-limit/client-ip';
import { unsavedLiveConversation } from './attach';
import { checkAddedSend, isAddedSend } from './added-send';
import { addedLaneName } from './conversation-access';
import { readSendAttachments } from './attachments';
import { messageFilesRefusal } from './attachment-limits';
import { effectiveFileConfig } from '../files/file-config';
import { ERROR_CODES } from '../../contract/errors';
import { modelSeesImages } from '../../contract/vision';
import { contextWindowTokens } from './context-window';
import { allowedModels, defaultModel, endpointSettings, identifyEndpoint, type ChatEndpoint } from './endpoint';
import { resolveChatLimits } from './limits';
import { refusalResponse } from './refusal-stream';
import { isNewConversationId, type SendBody } from '../../contract/chat-request';
import { planSend, type SendPlan } from './run-mode';
import { openRun, type PendingRun } from './run-request';
import { readForSend } from './send-reads';
import { isTrue } from '../env-flags';
import { responseSender } from './sender';
import { buildRunSpec } from './spec-builder';
import { credentialNeeds, resolveProviderTarget } from './targets';
import { titleSpecFor } from './titles';
import { branchLeaf } from './turn';
import { loadUserCredentials } from './user-credentials';
import { planAgentSend, type AgentRoute, type AgentSend } from '../agents/agent-send';
import { agentRunSpec } from '../agents/agent-run-spec';
import { withChain } from '../agents/chain-send';
import { planPluginsSend } from '../agents/plugins-send';

export interface SendInput {
  env: Env;
  /** The access token's account id; the account itself is read here, with the other reads. */
  userId: string;
  /** The path's endpoint segment, or `bedrock` for /api/bedrock/chat. */
  routeEndpoint: string;
  body: SendBody;
  /** The `cf-connecting-ip` header. */
  clientIp: string | undefined;
  /** The request's id, carried into the run so the DO's log lines join the request's. */
  requestId?: string;
  /** A send to an agent (`/api/agents/chat[/{endpoint}]`); absent for the ordinary routes. */
  agent?: AgentRoute;
}

export async function startSend(input: SendInput): Promise<Response> {
  const { env, routeEndpoint, body } = input;
  const config = await loadAppConfig(env);
  const agent = input.agent ? await agentOrRefusal(input, input.agent, config) : null;
  if (agent instanceof Response) return agent;
  const endpoint = agent?.endpoint ?? identifyEndpoint(routeEndpoint, body.endpoint, config, env);
  if (!endpoint)
    throw new HttpError(
      400,
      `Unknown endpoint: ${routeEndpoint === 'custom' ? body.endpoint : routeEndpoint}`,
      'unknown_endpoint',
    );

  // A turn's second reply names its conversation, which may be a new one not saved yet.
  const added = isAddedSend(body) ? await checkAddedSend(env, input.userId, body) : null;
  const isNew = added ? !added.saved : isNewConversationId(body.conversationId);
  // Checked before anything is counted: an inconsistent body is the client's mistake (400).
  const plan = planSend(body, isNew);
  const model = agent?.model ?? body.model ?? defaultModel(endpoint, config, env) ?? '';
  const conversationId =
    added?.conversationId ?? (isNew || !body.conversationId ? crypto.randomUUID() : body.conversationId);
  // The conversation's object is reached while the reads run; every way out that does not
  // start the run cancels that request (a no-op once started).
  const run = openRun(env, added ? addedLaneName(conversationId) : conversationId);
  try {
    return await readThenRun(
      { ...input, config, endpoint, isNew, plan, model, conversationId, agentSend: agent, added },
      run,
    );
  } finally {
    // Not awaited: the object's answer to an empty body is of no interest.
    void run.cancel();
  }
}

interface ResolvedSend extends SendInput {
  config: AppConfig;
  /** The turn's second reply (added-send.ts), or null. */
  added: { conversationId: string; saved: boolean } | null;
  endpoint: ChatEndpoint;
  isNew: boolean;
  plan: SendPlan;
  model: string;
  /** The conversation continued, or the new one's id. */
  conversationId: string;
  agentSend: AgentSend | null;
}

/** The agent's part of the send, or the refusal the client shows (a provider this server does not offer). */
async function agentOrRefusal(input: SendInput, route: AgentRoute, config: AppConfig): Promise<AgentSend | Response> {
  const { env, userId, routeEndpoint, body } = input;
  try {
    if (route.kind === 'plugins') return planPluginsSend({ env, config, userId, body });
    return await planAgentSend({ env, config, userId, routeEndpoint, body, route });
  } catch (error) {
    if (!(error instanceof ChatRefusal)) throw error;
    const conversationId = isNewConversationId(body.conversationId) ? null : (body.conversationId ?? null);
    return refusalResponse(body, conversationId, 'Agent', errorText(error, 'system'));
  }
}

async function readThenRun(send: ResolvedSend, run: PendingRun): Promise<Response> {
  const { env, userId, body, config, endpoint, isNew, plan, model, conversationId, agentSend, added } = send;
  const runId = crypto.randomUUID();
  const now = Date.now();
  const allowed = allowedModels(endpoint, config, env);
  const needs = credentialNeeds(endpoint, model, env, config);
  const leaf = branchLeaf(plan);
  const maxContextTokens = contextWindowTokens(model, body.maxContextTokens);
  // The account, the owner check, the branch and the limits are one D1 batch; the user's key
  // (only for endpoints that need one) is read beside it.
  const [readsOutcome, credentialsRead] = await Promise.allSettled([
    readForSend(env.DB, {
      userId,
      conversationId: isNew ? null : conversationId,
      branch: leaf === null ? null : { leafId: leaf, tokenBudget: maxContextTokens },
      limits: resolveChatLimits(env),
      subjects: { userId, ipSubject: ipSubject(send.clientIp), runId },
      now,
      readReplicas: isTrue(env.D1_READ_REPLICATION),
    }),
    needs.key || needs.url ? loadUserCredentials(env, userId, endpoint.name, needs, now) : Promise.resolve({}),
  ]);
  if (readsOutcome.status === 'rejected') throw readsOutcome.reason;
  const reads = readsOutcome.value;
  if (reads.status === 'no_user') throw new HttpError(401, 'Unauthorized', 'unauthorized');
  if (reads.status === 'no_conversation') {
    if (await unsavedLiveConversation(env, userId, conversationId))
      throw new HttpError(409, RUN_ALREADY_LIVE, 'conflict');
    throw new HttpError(404, 'Conversation not found', 'not_found');
  }
  const { user, existing, history, limits } = reads;
  const leaseKey = 'leaseKey' in limits ? limits.leaseKey : null;
  // From here on the run may not start: its concurrency slot is freed on every way out.
  const release = async () => {
    if (leaseKey) await releaseLeaseStatement(env.DB, leaseKey).run();
  };
  const sender = agentSend?.saved?.name ?? responseSender(endpoint, model, body);
  try {
    if (model === '' || (allowed && !allowed.includes(model))) throw new ChatRefusal({ type: 'illegal_model_request' });
    if (credentialsRead.status === 'rejected') throw credentialsRead.reason;
    if ('refusal' in limits) throw limits.refusal;
    const credentials = credentialsRead.value;
    const seesImages = modelSeesImages(model, endpointSettings(endpoint, config).visionModels);
    // After the limits: a refused send reads nothing more. None for a send without files.
    const attachments = await readSendAttachments(env.DB, {
      userId,
      sentIds: plan.mode === 'normal' ? (body.files ?? []).map((file) => file.file_id) : [],
      requestMessage: plan.mode === 'normal' ? undefined : history.get(plan.parentMessageId),
      branch: history.values(),
      resend: body.resendFiles !== false,
      seesImages,
    });
    if (attachments.sent.length > 0) {
      const filesRefused = messageFilesRefusal(effectiveFileConfig(config), endpoint.name, {
        files: attachments.sentFiles,
        model,
        seesImages,
      });
      if (filesRefused) throw new HttpError(400, filesRefused, ERROR_CODES.validation);
    }
    const headerUser = { id: user.id, email: user.email };
    const provider = resolveProviderTarget({
      endpoint,
      model,
      env,
      config,
      user: credentials,
      headerUser,
      region: body.region,
    });
    const spec = buildRunSpec({
      runId,
      user,
      body,
      plan,
      conversationId,
      existing,
      history,
      attachments,
      endpoint,
      model,
      maxContextTokens,
      sender,
      provider,
      keySource: needs.key ? 'user' : 'system',
      title:
        existing === null && !added
          ? titleSpecFor({ endpoint, model, target: provider, env, config, user: credentials, headerUser })
          : null,
      balance: config.balance.enabled ? config.balance : null,
      leaseKey,
      now,
      requestId: send.requestId,
      agent: agentSend
        ? {
            run: await withChain(agentRunSpec(agentSend, model, await agentSend.tools), agentSend, {
              env,
              config,
              userId,
              headerUser,
              now,
            }),
            saved: agentSend.saved,
            savedEndpoint: agentSend.savedEndpoint,
            system: agentSend.system,
            parameters: agentSend.parameters,
          }
        : null,
    });
    const response = await run.start(spec);
    if (response.ok && response.body) return new Response(response.body, { headers: SSE_HEADERS });
    const message = await response.json<{ message?: string }>().catch(() => ({ message: undefined }));
    throw new HttpError(
      response.status === 409 ? 409 : 500,
      message.message ?? 'The reply could not be started.',
      response.status === 409 ? 'conflict' : 'internal_error',
    );
  } catch (error) {
    await release();
    if (error instanceof ChatRefusal || error instanceof ProviderError || error instanceof ChatInputError) {
      return refusalResponse(body, existing ? conversationId : null, sender, errorText(error, 'system'));
    }
    throw error;
  }
}
