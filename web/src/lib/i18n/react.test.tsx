import { act, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { I18nProvider, useTranslation } from './react';
import { type TFunction, type TKey, Translator } from './translator';

const GREETING = 'test_greeting' as TKey;

/** Memoised on `t`: it updates only because `t` is a new function after a change. */
const Greeting = memo(function Greeting({ t }: { t: TFunction }) {
  return <p>{t(GREETING, { name: 'Ada' })}</p>;
});

function Page() {
  const { t, i18n: translator } = useTranslation();
  return (
    <>
      <Greeting t={t} />
      <span>{translator.language}</span>
    </>
  );
}

describe('useTranslation', () => {
  it('shows a key no language has yet, asks for it, and re-renders in English when it arrives', () => {
    const missing: string[] = [];
    const translator = new Translator({ language: 'ja-JP', onMissingKey: (_language, key) => missing.push(key) });
    render(
      <I18nProvider i18n={translator}>
        <Page />
      </I18nProvider>,
    );
    expect(screen.getByRole('paragraph')).toHaveTextContent('test_greeting');
    expect(missing).toContain('test_greeting');

    act(() => translator.addStrings('en-US', { test_greeting: 'Hello, {{name}}' }));
    expect(screen.getByRole('paragraph')).toHaveTextContent('Hello, Ada');
    act(() => translator.addStrings('ja-JP', { test_greeting: 'こんにちは、{{name}}' }));
    expect(screen.getByRole('paragraph')).toHaveTextContent('こんにちは、Ada');
  });

  it('re-renders on a language change', () => {
    const translator = new Translator({ language: 'en-US' });
    translator.addStrings('en-US', { test_greeting: 'Hello, {{name}}' });
    translator.addStrings('de-DE', { test_greeting: 'Hallo, {{name}}' });
    render(
      <I18nProvider i18n={translator}>
        <Page />
      </I18nProvider>,
    );
    act(() => translator.changeLanguage('de-DE'));
    expect(screen.getByRole('paragraph')).toHaveTextContent('Hallo, Ada');
    expect(screen.getByText('de-DE')).toBeInTheDocument();
  });

  it('uses the app’s translator without a provider', () => {
    render(<Page />);
    expect(screen.getByText(i18n.language)).toBeInTheDocument();
  });
});
