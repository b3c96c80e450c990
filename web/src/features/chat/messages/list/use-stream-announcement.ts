import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';

/** Status announcements are cleared after 1 s, so they are not re-read later. */
export const ANNOUNCEMENT_CLEAR_MS = 1000;

/**
 * A polite announcement when a reply starts and when it ends, never per token: a screen reader
 * user hears that something is happening and can read the reply when it is done.
 */
export function useStreamAnnouncement(isStreaming: boolean): string {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(isStreaming);

  useEffect(() => {
    if (previous.current === isStreaming) return;
    previous.current = isStreaming;
    setAnnouncement(isStreaming ? t('com_a11y_start') : t('com_a11y_end'));
  }, [isStreaming, t]);

  useEffect(() => {
    if (!announcement) return;
    const timer = window.setTimeout(() => setAnnouncement(''), ANNOUNCEMENT_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [announcement]);

  return announcement;
}
