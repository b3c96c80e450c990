import { type FormEvent, useId, useState } from 'react';
import { TAG_LIMITS, type Tag } from '@contract/tags';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { useCreateTag } from '../api/create-tag';
import { useEditTag } from '../api/update-tag';
import { isNameTaken, tagErrorText } from '../lib/tag-error-text';

type BookmarkEditDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The bookmark to edit; without it the dialog creates one. */
  tag?: Tag;
  /** Creating from an open conversation: offers to put the new bookmark on it (checked). */
  conversationId?: string;
};

/** Creates or edits a bookmark: its title (required) and description (optional). */
export function BookmarkEditDialog({ open, onClose, tag, conversationId }: BookmarkEditDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t(tag ? 'com_ui_bookmarks_edit' : 'com_ui_bookmarks_new')}>
      <BookmarkForm tag={tag} conversationId={conversationId} onDone={onClose} />
    </Dialog>
  );
}

type BookmarkFormProps = { tag?: Tag; conversationId?: string; onDone: () => void };

/** Mounted per opening (the dialog renders nothing while closed), so each starts afresh. */
function BookmarkForm({ tag, conversationId, onDone }: BookmarkFormProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const create = useCreateTag();
  const edit = useEditTag();
  const descriptionId = useId();
  const [name, setName] = useState(tag?.tag ?? '');
  const [description, setDescription] = useState(tag?.description ?? '');
  const [addToConversation, setAddToConversation] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || edit.isPending;

  const validate = (): string | null => {
    const trimmed = name.trim();
    if (trimmed === '') return t('com_ui_bookmarks_title_required');
    if (trimmed.length > TAG_LIMITS.tagMax) return t('com_ui_bookmarks_title_too_long', { max: TAG_LIMITS.tagMax });
    return null;
  };

  const failed = (fallback: string) => (error: unknown) => {
    if (isNameTaken(error)) setNameError(t('com_ui_bookmarks_create_exists'));
    else setFailure(tagErrorText(error, fallback));
  };

  const succeeded = (message: string) => () => {
    showToast({ severity: 'success', message });
    onDone();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = validate();
    setNameError(problem);
    setFailure(null);
    if (problem) return;
    const trimmedName = name.trim();
    const trimmedDescription = description.trim();
    if (!tag) {
      create.mutate(
        {
          tag: trimmedName,
          ...(trimmedDescription ? { description: trimmedDescription } : {}),
          ...(conversationId ? { conversationId, addToConversation } : {}),
        },
        {
          onSuccess: succeeded(t('com_ui_bookmarks_create_success')),
          onError: failed(t('com_ui_bookmarks_create_error')),
        },
      );
      return;
    }
    // Only what changed is sent: an unchanged name must not count as a rename.
    const changes = {
      ...(trimmedName !== tag.tag ? { tag: trimmedName } : {}),
      ...(trimmedDescription !== (tag.description ?? '') ? { description: trimmedDescription || null } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    edit.mutate(
      { name: tag.tag, changes },
      {
        onSuccess: succeeded(t('com_ui_bookmarks_update_success')),
        onError: failed(t('com_ui_bookmarks_update_error')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('com_ui_bookmarks_title')}
        value={name}
        maxLength={TAG_LIMITS.tagMax}
        autoComplete="off"
        required
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-text-primary">
          {t('com_ui_bookmarks_description')}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          value={description}
          maxLength={TAG_LIMITS.descriptionMax}
          onChange={(event) => setDescription(event.target.value)}
          className="block w-full resize-y rounded-lg border border-border-medium bg-surface-input px-3.5 py-2.5 text-base text-text-primary placeholder:text-text-tertiary focus:outline-2 focus:outline-ring-primary sm:text-sm"
        />
      </div>
      {!tag && conversationId && (
        <CheckboxField
          label={t('com_ui_bookmarks_add_to_conversation')}
          checked={addToConversation}
          onChange={setAddToConversation}
          disabled={pending}
        />
      )}
      {failure && <Alert>{failure}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}
