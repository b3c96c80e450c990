import { useEffect, useState } from 'react';
import { usePermission } from '@/shared/config/api/get-role';
import { useInterfaceToggle } from '@/shared/config/use-interface-toggle';
import { useComposerInput } from '../composer/composer-input';
import { UserKeyDialog } from '../setup/components/user-key/user-key-dialog';
import type { EndpointOption } from '../setup/lib/endpoint-options';
import { useCommandSettings } from './lib/command-settings';
import { type CommandTrigger, mentionTrigger, plusTrigger, slashTrigger } from './lib/command-trigger';
import type { AddedModel } from '../stream/added-run';
import { MentionPopover } from './mention-popover';
import { SlashPopover } from './slash-popover';

type ActiveCommand = CommandTrigger & { kind: 'slash' | 'mention' | 'plus' };

export interface ComposerCommandsProps {
  /**
   * A `/` prompt with `{{variables}}` was chosen: the variable form takes it from here. Without
   * it such a prompt is inserted as it is, for the user to fill in by hand.
   */
  onPromptWithVariables?: (text: string) => void;
  /** A model was chosen from the `+` list, to answer the next message beside the chat's own. Without it `+` is plain text. */
  onAddModel?: (added: AddedModel) => void;
}

const sameCommand = (a: ActiveCommand | null, b: ActiveCommand | null) =>
  a !== null && b !== null && a.kind === b.kind && a.start === b.start;

/**
 * The composer's `/` (prompts), `@` (endpoint, model, preset, spec, agent) and `+` (a second
 * model for the turn) lists, opening above the message box once the command's character is
 * typed (`/` and `+` first in the message, `@` first or after a space), while the box has focus.
 * `/` needs the PROMPTS permission, the `prompts` interface toggle and the slash-command setting,
 * `@` the at-command setting, `+` the MULTI_CONVO permission, the `multiConvo` interface toggle and
 * the plus-command setting. Escape closes the list and keeps the text;
 * typing the character anew opens it again. Must sit in the composer's `commands` slot, inside
 * <ChatSetupProvider>.
 */
export function ComposerCommands({ onPromptWithVariables, onAddModel }: ComposerCommandsProps) {
  const { text, replaceText, textareaRef } = useComposerInput();
  const settings = useCommandSettings();
  // Every hook runs on every render: none may sit behind a short-circuit.
  const promptsShown = useInterfaceToggle('prompts');
  const multiConvoShown = useInterfaceToggle('multiConvo');
  const canUsePrompts = usePermission('PROMPTS', 'USE') && promptsShown;
  const canAddModel =
    usePermission('MULTI_CONVO', 'USE') && multiConvoShown && settings.plusCommand && onAddModel !== undefined;
  const [focused, setFocused] = useState(false);
  // The command whose character was just typed; Escape or a choice forgets it.
  const [armed, setArmed] = useState<ActiveCommand | null>(null);
  const [seenText, setSeenText] = useState(text);
  const [keyDialogFor, setKeyDialogFor] = useState<EndpointOption | null>(null);

  useEffect(() => {
    const box = textareaRef.current;
    if (!box) return;
    setFocused(document.activeElement === box);
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    return () => {
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
    };
  }, [textareaRef]);

  const slash = settings.slashCommand && canUsePrompts ? slashTrigger(text) : null;
  const mention = settings.atCommand ? mentionTrigger(text) : null;
  const plus = canAddModel ? plusTrigger(text) : null;
  const first = slash ? { kind: 'slash' as const, ...slash } : plus ? { kind: 'plus' as const, ...plus } : null;
  // The command typed last wins: "/summary @gpt" is choosing a model.
  const command: ActiveCommand | null =
    mention && (!first || mention.start > first.start) ? { kind: 'mention', ...mention } : first;
  // Only a command character typed at the end arms its list: not one in a restored draft, nor
  // an older `@word` that deleting back reaches (state adjusted during render, React's pattern).
  if (seenText !== text) {
    setSeenText(text);
    const typed = command !== null && command.start === seenText.length && text === `${seenText}${text.slice(-1)}`;
    if (typed) setArmed(command);
    else if (!sameCommand(armed, command)) setArmed(null);
  }
  const open = focused && sameCommand(armed, command) ? command : null;
  const close = () => setArmed(null);

  return (
    <>
      {open?.kind === 'slash' && (
        <SlashPopover
          query={open.query}
          onInsert={(inserted) => {
            close();
            replaceText(inserted);
          }}
          {...(onPromptWithVariables ? { onPromptWithVariables } : {})}
          onClose={close}
        />
      )}
      {open?.kind === 'mention' && (
        <MentionPopover
          query={open.query}
          onChosen={() => {
            close();
            replaceText(text.slice(0, open.start));
          }}
          onClose={close}
          onKeyNeeded={setKeyDialogFor}
        />
      )}
      {open?.kind === 'plus' && onAddModel && (
        <MentionPopover
          query={open.query}
          onPick={onAddModel}
          onChosen={() => {
            close();
            replaceText('');
          }}
          onClose={close}
          onKeyNeeded={setKeyDialogFor}
        />
      )}
      {keyDialogFor && <UserKeyDialog endpoint={keyDialogFor} open onClose={() => setKeyDialogFor(null)} />}
    </>
  );
}
