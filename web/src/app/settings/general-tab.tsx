import { useId, useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { SettingsRow } from '@/components/ui/settings-row';
import { ArchivedChatsRow } from '@/features/archive/components/archived-chats-row';
import { readLanguageChoice } from '@/features/settings/lib/language-choice';
import { changeLanguage } from '@/lib/i18n/i18n';
import type { TranslationKey } from '@/lib/i18n/keys';
import { LANGUAGE_ENDONYMS } from '@/lib/i18n/language-names';
import { isLanguage, type Language, SUPPORTED_LANGUAGES } from '@/lib/i18n/languages';
import { useTranslation } from '@/lib/i18n/react';
import type { Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-context';

const THEME_LABELS: Record<Theme, TranslationKey> = {
  system: 'com_nav_theme_system',
  dark: 'com_nav_theme_dark',
  light: 'com_nav_theme_light',
};

const isTheme = (value: string): value is Theme => value in THEME_LABELS;
const isLanguageChoice = (value: string): value is Language | 'auto' => value === 'auto' || isLanguage(value);

/** Theme (system, dark, light), language (auto or a shipped locale) and the archived chats. */
export function GeneralTab() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const [language, setLanguage] = useState(readLanguageChoice);
  const themeId = useId();
  const languageId = useId();

  return (
    <div className="divide-y divide-border-light">
      <SettingsRow label={t('com_nav_theme')} htmlFor={themeId}>
        <SelectField
          id={themeId}
          value={theme}
          onChange={(event) => isTheme(event.target.value) && setTheme(event.target.value)}
          options={(Object.keys(THEME_LABELS) as Theme[]).map((value) => ({ value, label: t(THEME_LABELS[value]) }))}
        />
      </SettingsRow>
      <SettingsRow label={t('com_nav_language')} htmlFor={languageId}>
        <SelectField
          id={languageId}
          value={language}
          onChange={(event) => {
            const choice = event.target.value;
            if (!isLanguageChoice(choice)) return;
            setLanguage(choice);
            void changeLanguage(choice);
          }}
          options={[
            { value: 'auto', label: t('com_nav_lang_auto') },
            // Each language in its own words and marked as such, so a screen reader speaks it right.
            ...SUPPORTED_LANGUAGES.map((value) => ({ value, label: LANGUAGE_ENDONYMS[value], lang: value })),
          ]}
        />
      </SettingsRow>
      <ArchivedChatsRow />
    </div>
  );
}
