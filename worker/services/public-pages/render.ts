import { type PublicPageView } from '../../contract/public-pages';
import { publicPagePath, PUBLIC_NAV_ORDER } from '../../contract/public-page-slugs';
import { type Language, textDirection } from '../../contract/languages';
import { pageText } from '../page-language/page-text';
import { escapeHtml, jsonForScript } from '../share/html';
import { NAV_TITLE_KEYS } from './page-text';
import { PUBLIC_PAGE_STYLE, PUBLIC_SSR_HOST_ID, PUBLIC_TAKEOVER_STYLE } from './page-style';

/** Must match PUBLIC_PAGE_DATA_ID in web/src/features/public-pages/lib/embedded-page.ts. */
export const PUBLIC_PAGE_DATA_ID = 'public-page-data';

export interface RenderContext {
  appTitle: string;
  /** The page's absolute URL, for og:url. */
  pageUrl: string;
  /** The visitor's interface language: the words around the content, `lang` and `dir` of the page. */
  language: Language;
}

/** The app's logo, the mark of the sign-in pages (web/src/components/ui/logo-mark.tsx). */
const LOGO_SVG = `<svg aria-hidden="true" viewBox="0 0 40 40" width="32" height="32" style="color:var(--ring-primary,#10a37f);flex:none">
<rect width="40" height="40" rx="11" fill="currentColor"/>
<path d="M12 14.5A3.5 3.5 0 0 1 15.5 11h9a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5H20l-4.6 4.1a.8.8 0 0 1-1.4-.6V24a3.5 3.5 0 0 1-2-3.2Z" fill="white"/>
<circle cx="16.5" cy="17.5" r="1.3" fill="currentColor"/><circle cx="20" cy="17.5" r="1.3" fill="currentColor"/><circle cx="23.5" cy="17.5" r="1.3" fill="currentColor"/>
</svg>`;
/** The switch shows the theme it switches to: the moon in the light theme, the sun in the dark (CSS picks). */
const THEME_SVGS =
  '<svg class="pp-moon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2"><path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z"/></svg>' +
  '<svg class="pp-sun" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41"/></svg>';
const MENU_SVG =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M4 6h16M4 12h16M4 18h16"/></svg>';

/** The eight links: Home, then the seven pages; the current one is marked. */
function navLinks(current: string, language: Language): string {
  const home = `<a href="/">${escapeHtml(pageText(language, 'com_ui_nav_home'))}</a>`;
  const pages = PUBLIC_NAV_ORDER.map((slug) => {
    const here = slug === current ? ' aria-current="page"' : '';
    return `<a href="${publicPagePath(slug)}"${here}>${escapeHtml(pageText(language, NAV_TITLE_KEYS[slug]))}</a>`;
  });
  return [home, ...pages].join('\n');
}

/**
 * The header: brand, the links (inline from 1024 px, in a menu below), the theme switch. The
 * switch and the menu's outside-click closing work once the SPA takes over; without script the
 * menu still opens and closes (`<details>`).
 */
function header(view: PublicPageView, appTitle: string, language: Language): string {
  const label = escapeHtml(pageText(language, 'com_ui_public_nav'));
  const links = navLinks(view.slug, language);
  return `<header class="pp-bar">
<a class="pp-brand" href="/">${LOGO_SVG}<span>${escapeHtml(appTitle)}</span></a>
<nav class="pp-nav" aria-label="${label}">${links}</nav>
<button class="pp-theme" type="button" aria-label="${escapeHtml(pageText(language, 'com_ui_switch_to_dark_theme'))}">${THEME_SVGS}</button>
<details class="pp-menu"><summary aria-label="${escapeHtml(pageText(language, 'com_ui_public_menu'))}">${MENU_SVG}</summary><nav aria-label="${label}">${links}</nav></details>
</header>`;
}

function metaTags(tags: [attribute: 'name' | 'property', key: string, value: string][]): string {
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join('\n');
}

/**
 * The SPA shell with the page: title and link-preview meta in the head, the header and the
 * content beside a hidden #root (the SPA removes them when it draws the same page), and the
 * page as JSON for the SPA to start from without asking the server again.
 */
export function renderPublicPage(shell: Response, view: PublicPageView, context: RenderContext): Response {
  const pageTitle = `${view.title} | ${context.appTitle}`;
  const head = [
    PUBLIC_PAGE_STYLE,
    PUBLIC_TAKEOVER_STYLE,
    metaTags([
      ['name', 'description', view.description],
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', context.appTitle],
      ['property', 'og:title', pageTitle],
      ['property', 'og:description', view.description],
      ['property', 'og:url', context.pageUrl],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', pageTitle],
      ['name', 'twitter:description', view.description],
    ]),
  ].join('\n');
  // The operator's content may be in another language than the interface around it (a page has
  // files for some languages only): it says which, and its direction follows its own text.
  const contentLang = view.lang === 'default' ? '' : ` lang="${escapeHtml(view.lang)}" dir="auto"`;
  const main = `<main class="public-page-content"${contentLang}>${view.html}</main>`;
  const rendered = `${header(view, context.appTitle, context.language)}\n${main}`;
  const rewriter = new HTMLRewriter()
    // Element text set without `html: true` is escaped by HTMLRewriter itself.
    .on('title', { element: (element) => void element.setInnerContent(pageTitle) })
    .on('head', { element: (element) => void element.append(head, { html: true }) })
    .on('div#root', {
      element: (element) => {
        element.before(`<div id="${PUBLIC_SSR_HOST_ID}">${rendered}</div>`, { html: true });
        element.setInnerContent('');
      },
    })
    .on('body', {
      element: (element) =>
        void element.append(
          `<script type="application/json" id="${PUBLIC_PAGE_DATA_ID}">${jsonForScript(view)}</script>`,
          { html: true },
        ),
    });
  rewriter.on('html', {
    element: (element) => {
      element.setAttribute('lang', context.language);
      element.setAttribute('dir', textDirection(context.language));
    },
  });
  return rewriter.transform(shell);
}
