import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/features/account/testing/api-mock';
import { getSpeechSettings } from '@/shared/speech/speech-settings';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SpeechTab } from './speech-tab';

const CONFIG = 'GET /api/files/speech/config/get';
const VOICES = 'GET /api/files/speech/tts/voices';

const engineOptions = (name: string) =>
  Array.from(screen.getByRole('combobox', { name }).querySelectorAll('option')).map((option) => option.value);

describe('settings speech tab', { timeout: 20_000 }, () => {
  it('opens on Simple; Advanced adds languages, timings and playback', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    const { events } = renderWithProviders(<SpeechTab />, { user: userFixture() });
    expect(screen.getByRole('button', { name: 'Simple' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('switch', { name: 'Speech to text' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Text to speech' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('slider', { name: 'Silence level' })).toBeNull();

    await events.click(screen.getByRole('button', { name: 'Advanced' }));
    expect(getSpeechSettings().advancedMode).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Dictation language' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Silence level' })).toHaveValue('-45');
    expect(screen.getByRole('slider', { name: 'Send dictation after' })).toHaveAttribute('aria-valuetext', 'Off');
    expect(screen.getByRole('switch', { name: 'Read new replies aloud' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Online browser voices' })).toBeInTheDocument();
  });

  it('offers the server engine only when the server has one', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    renderWithProviders(<SpeechTab />, { user: userFixture() });
    expect(engineOptions('Dictation engine')).toEqual(['browser']);
    expect(engineOptions('Read-aloud engine')).toEqual(['browser']);
  });

  it("applies the server's settings and lists its voices", async () => {
    mockApi({
      [CONFIG]: ok({ sttExternal: true, ttsExternal: true, engineTTS: 'external', voice: 'nova' }),
      [VOICES]: ok(['alloy', 'nova']),
    });
    renderWithProviders(<SpeechTab />, { user: userFixture() });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Read-aloud engine' })).toHaveValue('external'));
    expect(engineOptions('Dictation engine')).toEqual(['browser', 'external']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Voice' })).toHaveValue('nova'));
    expect(engineOptions('Voice')).toEqual(['', 'alloy', 'nova']);
  });

  it('turns conversation mode on with its settings, and off with a direction', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    const { events } = renderWithProviders(<SpeechTab />, { user: userFixture() });
    await events.click(screen.getByRole('switch', { name: 'Conversation mode' }));
    expect(getSpeechSettings()).toMatchObject({ conversationMode: true, autoSendText: 3, autoTranscribeAudio: true });

    await events.click(screen.getByRole('switch', { name: 'Text to speech' }));
    const mode = screen.getByRole('switch', { name: 'Conversation mode' });
    expect(mode).toHaveAttribute('aria-checked', 'false');
    await events.click(mode);
    expect(mode).toHaveAttribute('aria-checked', 'false');
  });

  it('resets the reading speed on double-click', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    const { events } = renderWithProviders(<SpeechTab />, { user: userFixture() });
    await events.click(screen.getByRole('button', { name: 'Advanced' }));
    const rate = screen.getByRole('slider', { name: 'Reading speed' });
    fireEvent.change(rate, { target: { value: '1.5' } });
    expect(getSpeechSettings().playbackRate).toBe(1.5);
    await events.dblClick(rate);
    expect(getSpeechSettings().playbackRate).toBe(1);
  });
});
