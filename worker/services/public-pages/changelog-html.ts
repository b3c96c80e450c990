import type { ChangelogEntry } from '../../contract/public-pages';
import { escapeHtml } from '../share/html';
import { markdownToSafeHtml } from './markdown';
import { CHANGELOG_TYPE_KEYS, pageText } from './page-text';

/** Entry dates as "March 5, 2026", in UTC so every edge renders the same page. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

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

function entryHtml(entry: ChangelogEntry): string {
  const date = dateFormat.format(new Date(`${entry.date}T00:00:00Z`));
  const version = entry.version ? ` <span class="changelog-version">${escapeHtml(entry.version)}</span>` : '';
  const items = entry.items
    .map(
      (item) =>
        `<li><span class="changelog-badge" data-type="${item.type}">${escapeHtml(pageText(CHANGELOG_TYPE_KEYS[item.type]))}</span><span>${inlineMarkdown(item.description)}</span></li>`,
    )
    .join('\n');
  return `<section class="changelog-entry">
<h2><time datetime="${entry.date}">${escapeHtml(date)}</time>${version}</h2>
<ul class="changelog-items">
${items}
</ul>
</section>`;
}

/** The changelog page's body: its heading, then every entry with its typed items. */
export function changelogHtml(entries: readonly ChangelogEntry[], title: string): string {
  const body = entries.length
    ? newestFirst(entries).map(entryHtml).join('\n')
    : `<p>${escapeHtml(pageText('com_ui_changelog_empty'))}</p>`;
  return `<h1>${escapeHtml(title)}</h1>\n${body}`;
}
