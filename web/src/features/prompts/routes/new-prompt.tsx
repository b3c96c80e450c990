import { NewPromptForm } from '../components/new-prompt-form';
import { PermissionGate } from '../components/permission-gate';

/** /d/prompts/new: only for roles allowed to create prompts. */
export function NewPromptRoute() {
  return (
    <PermissionGate permission="CREATE">
      <NewPromptForm />
    </PermissionGate>
  );
}
