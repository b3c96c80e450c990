/**
 * The styles of the operator's content (Markdown pages, changelog), the same text as the SPA's
 * web/src/features/public-pages/public-page-content.css (after its first comment line; a tools
 * test keeps the two equal), so the page does not change as the SPA takes over.
 */
export const CONTENT_CSS = `.public-page-content {
  max-width: 48rem;
  margin: 0 auto;
  padding: 2rem 1rem 4rem;
  line-height: 1.75;
  overflow-wrap: anywhere;
}
.public-page-content h1 {
  font-size: 1.875rem;
  line-height: 2.25rem;
  font-weight: 700;
  margin: 0 0 1.5rem;
}
.public-page-content h2 {
  font-size: 1.375rem;
  line-height: 1.875rem;
  font-weight: 600;
  margin: 2rem 0 0.75rem;
}
.public-page-content h3 {
  font-size: 1.125rem;
  font-weight: 600;
  margin: 1.5rem 0 0.5rem;
}
.public-page-content p,
.public-page-content ul,
.public-page-content ol,
.public-page-content table,
.public-page-content pre,
.public-page-content blockquote {
  margin: 0 0 1rem;
}
.public-page-content ul {
  list-style: disc;
  padding-inline-start: 1.5rem;
}
.public-page-content ol {
  list-style: decimal;
  padding-inline-start: 1.5rem;
}
.public-page-content a {
  color: var(--text-link, #047857);
  text-decoration: underline;
}
.public-page-content blockquote {
  border-inline-start: 3px solid var(--border-medium, #d1d1d6);
  padding-inline-start: 1rem;
  color: var(--text-secondary, #5d5d5d);
}
.public-page-content code {
  font-family: ui-monospace, monospace;
  font-size: 0.875em;
  background: var(--surface-secondary, #f7f7f8);
  border-radius: 0.25rem;
  padding: 0.1rem 0.3rem;
}
.public-page-content pre {
  overflow-x: auto;
  background: var(--surface-secondary, #f7f7f8);
  border-radius: 0.5rem;
  padding: 0.75rem 1rem;
}
.public-page-content pre code {
  background: none;
  padding: 0;
}
.public-page-content table {
  border-collapse: collapse;
  display: block;
  overflow-x: auto;
}
.public-page-content th,
.public-page-content td {
  border: 1px solid var(--border-light, #e5e5e5);
  padding: 0.375rem 0.75rem;
  text-align: start;
}
.public-page-content img {
  max-width: 100%;
  height: auto;
}
.public-page-content hr {
  border: 0;
  border-top: 1px solid var(--border-light, #e5e5e5);
  margin: 2rem 0;
}
.changelog-entry {
  padding: 1.25rem 0;
  border-top: 1px solid var(--border-light, #e5e5e5);
}
.changelog-entry h2 {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.5rem;
  margin: 0 0 0.75rem;
  font-size: 1.125rem;
}
.changelog-version {
  font-family: ui-monospace, monospace;
  font-size: 0.875rem;
  color: var(--text-secondary, #5d5d5d);
}
.public-page-content .changelog-items {
  list-style: none;
  padding: 0;
}
.changelog-items li {
  display: flex;
  gap: 0.75rem;
  align-items: baseline;
  margin: 0.5rem 0;
}
.changelog-badge {
  flex: none;
  min-width: 6.5rem;
  text-align: center;
  border-radius: 9999px;
  padding: 0.05rem 0.6rem;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.25rem;
  border: 1px solid currentColor;
}
.changelog-badge[data-type='Feature'] {
  color: #047857;
}
.changelog-badge[data-type='Improvement'] {
  color: #1d4ed8;
}
.changelog-badge[data-type='Note'] {
  color: #6b7280;
}
.changelog-badge[data-type='Fix'] {
  color: #b45309;
}
.changelog-badge[data-type='Update'] {
  color: #7c3aed;
}
.changelog-badge[data-type='Rebranding'] {
  color: #be185d;
}
.dark .changelog-badge[data-type='Feature'] {
  color: #34d399;
}
.dark .changelog-badge[data-type='Improvement'] {
  color: #93c5fd;
}
.dark .changelog-badge[data-type='Note'] {
  color: #d1d5db;
}
.dark .changelog-badge[data-type='Fix'] {
  color: #fcd34d;
}
.dark .changelog-badge[data-type='Update'] {
  color: #c4b5fd;
}
.dark .changelog-badge[data-type='Rebranding'] {
  color: #f9a8d4;
}`;
