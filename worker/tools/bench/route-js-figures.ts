import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { REPO_ROOT } from '../lib/paths';
import { withBenchApp } from './bench-app';
import { type BenchAccount, newBenchAccount, registerInContext, signInInContext } from './browser-session';
import type { Figure } from './figure';
import { measureRouteJs, type RouteJs, type RouteVisit } from './route-js';

const KB = 1000;
/** JS budgets in gzip bytes. */
const LOGIN_JS_BUDGET = 150 * KB;
const CHAT_JS_BUDGET = 300 * KB;
const BASE_LANGUAGE = 'en-US';

/** Every language the SPA ships a catalogue folder for, en-US first. */
async function shippedLanguages(): Promise<string[]> {
  const entries = await readdir(path.join(REPO_ROOT, 'web/src/locales'), { withFileTypes: true });
  const others = entries.filter((entry) => entry.isDirectory() && entry.name !== BASE_LANGUAGE).map((e) => e.name);
  return [BASE_LANGUAGE, ...others.sort()];
}

/** The app's language menu remembers the choice in this cookie; the page starts in it. */
async function chooseLanguage(context: BrowserContext, baseUrl: string, language: string): Promise<void> {
  await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
}

function figure(m: RouteJs, label: string): Figure {
  const budget = m.route === '/login' ? LOGIN_JS_BUDGET : CHAT_JS_BUDGET;
  const who = m.route === '/login' ? 'signed out' : 'signed in';
  return {
    what: `JS loaded by ${m.route}, ${who}, ${label} (${m.files} files, ${(m.rawBytes / KB).toFixed(1)} KB raw)`,
    value: `${(m.gzipBytes / KB).toFixed(1)} KB gzip`,
    budget: `≤ ${budget / KB} KB`,
    over: m.gzipBytes > budget,
  };
}

/**
 * /login as a visitor sees it and the chat route signed in (signed out, it redirects to
 * /login), in en-US and in every other shipped language: each language's catalogues are
 * chunks of their own, so the budget must hold whichever one a visitor reads. Reported: en-US
 * and the heaviest other language per route.
 */
export async function routeJsFigures(): Promise<Figure[]> {
  return withBenchApp(async (bench) => {
    const app = await bench.start({ build: true });
    const languages = await shippedLanguages();
    const account: BenchAccount = newBenchAccount();
    let registered = false;
    const signIn = async (context: BrowserContext) => {
      if (registered) return signInInContext(context, account);
      registered = true;
      return registerInContext(context, account);
    };
    const visits: (RouteVisit & { language: string })[] = languages.flatMap((language) => [
      { language, route: '/login', prepare: (context) => chooseLanguage(context, app.url, language) },
      {
        language,
        route: '/c/new',
        prepare: async (context) => {
          await chooseLanguage(context, app.url, language);
          await signIn(context);
        },
      },
    ]);
    const measured = await measureRouteJs(app.url, visits);
    const figures: Figure[] = [];
    for (const route of ['/login', '/c/new']) {
      const byLanguage = measured.flatMap((m, index) =>
        m.route === route ? [{ m, language: visits[index]?.language }] : [],
      );
      const base = byLanguage.find(({ language }) => language === BASE_LANGUAGE);
      if (base) figures.push(figure(base.m, BASE_LANGUAGE));
      const others = byLanguage.filter(({ language }) => language !== BASE_LANGUAGE);
      const heaviest = others.reduce<(typeof others)[number] | undefined>(
        (worst, entry) => (!worst || entry.m.gzipBytes > worst.m.gzipBytes ? entry : worst),
        undefined,
      );
      if (heaviest)
        figures.push(figure(heaviest.m, `heaviest of ${others.length} other languages: ${heaviest.language}`));
    }
    return figures;
  });
}
