import type { ExportOptions, ExportSource, ExportType } from './export-types';
import { formatCsv } from './format-csv';
import { formatMarkdown, formatText } from './format-document';
import { formatJson } from './format-json';

/** The file a text-based type makes: its content and MIME type. The screenshot is drawn instead. */
export function buildTextExport(type: Exclude<ExportType, 'screenshot'>, source: ExportSource, options: ExportOptions) {
  switch (type) {
    case 'text':
      return { content: formatText(source, options), mimeType: 'text/plain' };
    case 'markdown':
      return { content: formatMarkdown(source, options), mimeType: 'text/markdown' };
    case 'json':
      return { content: formatJson(source, options), mimeType: 'application/json' };
    case 'csv':
      return { content: formatCsv(source, options), mimeType: 'text/csv' };
  }
}
