import type { ConversationDO } from '../durable-objects/conversation/conversation-do';
import type { UserRow } from './db/users';
import type { Logger } from './logging/logger';

/**
 * The Worker's environment: the bindings declared in wrangler.toml (generated into
 * worker-configuration.d.ts by `npm run types`) plus the variables and secrets an operator sets
 * in `.dev.vars` or with `wrangler secret put`. Variable names are LibreChat's, so operators
 * migrating from it reuse their `.env`. Every variable is optional: code decides its default.
 */
export interface EnvVars {
  // App identity and public URLs
  APP_TITLE?: string;
  DOMAIN_CLIENT?: string;
  DOMAIN_SERVER?: string;
  HELP_AND_FAQ_URL?: string;
  SHOW_BIRTHDAY_ICON?: string;
  ANALYTICS_GTM_ID?: string;
  CUSTOM_FOOTER?: string;
  // Secrets
  JWT_SECRET?: string;
  JWT_REFRESH_SECRET?: string;
  CREDS_KEY?: string;
  CREDS_IV?: string;
  SESSION_EXPIRY?: string;
  REFRESH_TOKEN_EXPIRY?: string;
  // Registration and login
  ALLOW_EMAIL_LOGIN?: string;
  ALLOW_REGISTRATION?: string;
  ALLOW_SOCIAL_LOGIN?: string;
  ALLOW_SOCIAL_REGISTRATION?: string;
  ALLOW_PASSWORD_RESET?: string;
  ALLOW_UNVERIFIED_EMAIL_LOGIN?: string;
  ALLOW_SHARED_LINKS?: string;
  ALLOW_SHARED_LINKS_PUBLIC?: string;
  // Social login (OAuth2 / OpenID Connect)
  DISCORD_CLIENT_ID?: string;
  DISCORD_CLIENT_SECRET?: string;
  FACEBOOK_CLIENT_ID?: string;
  FACEBOOK_CLIENT_SECRET?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_KEY_ID?: string;
  APPLE_PRIVATE_KEY?: string;
  OPENID_CLIENT_ID?: string;
  OPENID_CLIENT_SECRET?: string;
  OPENID_ISSUER?: string;
  OPENID_SCOPE?: string;
  OPENID_BUTTON_LABEL?: string;
  OPENID_IMAGE_URL?: string;
  OPENID_AUTO_REDIRECT?: string;
  // Captcha (Turnstile): the secret that checks tokens, and where (default: Cloudflare's siteverify)
  TURNSTILE_SECRET_KEY?: string;
  TURNSTILE_VERIFY_URL?: string;
  // Email
  EMAIL_SERVICE?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  EMAIL_FROM_NAME?: string;
  // Content Security Policy: extra origins (comma- or space-separated), see README
  CSP_IMG_ORIGINS?: string;
  CSP_SCRIPT_ORIGINS?: string;
  CSP_FRAME_ORIGINS?: string;
  CSP_REPORT_MAX?: string;
  CSP_REPORT_WINDOW?: string;
  // Search
  SEARCH?: string;
  // Agent tools: exact host:port pairs tools may reach past the private-address checks (never
  // defaulted), and the DNS-over-HTTPS resolver the tools' outbound guard asks
  TOOLS_PRIVATE_HOSTS?: string;
  TOOLS_DNS_RESOLVER_URL?: string;
  // Providers
  ENDPOINTS?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODELS?: string;
  OPENAI_REVERSE_PROXY?: string;
  OPENAI_TITLE_MODEL?: string;
  OPENAI_ORGANIZATION?: string;
  AZURE_API_KEY?: string;
  AZURE_OPENAI_API_INSTANCE_NAME?: string;
  AZURE_OPENAI_API_DEPLOYMENT_NAME?: string;
  AZURE_OPENAI_API_VERSION?: string;
  AZURE_OPENAI_MODELS?: string;
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_MODELS?: string;
  ANTHROPIC_REVERSE_PROXY?: string;
  ANTHROPIC_TITLE_MODEL?: string;
  GOOGLE_KEY?: string;
  GOOGLE_MODELS?: string;
  GOOGLE_REVERSE_PROXY?: string;
  GOOGLE_TITLE_MODEL?: string;
  BEDROCK_AWS_DEFAULT_REGION?: string;
  BEDROCK_AWS_ACCESS_KEY_ID?: string;
  BEDROCK_AWS_SECRET_ACCESS_KEY?: string;
  BEDROCK_AWS_SESSION_TOKEN?: string;
  BEDROCK_AWS_MODELS?: string;
  // Speech engines' keys when librechat.yaml's `speech` section leaves them empty
  STT_API_KEY?: string;
  TTS_API_KEY?: string;
  // Built-in agent tools (LibreChat's names; worker/agent-tools/builtins/manifest.ts)
  TAVILY_API_KEY?: string;
  SEARXNG_INSTANCE_URL?: string;
  SEARXNG_API_KEY?: string;
  SERPER_API_KEY?: string;
  IMAGE_GEN_OAI_API_KEY?: string;
  IMAGE_GEN_OAI_BASEURL?: string;
  IMAGE_GEN_OAI_MODEL?: string;
  // Limits (LibreChat's names)
  LOGIN_MAX?: string;
  LOGIN_WINDOW?: string;
  REGISTER_MAX?: string;
  REGISTER_WINDOW?: string;
  RESET_PASSWORD_MAX?: string;
  RESET_PASSWORD_WINDOW?: string;
  VERIFY_EMAIL_MAX?: string;
  VERIFY_EMAIL_WINDOW?: string;
  CONCURRENT_MESSAGE_MAX?: string;
  LIMIT_CONCURRENT_MESSAGES?: string;
  MESSAGE_IP_MAX?: string;
  MESSAGE_IP_WINDOW?: string;
  MESSAGE_USER_MAX?: string;
  MESSAGE_USER_WINDOW?: string;
  LIMIT_MESSAGE_IP?: string;
  LIMIT_MESSAGE_USER?: string;
  TTS_IP_MAX?: string;
  TTS_IP_WINDOW?: string;
  TTS_USER_MAX?: string;
  TTS_USER_WINDOW?: string;
  STT_IP_MAX?: string;
  STT_IP_WINDOW?: string;
  STT_USER_MAX?: string;
  STT_USER_WINDOW?: string;
  BAN_VIOLATIONS?: string;
  BAN_DURATION?: string;
  BAN_INTERVAL?: string;
  // Set by `npm start` for local development: relaxes cookie `Secure` and similar.
  ENVIRONMENT?: string;
  // `true`: one `resource_usage` log line per request and per run (logging/resource-meter.ts).
  LOG_RESOURCE_USAGE?: string;
  // `true` once D1 read replication is on for the database: a send reads from a replica.
  D1_READ_REPLICATION?: string;
}

/** The conversation DO binding, typed so its stubs are called as RPC methods. */
export type Env = Omit<CloudflareBindings, 'CONVERSATION'> &
  EnvVars & { CONVERSATION: DurableObjectNamespace<ConversationDO> };

/** Per-request values set by middleware. */
export interface RequestVariables {
  requestId: string;
  /** The request's logger: every line carries `requestId`. */
  log: Logger;
  /** The signed-in account, set by `requireAuth` / `optionalAuth`. */
  user?: UserRow;
  /** The account id of a valid access token, set by `requireToken` (the account is not read yet). */
  tokenUserId?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: RequestVariables;
}
