import { useTranslation } from '@/lib/i18n/react';
import type { DateGroup } from '../lib/date-groups';

const FIXED_LABELS = {
  today: 'com_ui_date_today',
  yesterday: 'com_ui_date_yesterday',
  previous7: 'com_ui_date_previous_7_days',
  previous30: 'com_ui_date_previous_30_days',
} as const;

/** A heading's text: a fixed phrase, a month named in the interface language, or a year. */
function useGroupLabel(group: DateGroup): string {
  const { t, i18n } = useTranslation();
  if (group.kind === 'month')
    return new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(2000, group.month, 1));
  if (group.kind === 'year') return String(group.year);
  return t(FIXED_LABELS[group.kind]);
}

export function DateHeading({ group }: { group: DateGroup }) {
  return <h2 className="truncate px-3 pb-1 pt-3 text-xs font-semibold text-text-secondary">{useGroupLabel(group)}</h2>;
}
