import type { ErrorDetails } from './error-details';

/** User-Agent Client Hints (Chromium only; not in TypeScript's DOM types yet). */
type UADataValues = { platform?: string; platformVersion?: string };
type NavigatorUAData = {
  readonly platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<UADataValues>;
};
declare global {
  interface Navigator {
    readonly userAgentData?: NavigatorUAData;
  }
}

export type BrowserInfo = {
  userAgent: string;
  platform: string;
  /** Only Chromium reports it (User-Agent Client Hints); null elsewhere. */
  platformVersion: string | null;
  language: string;
  windowSize: string;
};

export type ErrorLog = { timestamp: string; browser: BrowserInfo; error: ErrorDetails };

async function getPlatform(): Promise<Pick<BrowserInfo, 'platform' | 'platformVersion'>> {
  const uaData = navigator.userAgentData;
  if (uaData?.getHighEntropyValues) {
    try {
      const values = await uaData.getHighEntropyValues(['platform', 'platformVersion']);
      return {
        platform: values.platform || uaData.platform || navigator.platform,
        platformVersion: values.platformVersion || null,
      };
    } catch {
      // The browser may refuse high-entropy hints; the low-entropy platform still helps.
    }
  }
  return { platform: uaData?.platform || navigator.platform || 'unknown', platformVersion: null };
}

export async function getBrowserInfo(): Promise<BrowserInfo> {
  return {
    userAgent: navigator.userAgent,
    ...(await getPlatform()),
    language: navigator.language,
    windowSize: `${window.innerWidth}x${window.innerHeight}`,
  };
}

export async function buildErrorLog(error: ErrorDetails, now: Date = new Date()): Promise<ErrorLog> {
  return { timestamp: now.toISOString(), browser: await getBrowserInfo(), error };
}

/** Saves a value as a pretty-printed JSON file through a temporary download link. */
export function downloadJson(filename: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export async function downloadErrorLog(error: ErrorDetails): Promise<void> {
  const log = await buildErrorLog(error);
  // Colons are not allowed in file names on Windows.
  downloadJson(`error-log-${log.timestamp.replace(/:/g, '-')}.json`, log);
}
