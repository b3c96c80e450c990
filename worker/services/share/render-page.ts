import { type Language, textDirection } from '../../contract/languages';
import type { SharedConversation, SharedMessage } from '../../contract/share';
import { pageDate, pageText } from '../page-language/page-text';
import { escapeHtml, jsonForScript } from './html';
import { notFoundBody, SHARE_PAGE_STYLE, shareBar } from './page-chrome';

/** Open Graph and search snippets cut descriptions around this length; longer is wasted. */
const DESCRIPTION_MAX_CHARS = 200;

export interface PageContext {
  appTitle: string;
  /** The page's absolute URL, for og:url. */
  pageUrl: string;
  /** The visitor's interface language: the page's own words, its date, `lang` and `dir`. */
  language: Language;
}

/** What a message says as plain text: its text, or its text parts when it has only parts. */
function plainText(message: SharedMessage): string {
  if (message.text.trim()) return message.text;
  return (message.content ?? [])
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
    .join('\n');
}

function description(conversation: SharedConversation, appTitle: string, language: Language): string {
  const first = conversation.messages.map(plainText).find((text) => text.trim() !== '');
  if (!first) return pageText(language, 'com_ui_share_page_description', { appTitle });
  const flat = first.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_MAX_CHARS ? `${flat.slice(0, DESCRIPTION_MAX_CHARS - 1)}…` : flat;
}

function metaTags(tags: [attribute: 'name' | 'property', key: string, value: string][]): string {
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join('\n');
}

/** A shared message's images, at their own size within the column (the link's own addresses). */
function imagesOf(message: SharedMessage): string {
  return (message.files ?? [])
    .map((file) => {
      const size =
        typeof file.width === 'number' && typeof file.height === 'number'
          ? ` width="${file.width}" height="${file.height}"`
          : '';
      const name = typeof file.filename === 'string' ? file.filename : '';
      return `<img src="${escapeHtml(String(file.filepath))}" alt="${escapeHtml(name)}"${size} loading="lazy" style="max-width:100%;height:auto">`;
    })
    .join('\n');
}

/**
 * A read-only rendering for people and crawlers before (or without) JavaScript: the SPA
 * replaces the content of #root when it mounts and hydrates from `share-data`. Plain text
 * with `white-space: pre-wrap`, no markdown: nothing from a message becomes markup.
 */
function readOnlyBody(conversation: SharedConversation, language: Language): string {
  const items = conversation.messages
    .map(
      (message) => `<li class="share-message" data-author="${message.isCreatedByUser ? 'user' : 'assistant'}">
<p class="share-sender"><strong>${escapeHtml(message.sender)}</strong></p>
<div class="share-text" dir="auto" style="white-space:pre-wrap">${escapeHtml(plainText(message))}</div>
${imagesOf(message)}
</li>`,
    )
    .join('\n');
  const created = new Date(conversation.createdAt);
  return `<main class="share-static">
<h1>${escapeHtml(conversation.title)}</h1>
<p><time datetime="${escapeHtml(conversation.createdAt)}">${escapeHtml(pageDate(language, created))}</time></p>
<ol style="list-style:none;padding:0">
${items}
</ol>
</main>`;
}

type PageParts = { language: Language; title: string; head: string; root: string; bodyEnd: string };

function rewrite(shell: Response, parts: PageParts): Response {
  return new HTMLRewriter()
    .on('html', {
      element: (element) => {
        element.setAttribute('lang', parts.language);
        element.setAttribute('dir', textDirection(parts.language));
      },
    })
    .on('title', { element: (element) => void element.setInnerContent(parts.title) })
    .on('head', { element: (element) => void element.append(parts.head, { html: true }) })
    .on('div#root', { element: (element) => void element.setInnerContent(parts.root, { html: true }) })
    .on('body', { element: (element) => void element.append(parts.bodyEnd, { html: true }) })
    .transform(shell);
}

/** Shared links are unlisted: reachable by whoever has the link, kept out of search indexes. */
const ROBOTS = '<meta name="robots" content="noindex, nofollow">';

/** The SPA shell with the conversation's title, previews, static rendering and data. */
export function renderSharePage(shell: Response, conversation: SharedConversation, context: PageContext): Response {
  const pageTitle = `${conversation.title} | ${context.appTitle}`;
  const summary = description(conversation, context.appTitle, context.language);
  const head = [
    ROBOTS,
    SHARE_PAGE_STYLE,
    metaTags([
      ['name', 'description', summary],
      ['property', 'og:type', 'article'],
      ['property', 'og:site_name', context.appTitle],
      ['property', 'og:title', pageTitle],
      ['property', 'og:description', summary],
      ['property', 'og:url', context.pageUrl],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', pageTitle],
      ['name', 'twitter:description', summary],
    ]),
  ].join('\n');
  return rewrite(shell, {
    language: context.language,
    // Element text set without `html: true` is escaped by HTMLRewriter itself.
    title: pageTitle,
    head,
    root: shareBar(context.appTitle, context.language) + readOnlyBody(conversation, context.language),
    bodyEnd: `<script type="application/json" id="share-data">${jsonForScript(conversation)}</script>`,
  });
}

/** The shell with the not-found page, for an unknown, refreshed or deleted link. */
export function renderNotFoundPage(shell: Response, context: Pick<PageContext, 'appTitle' | 'language'>): Response {
  const { appTitle, language } = context;
  return rewrite(shell, {
    language,
    title: `${pageText(language, 'com_ui_shared_link_not_found')} | ${appTitle}`,
    head: ROBOTS + SHARE_PAGE_STYLE,
    root: shareBar(appTitle, language) + notFoundBody(language),
    bodyEnd: '',
  });
}
