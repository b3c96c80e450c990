import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { mockApi, ok } from '@/features/account/testing/api-mock';
import { I18nProvider } from '@/lib/i18n/react';
import { Translator } from '@/lib/i18n/translator';
import { getSpeechSettings } from '@/shared/speech/speech-settings';
import { userFixture } from '@/testing/account-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SpeechTab } from './speech-tab';

const CONFIG = 'GET /api/files/speech/config/get';
const VOICES = 'GET /api/files/speech/tts/voices';

const engineOptions = (name: string) =>
  Array.from(screen.getByRole('combobox', { name }).querySelectorAll('option')).map((option) => option.value);

const optionsOf = (name: string) =>
  Array.from(screen.getByRole('combobox', { name }).querySelectorAll('option')).map((option) => ({
    value: option.value,
    label: option.textContent ?? '',
  }));

/**
 * The app in German: a second translator over the same (en-US) strings, set to de-DE, so the
 * languages are named in German while the tab's own labels stay readable in these tests.
 */
function inGerman(ui: ReactElement): ReactElement {
  const german = new Translator({ language: 'de-DE' });
  german.addStrings('en-US', i18n.strings('en-US'));
  return <I18nProvider i18n={german}>{ui}</I18nProvider>;
}

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
    expect(mode).toHaveAttribute('aria-disabled', 'true');
    await events.click(mode);
    expect(mode).toHaveAttribute('aria-checked', 'false');
    expect(getSpeechSettings().conversationMode).toBe(false);

    // Usable again once both directions are on: no longer marked disabled, and it toggles.
    await events.click(screen.getByRole('switch', { name: 'Text to speech' }));
    expect(mode).not.toHaveAttribute('aria-disabled');
    await events.click(mode);
    expect(getSpeechSettings().conversationMode).toBe(true);
  });

  it('marks conversation mode disabled while dictation is off, and ignores Enter and Space on it', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    const { events } = renderWithProviders(<SpeechTab />, { user: userFixture() });
    await events.click(screen.getByRole('switch', { name: 'Speech to text' }));
    const mode = screen.getByRole('switch', { name: 'Conversation mode' });
    expect(mode).toHaveAttribute('aria-disabled', 'true');
    mode.focus();
    await events.keyboard('{Enter}');
    await events.keyboard(' ');
    expect(mode).toHaveAttribute('aria-checked', 'false');
    expect(getSpeechSettings().conversationMode).toBe(false);
  });

  it('offers about 90 dictation languages, named in English and sorted by name', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    const { events } = renderWithProviders(<SpeechTab />, { user: userFixture() });
    await events.click(screen.getByRole('button', { name: 'Advanced' }));
    const [auto, ...languages] = optionsOf('Dictation language');
    expect(auto).toEqual({ value: '', label: 'Same as the interface' });
    expect(languages.length).toBeGreaterThanOrEqual(85);
    expect(languages.length).toBeLessThanOrEqual(95);
    const codes = languages.map((option) => option.value);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of [
      'en-US',
      'en-GB',
      'en-AU',
      'en-IN',
      'es-ES',
      'es-MX',
      'es-AR',
      'ar-EG',
      'ar-SA',
      'zh-CN',
      'zh-TW',
      'zh-HK',
    ])
      expect(codes).toContain(code);
    expect(languages).toContainEqual({ value: 'en-GB', label: 'English (United Kingdom)' });
    expect(languages).toContainEqual({ value: 'de-DE', label: 'German (Germany)' });
    const labels = languages.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en-US').compare));
    // Both lists (dictation and reading) are the same.
    expect(optionsOf('Read-aloud language')).toEqual([auto, ...languages]);
  });

  it('names and sorts the languages in the interface language, and keeps the code as the value', async () => {
    mockApi({ [CONFIG]: ok({ message: 'not_found' }) });
    const { events, unmount } = renderWithProviders(inGerman(<SpeechTab />), { user: userFixture() });
    await events.click(screen.getByRole('button', { name: 'Advanced' }));
    const languages = optionsOf('Dictation language').slice(1);
    expect(languages).toContainEqual({ value: 'de-DE', label: 'Deutsch (Deutschland)' });
    expect(languages).toContainEqual({ value: 'en-US', label: 'Englisch (Vereinigte Staaten)' });
    const labels = languages.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de-DE').compare));
    // German sorts Ä with A: Arabic variants ("Arabisch …") come before "Aserbaidschanisch".
    expect(labels.indexOf('Arabisch (Ägypten)')).toBeLessThan(labels.indexOf('Aserbaidschanisch (Aserbaidschan)'));

    await events.selectOptions(screen.getByRole('combobox', { name: 'Dictation language' }), 'Spanisch (Mexiko)');
    expect(getSpeechSettings().languageSTT).toBe('es-MX');
    expect(localStorage.getItem('languageSTT')).toBe('"es-MX"');
    // A fresh tab reads the saved code back and shows it selected under its name.
    unmount();
    renderWithProviders(inGerman(<SpeechTab />), { user: userFixture() });
    const select = screen.getByRole('combobox', { name: 'Dictation language' });
    expect(select).toHaveValue('es-MX');
    expect(select.querySelector('option:checked')).toHaveTextContent('Spanisch (Mexiko)');
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
