import { createQueryClient } from '@/lib/react-query';
import { prefetchForBoot } from './boot-prefetch';
import { preloadRouteModules } from './route-modules';

/*
 * The app's first work, imported by main.tsx ahead of React and the app, so it runs before the
 * rest of the entry chunk is evaluated (tens of milliseconds on a slow machine): the session
 * restore, the first page's data and its route modules start then, and travel while React,
 * the router and i18n are set up.
 */
export const bootQueryClient = createQueryClient();
void prefetchForBoot(bootQueryClient, window.location.pathname);
preloadRouteModules(window.location.pathname);
