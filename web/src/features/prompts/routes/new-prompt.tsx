import { PlaceholderPage } from '@/components/layouts/placeholder-page';

/** /d/prompts/new: create a prompt. Not built yet: shows its name only (built by a later issue, in place). */
export function NewPromptRoute() {
  return <PlaceholderPage titleKey="com_ui_create_prompt" />;
}
