import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /d/prompts: prompt library index. Not built yet: shows its name only (built by a later issue, in place). */
export function PromptsRoute() {
  return <PlaceholderPage titleKey="com_ui_prompts" />;
}
