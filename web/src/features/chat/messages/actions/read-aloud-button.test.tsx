import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSpeechSetting } from '@/shared/speech/speech-settings';
import { audioResponse, mockAudio, mockCacheStorage } from '@/shared/speech/testing/media-mocks';
import { stopReadAloud } from '@/shared/speech/read-aloud-player';
import { TTS_CACHE_NAME } from '@/shared/speech/tts-cache';
import { CHUNK_TIMEOUT_MS } from '@/shared/speech/tts-stream';
import { userFixture } from '@/testing/account-fixtures';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LONG_AUDIO_CHARS, LONG_PRESS_MS, ReadAloudButton } from './read-aloud-button';

const TTS = 'POST /api/files/speech/tts';

/** Answers the read-aloud call with `answer`; `sent()` lists the bodies it was sent. */
function mockApi(routes: Record<string, (call: FetchCall) => Response>) {
  const mock = mockFetch((call) => routes[`${call.method} ${call.url}`]?.(call) ?? jsonResponse({}, 404));
  const sent = (key: string) =>
    mock.calls
      .filter((call) => `${call.method} ${call.url}` === key)
      .map((call) => JSON.parse(call.body ?? 'null') as unknown);
  return { sent };
}
const render = (text = 'Hello there.', autoPlay = false) =>
  renderWithProviders(<ReadAloudButton messageId="m1" text={text} autoPlay={autoPlay} />, { user: userFixture() });

afterEach(() => stopReadAloud());

describe('read-aloud with the server engine', { timeout: 20_000 }, () => {
  it('goes idle → loading → playing → idle, fetches once and plays the kept audio the second time', async () => {
    setSpeechSetting('engineTTS', 'external');
    setSpeechSetting('voice', 'nova');
    const api = mockApi({ [TTS]: () => audioResponse() });
    const cache = mockCacheStorage();
    const audio = mockAudio();
    const { events } = render();

    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    await screen.findByRole('button', { name: 'Stop reading' });
    expect(api.sent(TTS)).toEqual([{ messageId: 'm1', voice: 'nova' }]);
    await waitFor(() => expect(cache.entries(TTS_CACHE_NAME)).toHaveLength(1));
    expect(decodeURIComponent(cache.entries(TTS_CACHE_NAME)[0] ?? '')).toContain('Hello there.');

    await act(async () => {
      audio.finish();
    });
    await screen.findByRole('button', { name: 'Read aloud' });

    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    await screen.findByRole('button', { name: 'Stop reading' });
    expect(api.sent(TTS)).toHaveLength(1);
    expect(audio.played).toHaveLength(2);

    // Pressing while it reads stops it.
    await events.click(screen.getByRole('button', { name: 'Stop reading' }));
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('plays WAV (LocalAI) once it has all arrived, not through MediaSource, and keeps it as WAV', async () => {
    setSpeechSetting('engineTTS', 'external');
    const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0xff, 0xff, 0xff, 0xff, 0x57, 0x41, 0x56, 0x45]);
    mockApi({ [TTS]: () => new Response(wav, { headers: { 'Content-Type': 'audio/wav' } }) });
    // A browser whose MediaSource takes MP3: WAV must still not be fed to it.
    const mediaSource = vi.fn();
    vi.stubGlobal('MediaSource', Object.assign(mediaSource, { isTypeSupported: () => true }));
    const cache = mockCacheStorage();
    const audio = mockAudio();
    const { events } = render();
    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    await screen.findByRole('button', { name: 'Stop reading' });
    expect(mediaSource).not.toHaveBeenCalled();
    const played = vi.mocked(URL.createObjectURL).mock.calls.at(-1)?.[0] as Blob;
    expect(played.type).toBe('audio/wav');
    expect(played.size).toBe(wav.byteLength);
    expect(audio.played).toHaveLength(1);
    await waitFor(() => expect(cache.entries(TTS_CACHE_NAME)).toHaveLength(1));
    const kept = await cache.stores.get(TTS_CACHE_NAME)?.values().next().value?.clone().blob();
    expect(kept?.type).toBe('audio/wav');
  });

  it('fetches every time when keeping audio is off', async () => {
    setSpeechSetting('engineTTS', 'external');
    setSpeechSetting('cacheTTS', false);
    const api = mockApi({ [TTS]: () => audioResponse() });
    const cache = mockCacheStorage();
    const audio = mockAudio();
    const { events } = render();
    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    await screen.findByRole('button', { name: 'Stop reading' });
    await act(async () => {
      audio.finish();
    });
    await events.click(await screen.findByRole('button', { name: 'Read aloud' }));
    await screen.findByRole('button', { name: 'Stop reading' });
    expect(api.sent(TTS)).toHaveLength(2);
    expect(cache.entries(TTS_CACHE_NAME)).toEqual([]);
  });

  it('tells the user when the audio cannot be fetched or played', async () => {
    setSpeechSetting('engineTTS', 'external');
    mockApi({ [TTS]: () => jsonResponse({ message: 'boom' }, 502) });
    mockCacheStorage();
    mockAudio();
    const { events } = render();
    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(await screen.findByText('The audio could not be prepared: Failed to fetch audio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();

    mockApi({ [TTS]: () => audioResponse() });
    vi.mocked(HTMLMediaElement.prototype.play).mockRejectedValueOnce(new Error('NotAllowedError'));
    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(await screen.findByText(/The audio could not be played: .*NotAllowedError/)).toBeInTheDocument();
  });

  it('gives up when a chunk takes over 15 s to arrive', async () => {
    setSpeechSetting('engineTTS', 'external');
    mockApi({ [TTS]: () => new Response(new ReadableStream<Uint8Array>({ start: () => undefined })) });
    mockCacheStorage();
    mockAudio();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      await screen.findByRole('button', { name: 'Preparing audio…' });
      await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS + 10));
      expect(
        await screen.findByText('The audio could not be prepared: The audio stopped arriving'),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('warns that a long text takes a while', async () => {
    setSpeechSetting('engineTTS', 'external');
    mockApi({ [TTS]: () => audioResponse() });
    mockCacheStorage();
    mockAudio();
    const { events } = render('a'.repeat(LONG_AUDIO_CHARS));
    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(await screen.findByText('Long texts take a while to prepare.')).toBeInTheDocument();
  });

  it('starts on a 1 s press and hold, and by itself for a reply that just finished', async () => {
    setSpeechSetting('engineTTS', 'external');
    const api = mockApi({ [TTS]: () => audioResponse() });
    mockCacheStorage();
    mockAudio();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const view = render();
      const button = screen.getByRole('button', { name: 'Read aloud' });
      fireEvent.pointerDown(button);
      await act(() => vi.advanceTimersByTimeAsync(LONG_PRESS_MS - 100));
      expect(api.sent(TTS)).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(200));
      fireEvent.pointerUp(button);
      fireEvent.click(button);
      await screen.findByRole('button', { name: 'Stop reading' });
      expect(api.sent(TTS)).toHaveLength(1);
      view.unmount();
    } finally {
      vi.useRealTimers();
    }
    stopReadAloud();
    render('Another reply.', true);
    await screen.findByRole('button', { name: 'Stop reading' });
  });
});

describe('read-aloud with the browser engine', () => {
  it('speaks with the chosen voice, language and rate', async () => {
    const spoken: SpeechSynthesisUtterance[] = [];
    const voices = [
      { name: 'Local', localService: true },
      { name: 'Online', localService: false },
    ] as SpeechSynthesisVoice[];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        voice: SpeechSynthesisVoice | null = null;
        lang = '';
        rate = 1;
        onstart: (() => void) | null = null;
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => voices,
      cancel: vi.fn(),
      speak: (utterance: SpeechSynthesisUtterance) => {
        spoken.push(utterance);
        utterance.onstart?.(new Event('start') as SpeechSynthesisEvent);
      },
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    setSpeechSetting('voice', 'Online');
    setSpeechSetting('languageTTS', 'de-DE');
    setSpeechSetting('playbackRate', 1.5);
    const { events } = render();
    await events.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(screen.getByRole('button', { name: 'Stop reading' })).toBeInTheDocument();
    expect(spoken[0]).toMatchObject({ text: 'Hello there.', lang: 'de-DE', rate: 1.5, voice: voices[1] });
    await act(async () => {
      spoken[0]?.onend?.(new Event('end') as SpeechSynthesisEvent);
    });
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });
});
