import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SpeechConfigResponse } from '@contract/speech';
import { request } from '@/lib/api/request';
import { applyServerSpeechSettings } from './speech-settings';

export const SPEECH_CONFIG_PATH = '/api/files/speech/config/get';

/** What the server offers: whether each direction has an external engine. */
export type SpeechServerSupport = { sttExternal: boolean; ttsExternal: boolean };

const NONE: SpeechServerSupport = { sttExternal: false, ttsExternal: false };

/**
 * Reads the server's speech config once per session and lets it override the local settings
 * (unless it has none: `not_found`). Answers what the server offers; until it has answered, or
 * when the call fails, no external engine is offered.
 */
export function useSpeechConfig(): SpeechServerSupport {
  const { data } = useQuery({
    queryKey: ['speech', 'config'],
    queryFn: () => request<SpeechConfigResponse>(SPEECH_CONFIG_PATH),
    // The server's settings change with a redeploy; once a session is enough.
    staleTime: Infinity,
    retry: false,
  });
  const settings = data && !('message' in data) ? data : null;
  useEffect(() => {
    if (settings) applyServerSpeechSettings({ ...settings });
  }, [settings]);
  return settings ? { sttExternal: settings.sttExternal, ttsExternal: settings.ttsExternal } : NONE;
}
