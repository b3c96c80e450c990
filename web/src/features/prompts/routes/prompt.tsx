import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /d/prompts/:promptId: prompt detail and editor. Not built yet: shows its name only (built by a later issue, in place). */
export function PromptRoute() {
  return <PlaceholderPage titleKey="com_ui_prompt" />;
}
