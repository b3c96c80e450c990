import { z } from 'zod';
import { authTypeSchema } from './endpoints';
import { conversationOptionsSchema } from './conversation';

/** Links shown to people must be web links: `javascript:` and friends are refused. */
const webUrl = z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' });

/** `interface` section of the config: toggles that hide parts of the UI (all default true). */
export const interfaceConfigSchema = z.object({
  privacyPolicy: z.object({ externalUrl: webUrl.optional(), openNewTab: z.boolean().optional() }).optional(),
  termsOfService: z
    .object({
      externalUrl: webUrl.optional(),
      openNewTab: z.boolean().optional(),
      modalAcceptance: z.boolean().optional(),
      modalTitle: z.string().optional(),
      modalContent: z.string().optional(),
    })
    .optional(),
  customWelcome: z.string().optional(),
  endpointsMenu: z.boolean().optional(),
  modelSelect: z.boolean().optional(),
  parameters: z.boolean().optional(),
  sidePanel: z.boolean().optional(),
  multiConvo: z.boolean().optional(),
  bookmarks: z.boolean().optional(),
  presets: z.boolean().optional(),
  prompts: z.boolean().optional(),
  agents: z.boolean().optional(),
  temporaryChat: z.boolean().optional(),
  runCode: z.boolean().optional(),
});
export type InterfaceConfig = z.infer<typeof interfaceConfigSchema>;

/** The UI toggles and their default, used when the config leaves one out. */
export const INTERFACE_TOGGLES = [
  'endpointsMenu',
  'modelSelect',
  'parameters',
  'sidePanel',
  'multiConvo',
  'bookmarks',
  'presets',
  'prompts',
  'agents',
  'temporaryChat',
  'runCode',
] as const;

/** A named configuration shown in the model menu. */
export const modelSpecSchema = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  preset: conversationOptionsSchema.extend({ endpoint: z.string().min(1) }),
  order: z.number().optional(),
  default: z.boolean().optional(),
  description: z.string().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  iconURL: z.string().optional(),
  authType: authTypeSchema.optional(),
});
export type ModelSpec = z.infer<typeof modelSpecSchema>;

export const modelSpecsConfigSchema = z.object({
  enforce: z.boolean().optional(),
  prioritize: z.boolean().optional(),
  list: z.array(modelSpecSchema).min(1),
});

export const REFILL_INTERVAL_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;

/** Token balance settings, with LibreChat's defaults applied. */
export const balanceConfigSchema = z.object({
  enabled: z.boolean().default(false),
  startBalance: z.number().min(0).default(20000),
  autoRefillEnabled: z.boolean().default(false),
  refillIntervalValue: z.number().min(0).default(30),
  refillIntervalUnit: z.enum(REFILL_INTERVAL_UNITS).default('days'),
  refillAmount: z.number().min(0).default(10000),
});
export type BalanceConfig = z.infer<typeof balanceConfigSchema>;

export const SOCIAL_PROVIDERS = ['openid', 'github', 'google', 'discord', 'facebook', 'apple'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const TURNSTILE_SIZES = ['normal', 'compact', 'flexible', 'invisible'] as const;

/**
 * The `turnstile` section of the config: Cloudflare Turnstile on login and registration. It holds
 * only what the browser may see (the site key and how the widget looks); the secret that checks a
 * token is TURNSTILE_SECRET_KEY in the environment, never in the file nor in `GET /api/config`.
 */
export const turnstileConfigSchema = z.object({
  siteKey: z.string().trim().min(1),
  options: z
    .object({
      /** `auto` (the browser's language) or a language code such as `de` or `pt-BR`. */
      language: z.string().default('auto'),
      size: z.enum(TURNSTILE_SIZES).default('normal'),
    })
    .optional(),
});
export type TurnstileConfig = z.infer<typeof turnstileConfigSchema>;

/** `GET /api/config`: what the SPA needs before anyone signs in. */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
  socialLogins: z.array(socialProviderSchema),
  discordLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  appleLoginEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  openidLabel: z.string(),
  openidImageUrl: z.string(),
  openidAutoRedirect: z.boolean(),
  serverDomain: z.string(),
  emailLoginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  passwordResetEnabled: z.boolean(),
  showBirthdayIcon: z.boolean(),
  helpAndFaqURL: z.string(),
  interface: interfaceConfigSchema,
  modelSpecs: modelSpecsConfigSchema.optional(),
  balance: balanceConfigSchema,
  sharedLinksEnabled: z.boolean(),
  publicSharedLinksEnabled: z.boolean(),
  analyticsGtmId: z.string().optional(),
  instanceProjectId: z.string(),
  avatarSizeLimit: z.number(),
  customFooter: z.string().optional(),
  /** Present when librechat.yaml configures Turnstile: the login and registration forms show it. */
  turnstile: turnstileConfigSchema.optional(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;

/** One entry of `GET /api/endpoints`. */
export const endpointEntrySchema = z.object({
  order: z.number(),
  type: z.string().optional(),
  userProvide: z.boolean().optional(),
  userProvideURL: z.boolean().optional(),
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
  /** agents: whether the builder is hidden, and which endpoints may run an agent (unset: all). */
  disableBuilder: z.boolean().optional(),
  allowedProviders: z.array(z.string()).optional(),
  /** agents: true when a chat on another endpoint may turn on web search (`ephemeralAgent.web_search`). */
  webSearch: z.boolean().optional(),
  version: z.number().optional(),
  /** The config's `visionModels` for the endpoint: more models that see images (see contract/vision). */
  visionModels: z.array(z.string()).optional(),
});
export const endpointsConfigSchema = z.record(z.string(), endpointEntrySchema);
export type EndpointsConfig = z.infer<typeof endpointsConfigSchema>;

/** `GET /api/banner`: the banner to show now, or null. `message` is HTML. */
export const bannerSchema = z.object({
  bannerId: z.string(),
  message: z.string(),
  displayFrom: z.string(),
  displayTo: z.string().nullable(),
  isPublic: z.boolean(),
  type: z.enum(['banner', 'popup']).optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** `GET /api/categories`: prompt categories. */
export const categorySchema = z.object({ label: z.string(), value: z.string() });
export type Category = z.infer<typeof categorySchema>;
