import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api/request';
import type { SpeechEngine } from './speech-settings';

export const TTS_VOICES_PATH = '/api/files/speech/tts/voices';

/** The browser's voices; its network voices only when `cloud` (they send the text away). */
export function browserVoices(cloud: boolean): SpeechSynthesisVoice[] {
  if (typeof speechSynthesis === 'undefined') return [];
  return speechSynthesis.getVoices().filter((voice) => cloud || voice.localService);
}

/** The browser's voices as they load: most browsers fill the list after the page has started. */
function useBrowserVoiceNames(enabled: boolean, cloud: boolean): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled || typeof speechSynthesis === 'undefined') return;
    const update = () => setNames(browserVoices(cloud).map((voice) => voice.name));
    update();
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => speechSynthesis.removeEventListener('voiceschanged', update);
  }, [enabled, cloud]);
  return enabled ? names : [];
}

/** The voice names the chosen engine offers. */
export function useVoiceNames(engine: SpeechEngine, cloud: boolean): string[] {
  const external = useQuery({
    queryKey: ['speech', 'voices'],
    queryFn: () => request<string[]>(TTS_VOICES_PATH),
    enabled: engine === 'external',
    staleTime: Infinity,
    retry: false,
  });
  const browser = useBrowserVoiceNames(engine === 'browser', cloud);
  return engine === 'external' ? (external.data ?? []) : browser;
}
