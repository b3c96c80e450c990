import { useNavigate } from 'react-router-dom';
import type { Prompt, PromptGroup, UpdatePromptGroupBody } from '@contract/prompts';
import { useToast } from '@/components/ui/toast-context';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import {
  useCreatePrompt,
  useDeletePrompt,
  useMakePromptProduction,
  useUpdatePromptGroup,
} from '@/shared/prompts/api/prompt-mutations';
import { makesNewVersionProduction, promptsSettingsStore } from '../../lib/editor-settings';

/**
 * What the prompt page changes, each with its failure message: the group's fields, a new
 * version (made production when the mode says so), production, and deleting a version.
 */
export function usePromptActions(group: PromptGroup, onSelect: (id: string | null) => void) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const createPrompt = useCreatePrompt();
  const updateGroup = useUpdatePromptGroup();
  const makeProduction = useMakePromptProduction();
  const deletePrompt = useDeletePrompt();
  const failed = () => showToast({ message: t('com_ui_prompt_update_error'), severity: 'error' });

  const update = (body: UpdatePromptGroupBody) => updateGroup.mutate({ id: group._id, body }, { onError: failed });

  const setProduction = (prompt: Pick<Prompt, '_id' | 'groupId'>) => makeProduction.mutate(prompt, { onError: failed });

  /** A new version from `text`; the caller already knows the text changed. */
  const saveVersion = (text: string, from: Prompt | undefined) =>
    createPrompt.mutate(
      { prompt: { prompt: text, type: from?.type ?? 'text', groupId: group._id } },
      {
        onSuccess: ({ prompt }) => {
          onSelect(prompt._id);
          if (makesNewVersionProduction(promptsSettingsStore.get())) setProduction(prompt);
        },
        onError: failed,
      },
    );

  const deleteVersion = (prompt: Prompt) =>
    deletePrompt.mutate(
      { id: prompt._id, groupId: group._id },
      {
        onSuccess: (result) => {
          // The last version took the group with it.
          if (result.promptGroup) void navigate(paths.dashboard.prompts.getHref(), { replace: true });
          else onSelect(null);
        },
        onError: failed,
      },
    );

  return { update, setProduction, saveVersion, deleteVersion };
}
