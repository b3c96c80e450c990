import { ACTION_SIGN_IN_PAGE } from '@contract/action-sign-in-paths';

/**
 * Every route of the SPA, defined once. `path` is the router pattern; `getHref` builds a link
 * to it. The Worker answers /api, /oauth, /share and /health itself (wrangler.toml
 * `run_worker_first`), so /share/:shareId only renders here when navigated to client-side.
 */
const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  root: { path: '/', getHref: () => '/' },

  auth: {
    login: { path: '/login', getHref: () => '/login' },
    twoFactor: {
      path: '/login/2fa',
      getHref: (tempToken: string) => withQuery('/login/2fa', { tempToken }),
    },
    register: { path: '/register', getHref: () => '/register' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: {
      path: '/reset-password',
      getHref: (token?: string, userId?: string) => withQuery('/reset-password', { token, userId }),
    },
    verifyEmail: {
      path: '/verify',
      getHref: (token?: string, email?: string) => withQuery('/verify', { token, email }),
    },
  },

  chat: {
    /** `new` is a conversation id too (an unsaved conversation), so both share one route. */
    newConversation: { path: '/c/new', getHref: () => '/c/new' },
    conversation: {
      path: '/c/:conversationId',
      getHref: (conversationId: string) => `/c/${encodeURIComponent(conversationId)}`,
    },
  },

  search: { path: '/search', getHref: () => '/search' },

  /** Where an action's OAuth sign-in comes back to (the server's callback redirects here). */
  actionSignedIn: { path: ACTION_SIGN_IN_PAGE },

  share: {
    path: '/share/:shareId',
    getHref: (shareId: string) => `/share/${encodeURIComponent(shareId)}`,
  },

  staticPages: {
    about: { path: '/about', getHref: () => '/about' },
    supportUs: { path: '/support-us', getHref: () => '/support-us' },
    help: { path: '/help', getHref: () => '/help' },
    changelog: { path: '/changelog', getHref: () => '/changelog' },
    privacy: { path: '/privacy', getHref: () => '/privacy' },
    termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
    feedback: { path: '/feedback', getHref: () => '/feedback' },
  },

  dashboard: {
    prompts: { path: '/d/prompts', getHref: () => '/d/prompts' },
    newPrompt: { path: '/d/prompts/new', getHref: () => '/d/prompts/new' },
    prompt: {
      path: '/d/prompts/:promptId',
      getHref: (promptId: string) => `/d/prompts/${encodeURIComponent(promptId)}`,
    },
    files: { path: '/d/files', getHref: () => '/d/files' },
    /** Any other /d/ path redirects to files. */
    fallback: { path: '/d/*' },
  },

  /** Unknown paths redirect to the root. */
  notFound: { path: '*' },
} as const;
