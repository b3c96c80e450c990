import '@/shared/i18n/data-i18n';
import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { SettingsRow } from '@/components/ui/settings-row';
import { useToast } from '@/components/ui/toast-context';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { useImportConversations } from '../api/import-conversations';
import { describeImport } from '../lib/describe-import';
import { IMPORT_ACCEPT, isJsonFile } from '../lib/import-file';

/**
 * Settings → Data: import conversations from a LibreChat, ChatGPT or chatbot-ui export. The
 * file type is checked here first (a wrong type has its own toast); the server says what it kept.
 */
export function ImportConversationsRow() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const importFile = useImportConversations();

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so choosing the same file again is a new choice.
    event.target.value = '';
    if (!file) return;
    if (!isJsonFile(file)) {
      showToast({ severity: 'error', message: t('com_ui_import_conversation_file_type_error') });
      return;
    }
    importFile.mutate(file, {
      onSuccess: (result) => showToast(describeImport(result, t)),
      onError: (error) => {
        const generic = t('com_ui_import_conversation_error');
        // A refusal the server explains (nothing importable, too large, too often) keeps its reason.
        const reason = error instanceof ApiError && error.status < 500 ? error.message : '';
        showToast({ severity: 'error', message: reason ? `${generic}: ${reason}` : generic });
      },
    });
  };

  return (
    <SettingsRow label={t('com_ui_import_conversation_info')} labelId={labelId}>
      {importFile.isPending && (
        <span role="status" className="text-sm text-text-secondary">
          {t('com_ui_importing')}
        </span>
      )}
      <Button
        variant="outline"
        loading={importFile.isPending}
        aria-describedby={labelId}
        onClick={() => inputRef.current?.click()}
      >
        {t('com_ui_import')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={IMPORT_ACCEPT}
        className="hidden"
        aria-labelledby={labelId}
        data-testid="import-conversations-file"
        onChange={onFileChosen}
      />
    </SettingsRow>
  );
}
