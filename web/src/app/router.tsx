import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PUBLIC_PAGE_SLUGS, publicPagePath, type PublicPageSlug } from '@contract/public-page-slugs';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { PageLoader } from '@/components/layouts/page-loader';
import { paths } from '@/config/paths';
import { cataloguesSettled } from '@/lib/i18n/catalogue-registry';
import { RootLayout } from './root-layout';

/**
 * A route whose page is loaded on first visit, so each page is its own chunk and the login
 * page does not pay for the chat's code.
 */
const page =
  <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  async () => {
    const module = await load();
    // The page's own catalogues, in the active language, before it first renders.
    await cataloguesSettled();
    return { Component: pick(module) };
  };

/** A public page (about, changelog, …): one chunk for all seven. */
const publicPage = (slug: PublicPageSlug) => async () => {
  const { PublicPageRoute } = await import('@/app/routes/public-page');
  await cataloguesSettled();
  return { Component: () => <PublicPageRoute slug={slug} /> };
};

export const appRoutes: RouteObject[] = [
  {
    path: paths.root.path,
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to={paths.chat.newConversation.getHref()} replace /> },

      {
        // The sign-in pages share one frame (banner, logo, card, legal links).
        lazy: page(
          () => import('./layouts/auth-layout'),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            lazy: page(
              () => import('./layouts/guest-layout'),
              (m) => m.GuestLayout,
            ),
            children: [
              {
                path: paths.auth.login.path,
                lazy: page(
                  () => import('@/features/auth/routes/login'),
                  (m) => m.LoginRoute,
                ),
              },
              {
                path: paths.auth.twoFactor.path,
                lazy: page(
                  () => import('@/features/auth/routes/two-factor'),
                  (m) => m.TwoFactorRoute,
                ),
              },
              {
                path: paths.auth.register.path,
                lazy: page(
                  () => import('@/features/auth/routes/register'),
                  (m) => m.RegisterRoute,
                ),
              },
              {
                path: paths.auth.forgotPassword.path,
                lazy: page(
                  () => import('@/features/auth/routes/forgot-password'),
                  (m) => m.ForgotPasswordRoute,
                ),
              },
              {
                path: paths.auth.resetPassword.path,
                lazy: page(
                  () => import('@/features/auth/routes/reset-password'),
                  (m) => m.ResetPasswordRoute,
                ),
              },
            ],
          },
          // Not guest-only: a signed-in user opening the link from the email still verifies.
          {
            path: paths.auth.verifyEmail.path,
            lazy: page(
              () => import('@/features/auth/routes/verify-email'),
              (m) => m.VerifyEmailRoute,
            ),
          },
        ],
      },

      {
        // The app proper: signed-in users only (others go to /login after 300 ms); terms first.
        lazy: page(
          () => import('./layouts/protected-layout'),
          (m) => m.ProtectedLayout,
        ),
        children: [
          // Matches /c/new as well: `new` is the id of an unsaved conversation.
          {
            path: paths.chat.conversation.path,
            lazy: page(
              () => import('@/app/routes/chat'),
              (m) => m.ChatRoute,
            ),
          },
          {
            path: paths.search.path,
            lazy: page(
              () => import('@/app/routes/search'),
              (m) => m.SearchRoute,
            ),
          },
          {
            path: paths.actionSignedIn.path,
            lazy: page(
              () => import('@/features/agents/routes/action-signed-in'),
              (m) => m.ActionSignedInRoute,
            ),
          },
          {
            // The prompt library: one chunk for the frame and its pages, fetched on first visit.
            path: paths.dashboard.prompts.path,
            lazy: page(
              () => import('@/features/prompts/routes/prompts-layout'),
              (m) => m.PromptsLayout,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('@/features/prompts/routes/prompts-layout'),
                  (m) => m.PromptsIndexRoute,
                ),
              },
              {
                path: paths.dashboard.newPrompt.path,
                lazy: page(
                  () => import('@/features/prompts/routes/new-prompt'),
                  (m) => m.NewPromptRoute,
                ),
              },
              {
                path: paths.dashboard.prompt.path,
                lazy: page(
                  () => import('@/features/prompts/routes/prompt-detail'),
                  (m) => m.PromptDetailRoute,
                ),
              },
            ],
          },
          {
            path: paths.dashboard.files.path,
            lazy: page(
              () => import('@/features/files/routes/files'),
              (m) => m.FilesRoute,
            ),
          },
          { path: paths.dashboard.fallback.path, element: <Navigate to={paths.dashboard.files.getHref()} replace /> },
        ],
      },

      // Public: shared links and the static pages.
      {
        path: paths.share.path,
        lazy: page(
          () => import('@/features/share/routes/shared-conversation'),
          (m) => m.SharedConversationRoute,
        ),
      },

      // Server-rendered by the Worker (worker/routes/public-pages.ts); the SPA takes them over.
      ...PUBLIC_PAGE_SLUGS.map((slug) => ({ path: publicPagePath(slug), lazy: publicPage(slug) })),

      { path: paths.notFound.path, element: <Navigate to={paths.root.getHref()} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
