/**
 * Web search citations. A search call carries the pages it found (`tool_call.sources`, numbered
 * from 1), and the model cites them in its text as [1], [2]…; those markers become links to the
 * pages, titled with the page's title and host. Markers inside code are left alone, as is a
 * number no source has (the model may write [3] for other reasons).
 */
import { isRecord } from '../errors/extract-json';

export interface CitationSource {
  index: number;
  title: string;
  url: string;
  host: string;
}

/** The sources of a tool call as stored or streamed; anything malformed, or not http(s), is dropped. */
export function readSources(value: unknown): CitationSource[] {
  if (!Array.isArray(value)) return [];
  const sources: CitationSource[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.index !== 'number' || typeof item.url !== 'string') continue;
    let url: URL;
    try {
      url = new URL(item.url);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    const host = url.hostname.replace(/^www\./, '');
    const title = typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim() : host;
    sources.push({ index: item.index, title, url: url.href, host });
  }
  return sources;
}

/** Fenced code blocks and inline code spans: no citation is linked inside them. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;
/** `[n]` not already a link's text (`[n](…)`) or a reference definition (`[n]: …`). */
const MARKER = /\[(\d{1,3})\](?![(:])/g;

/** A link title without quotes or backslashes: a backslash could start a `\[` math delimiter. */
const plainTitle = (text: string): string => text.replace(/\\/g, '').replace(/"/g, "'");

/** The markdown with each `[n]` that names a source turned into a link to it. */
export function linkCitations(markdown: string, sources: readonly CitationSource[]): string {
  if (sources.length === 0) return markdown;
  const byIndex = new Map(sources.map((source) => [source.index, source]));
  return markdown
    .split(CODE)
    .map((piece, position) =>
      // split with one capture group: odd positions are the code.
      position % 2 === 1
        ? piece
        : piece.replace(MARKER, (marker, digits: string) => {
            const source = byIndex.get(Number(digits));
            if (!source) return marker;
            const title = plainTitle(`${source.title} (${source.host})`);
            // Balanced brackets are allowed in a link's text; escaped ones (\[ \]) would read as math.
            return `[[${digits}]](<${source.url}> "${title}")`;
          }),
    )
    .join('');
}
