/** One CSP violation as logged: the fields that tell what was blocked where, nothing else. */
export interface Violation {
  documentUrl?: string;
  blockedUrl?: string;
  directive?: string;
  disposition?: string;
  sourceFile?: string;
  line?: number;
  column?: number;
  sample?: string;
}

/** Enough to recognise a value; a report is written by whoever sends it. */
const MAX_TEXT = 200;
/** A report-to batch may hold several; more than this from one request is noise. */
const MAX_VIOLATIONS = 10;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

/** A URL without its query and fragment: addresses may carry tokens (a 2FA link, an OAuth code). */
function address(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`.slice(0, MAX_TEXT);
  } catch {
    // `inline`, `eval`, `data`, … are keywords rather than URLs.
    return raw.split(/[?#]/)[0];
  }
}

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function compact(violation: Violation): Violation {
  return Object.fromEntries(Object.entries(violation).filter(([, value]) => value !== undefined));
}

/** The `report-uri` format: `{"csp-report": {"document-uri": …}}`. */
function fromCspReport(body: Record<string, unknown>): Violation {
  return compact({
    documentUrl: address(body['document-uri']),
    blockedUrl: address(body['blocked-uri']),
    directive: text(body['effective-directive']) ?? text(body['violated-directive']),
    disposition: text(body['disposition']),
    sourceFile: address(body['source-file']),
    line: number(body['line-number']),
    column: number(body['column-number']),
    sample: text(body['script-sample']),
  });
}

/** The Reporting API format: `[{"type": "csp-violation", "body": {"documentURL": …}}]`. */
function fromReportingApi(body: Record<string, unknown>): Violation {
  return compact({
    documentUrl: address(body['documentURL']),
    blockedUrl: address(body['blockedURL']),
    directive: text(body['effectiveDirective']),
    disposition: text(body['disposition']),
    sourceFile: address(body['sourceFile']),
    line: number(body['lineNumber']),
    column: number(body['columnNumber']),
    sample: text(body['sample']),
  });
}

/** The violations a report body describes, in either format; anything else describes none. */
export function violationsFromReport(report: unknown): Violation[] {
  if (isRecord(report) && isRecord(report['csp-report'])) return [fromCspReport(report['csp-report'])];
  if (!Array.isArray(report)) return [];
  return report
    .filter((entry): entry is Record<string, unknown> => isRecord(entry) && entry['type'] === 'csp-violation')
    .flatMap((entry) => (isRecord(entry['body']) ? [fromReportingApi(entry['body'])] : []))
    .slice(0, MAX_VIOLATIONS);
}
