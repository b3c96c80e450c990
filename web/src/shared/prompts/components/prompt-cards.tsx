import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PromptGroup } from '@contract/prompts';
import { Dialog } from '@/components/ui/dialog';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { usePermission } from '@/shared/config/api/get-role';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { Markdown } from '@/shared/markdown';
import { useRandomPrompts } from '../api/prompt-queries';
import { needsVariableForm } from '../lib/variables';
import { PromptVariablesDialog } from './prompt-variables-dialog';
import '../prompts-chat-i18n';

/** Four fit one row on a wide screen and two on a phone. */
const CARD_COUNT = 4;

type PromptCardsProps = {
  /** Sends the prompt's text (variables filled in) as the user's message. */
  onRun: (text: string) => void;
  /** While nothing can be sent the cards stay visible but do nothing. */
  disabled?: boolean;
};

const MoreIcon = () => (
  <Icon className="size-4">
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Icon>
);

/**
 * A few prompts from the library on a new conversation's landing. A click runs the prompt (its
 * variable form first, when it has variables); the menu previews it, and its author can edit it.
 */
export function PromptCards({ onRun, disabled = false }: PromptCardsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The config's `interface.prompts` switch hides the library for everyone.
  const shown = useStartupConfig().data?.interface.prompts !== false;
  const canUse = usePermission('PROMPTS', 'USE') && shown;
  const userId = useCurrentUser().data?.id;
  const { data } = useRandomPrompts(CARD_COUNT, canUse);
  const [formText, setFormText] = useState<string | null>(null);
  const [preview, setPreview] = useState<PromptGroup | null>(null);

  const groups = (data?.prompts ?? []).filter((group) => group.productionPrompt?.prompt).slice(0, CARD_COUNT);
  if (!canUse || groups.length === 0) return null;

  const run = (text: string) => {
    if (needsVariableForm(text)) setFormText(text);
    else onRun(text);
  };

  return (
    <>
      <ul
        aria-label={t('com_ui_prompt_cards')}
        data-testid="prompt-cards"
        className="mt-8 grid w-full max-w-2xl grid-cols-1 gap-2 sm:grid-cols-2"
      >
        {groups.map((group) => {
          const text = group.productionPrompt?.prompt ?? '';
          return (
            <li key={group._id} className="relative">
              <button
                type="button"
                disabled={disabled}
                aria-label={t('com_ui_prompt_run', { 0: group.name })}
                onClick={() => run(text)}
                className="flex size-full flex-col rounded-xl border border-border-light px-3 py-2.5 pe-10 text-start hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
              >
                <span className="truncate text-sm font-medium text-text-primary">{group.name}</span>
                <span className="line-clamp-2 text-xs text-text-secondary">{group.oneliner || text}</span>
              </button>
              <div className="absolute end-1.5 top-1.5">
                <DropdownMenu
                  triggerClassName="rounded-lg p-1.5 text-text-secondary hover:bg-surface-tertiary"
                  trigger={<MoreIcon />}
                  triggerLabel={t('com_ui_prompt_card_actions', { 0: group.name })}
                  items={[
                    { id: 'preview', label: t('com_ui_prompt_preview'), onSelect: () => setPreview(group) },
                    ...(group.author === userId
                      ? [
                          {
                            id: 'edit',
                            label: t('com_ui_prompt_edit'),
                            onSelect: () => void navigate(paths.dashboard.prompt.getHref(group._id)),
                          },
                        ]
                      : []),
                  ]}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <PromptVariablesDialog
        open={formText !== null}
        onOpenChange={(open) => !open && setFormText(null)}
        promptText={formText ?? ''}
        onSubmit={onRun}
      />
      <Dialog open={preview !== null} onClose={() => setPreview(null)} title={preview?.name ?? ''} size="lg">
        <Markdown content={preview?.productionPrompt?.prompt ?? ''} />
      </Dialog>
    </>
  );
}
