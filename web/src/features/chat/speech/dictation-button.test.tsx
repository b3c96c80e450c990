import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSpeechSetting } from '@/shared/speech/speech-settings';
import { mockAudioContext, mockMediaRecorder, mockMicrophone } from '@/shared/speech/testing/recorder-mocks';
import { startReadAloud } from '@/shared/speech/read-aloud-player';
import { SILENCE_MS } from '@/shared/speech/recorder';
import { userFixture } from '@/testing/account-fixtures';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DictationButton } from './dictation-button';

const STT = '/api/files/speech/stt';

function setup({ isSubmitting = false } = {}) {
  const onText = vi.fn();
  const onAutoSend = vi.fn();
  const view = renderWithProviders(
    <DictationButton isSubmitting={isSubmitting} onText={onText} onAutoSend={onAutoSend} />,
    { user: userFixture() },
  );
  return { ...view, onText, onAutoSend };
}

const external = () => {
  setSpeechSetting('engineSTT', 'external');
  mockAudioContext({ value: 0.5 });
};

describe('dictation with the server engine', { timeout: 20_000 }, () => {
  it('records in the first supported type with 100 ms chunks, transcribes, and auto-sends after the delay', async () => {
    external();
    setSpeechSetting('autoSendText', 2);
    const recorders = mockMediaRecorder(['audio/webm;codecs=opus', 'audio/ogg']);
    const mic = mockMicrophone();
    const api = mockFetch((call) => (call.url === STT ? jsonResponse({ text: 'hello world' }) : jsonResponse({}, 404)));
    const { events, onText, onAutoSend } = setup();

    await events.click(screen.getByRole('button', { name: 'Dictate' }));
    const stop = await screen.findByRole('button', { name: 'Stop dictation' });
    expect(recorders.made).toEqual([{ mimeType: 'audio/webm;codecs=opus', timeslice: 100 }]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(stop);
      await waitFor(() => expect(onText).toHaveBeenCalledWith('hello world', true));
      expect(api.callsTo(STT)).toHaveLength(1);
      expect(mic.stopTrack).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1900));
      expect(onAutoSend).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(onAutoSend).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops by itself after 3 s below the silence level', async () => {
    setSpeechSetting('engineSTT', 'external');
    const level = { value: 0.5 };
    mockAudioContext(level);
    mockMediaRecorder();
    mockMicrophone();
    mockFetch(() => jsonResponse({ text: 'quiet' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { onText } = setup();
      fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
      await screen.findByRole('button', { name: 'Stop dictation' });
      await act(() => vi.advanceTimersByTimeAsync(SILENCE_MS * 2));
      expect(onText).not.toHaveBeenCalled();
      level.value = 0.001; // -60 dB, under the default -45
      await act(() => vi.advanceTimersByTimeAsync(SILENCE_MS + 200));
      await waitFor(() => expect(onText).toHaveBeenCalledWith('quiet', true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('toggles with Shift+Alt+L', async () => {
    external();
    mockMediaRecorder();
    mockMicrophone();
    mockFetch(() => jsonResponse({ text: 'x' }));
    const { onText } = setup();
    fireEvent.keyDown(window, { code: 'KeyL', key: 'L', shiftKey: true, altKey: true });
    await screen.findByRole('button', { name: 'Stop dictation' });
    fireEvent.keyDown(window, { code: 'KeyL', key: 'L', shiftKey: true, altKey: true });
    await waitFor(() => expect(onText).toHaveBeenCalledWith('x', true));
  });

  it.each([
    [
      'a reply is streaming',
      () => setup({ isSubmitting: true }),
      'Speech input is off while a reply is being written.',
    ],
    [
      'the microphone is refused',
      () => {
        mockMicrophone('NotAllowedError');
        return setup();
      },
      'The microphone may not be used: allow it in the browser.',
    ],
    [
      'there is no MediaRecorder',
      () => {
        vi.stubGlobal('MediaRecorder', undefined);
        return setup();
      },
      'This browser cannot record audio.',
    ],
  ])('says so when %s', async (_, render, text) => {
    external();
    mockMediaRecorder();
    mockMicrophone();
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();
  });

  it('says when the recording was too short', async () => {
    external();
    mockMediaRecorder();
    mockMicrophone();
    mockFetch(() => jsonResponse({ message: 'The audio was too short' }, 400));
    const { events, onText } = setup();
    await events.click(screen.getByRole('button', { name: 'Dictate' }));
    await events.click(await screen.findByRole('button', { name: 'Stop dictation' }));
    expect(await screen.findByText('The recording was too short.')).toBeInTheDocument();
    expect(onText).not.toHaveBeenCalled();
  });
});

describe('dictation with the browser engine', () => {
  it('says when the browser cannot recognise speech', async () => {
    mockMicrophone();
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    expect(await screen.findByText('This browser has no speech recognition.')).toBeInTheDocument();
  });

  it('passes on what it hears as it hears it, and the whole once it ends', async () => {
    const made: { lang: string; continuous: boolean; onresult: unknown; onend: () => void; stop: () => void }[] = [];
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        lang = '';
        continuous = false;
        interimResults = false;
        onresult: ((event: unknown) => void) | null = null;
        onend: () => void = () => undefined;
        start() {
          made.push(this as never);
        }
        stop() {
          this.onend();
        }
      },
    );
    setSpeechSetting('languageSTT', 'fr-FR');
    const { events, onText } = setup();
    await events.click(screen.getByRole('button', { name: 'Dictate' }));
    const recognizer = made[0] as unknown as { lang: string; continuous: boolean; onresult: (event: unknown) => void };
    expect(recognizer).toMatchObject({ lang: 'fr-FR', continuous: true });
    act(() => recognizer.onresult({ results: [Object.assign([{ transcript: 'bonjour' }], { isFinal: false })] }));
    expect(onText).toHaveBeenLastCalledWith('bonjour', false);
    await events.click(screen.getByRole('button', { name: 'Stop dictation' }));
    expect(onText).toHaveBeenLastCalledWith('bonjour', true);
  });
});

describe('conversation mode', () => {
  it('listens again once a reply has been read aloud, and not without the mode', async () => {
    external();
    mockMediaRecorder();
    mockMicrophone();
    let endReading = () => undefined as void;
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        onend: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => [],
      cancel: vi.fn(),
      speak: (utterance: { onend: () => void }) => {
        endReading = () => utterance.onend();
      },
    });
    setup();
    startReadAloud('m1', 'A reply.', { onState: vi.fn(), onError: vi.fn() });
    act(() => endReading());
    expect(screen.getByRole('button', { name: 'Dictate' })).toBeInTheDocument();

    setSpeechSetting('conversationMode', true);
    startReadAloud('m1', 'A reply.', { onState: vi.fn(), onError: vi.fn() });
    act(() => endReading());
    expect(await screen.findByRole('button', { name: 'Stop dictation' })).toBeInTheDocument();
  });
});
