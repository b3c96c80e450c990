import type { ChangelogEntry } from '../../contract/public-pages';
import { escapeHtml } from '../share/html';
import { markdownToSafeHtml } from './markdown';
import type { Language } from '../../contract/languages';
import { pageDate, pageText } from '../page-language/page-text';
import { CHANGELOG_TYPE_KEYS } from './page-text';

/** Newest first, whatever order the operator wrote them in; a stable sort keeps same-day entries as written. */
function newestFirst(entries: readonly ChangelogEntry[]): ChangelogEntry[] {
  return [...entries].sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * A description is one line of Markdown (emphasis, code, links), rendered by the same safe
 * renderer as the pages, without the paragraph it would be wrapped in.
 */
function inlineMarkdown(text: string): string {
  return markdownToSafeHtml(text)
    .trim()
    .replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}

function entryHtml(entry: ChangelogEntry, language: Language): string {
  const date = pageDate(language, new Date(`${entry.date}T00:00:00Z`));
  const version = entry.version ? ` <span class="changelog-version">${escapeHtml(entry.version)}</span>` : '';
  const items = entry.items
    .map(
      (item) =>
        `<li><span class="changelog-badge" data-type="${item.type}">${escapeHtml(pageText(language, CHANGELOG_TYPE_KEYS[item.type]))}</span><span>${inlineMarkdown(item.description)}</span></li>`,
    )
    .join('\n');
  return `<section class="changelog-entry">
<h2><time datetime="${entry.date}">${escapeHtml(date)}</time>${version}</h2>
<ul class="changelog-items">
${items}
</ul>
</section>`;
}

/** The changelog page's body: its heading, then every entry with its typed items; dates and labels in `language`. */
export function changelogHtml(entries: readonly ChangelogEntry[], title: string, language: Language): string {
  const body = entries.length
    ? newestFirst(entries)
        .map((entry) => entryHtml(entry, language))
        .join('\n')
    : `<p>${escapeHtml(pageText(language, 'com_ui_changelog_empty'))}</p>`;
  return `<h1>${escapeHtml(title)}</h1>\n${body}`;
}
