import { SelectField, type SelectOption } from '@/components/ui/select-field';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { useCategories } from '@/shared/prompts/api/prompt-queries';

type CategorySelectProps = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** Options above the categories (the list's "all", "mine", …). */
  leading: readonly SelectOption[];
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
};

/** The categories from the server, their labels translated. */
export function CategorySelect({ leading, onChange, ...props }: CategorySelectProps) {
  const { t } = useTranslation();
  const categories = useCategories().data ?? [];
  const options = [
    ...leading,
    // Labels are catalogue keys; one the catalogue lacks shows the raw value.
    ...categories.map((category) => ({
      value: category.value,
      label: t(category.label as TranslationKey, { defaultValue: category.value }),
    })),
  ];
  // A category no longer offered (renamed on the server) still shows as chosen.
  if (props.value && !options.some((option) => option.value === props.value)) {
    options.push({ value: props.value, label: props.value });
  }
  return <SelectField {...props} options={options} onChange={(event) => onChange(event.target.value)} />;
}
