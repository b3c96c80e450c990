import '@/shared/i18n/export-i18n';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { useMessages } from '@/shared/conversation/api/get-messages';
import { capturePng } from '../lib/capture-png';
import { downloadBlob, textBlob } from '../lib/download';
import { branchMessages } from '../lib/export-messages';
import {
  defaultOptions,
  EXPORT_EXTENSIONS,
  EXPORT_TYPES,
  type ExportOptions,
  type ExportType,
  supportedOptions,
} from '../lib/export-types';
import { DEFAULT_EXPORT_FILENAME, exportFilename, sanitizeFilename } from '../lib/filename';
import { buildTextExport } from '../lib/text-export';
import { ScreenshotView } from './screenshot-view';

interface ExportDialogProps {
  conversation: ChatConversation;
  onClose: () => void;
}

/** LibreChat opens the dialog on the screenshot, the first type. */
const INITIAL_TYPE: ExportType = 'screenshot';

/** The options, in the dialog's order, with their labels. */
const EXPORT_OPTION_LABELS = [
  ['includeOptions', 'com_nav_export_include_endpoint_options'],
  ['exportBranches', 'com_nav_export_all_message_branches'],
  ['recursive', 'com_nav_export_recursive'],
] as const satisfies readonly (readonly [keyof ExportOptions, TranslationKey])[];

/**
 * "Export conversation": a filename (the title, sanitised, or
 * 'file'), a type, and the options that type supports, as LibreChat's export dialog has them.
 * Every file is made in the browser from the conversation's messages and saved with a Blob
 * link. Mounted only while open, so each opening starts from the defaults.
 */
export function ExportDialog({ conversation, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const messages = useMessages(conversation.conversationId);
  const [filename, setFilename] = useState(() => sanitizeFilename(conversation.title || DEFAULT_EXPORT_FILENAME));
  const [type, setType] = useState<ExportType>(INITIAL_TYPE);
  const [options, setOptions] = useState<ExportOptions>(() => defaultOptions(INITIAL_TYPE));
  const [error, setError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const screenshotRef = useRef<HTMLDivElement>(null);
  const supported = supportedOptions(type);
  const loaded = messages.data ?? null;

  const changeType = (next: ExportType) => {
    setType(next);
    setOptions(defaultOptions(next));
    setError(null);
  };
  const setOption = (key: keyof ExportOptions) => (checked: boolean) =>
    setOptions((previous) => ({ ...previous, [key]: checked }));
  const savedName = exportFilename(filename, EXPORT_EXTENSIONS[type]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loaded || capturing) return;
    setError(null);
    if (type === 'screenshot') {
      setCapturing(true);
      return;
    }
    try {
      const { content, mimeType } = buildTextExport(
        type,
        { conversation, messages: loaded, exportedAt: new Date() },
        options,
      );
      downloadBlob(textBlob(content, mimeType), savedName);
      onClose();
    } catch {
      setError(t('com_nav_export_error'));
    }
  };

  // The screenshot copy is drawn first; it is captured once it is in the page.
  useEffect(() => {
    if (!capturing) return;
    let cancelled = false;
    const node = screenshotRef.current;
    void (async () => {
      try {
        if (!node) throw new Error('Nothing to capture.');
        // Two frames: React has committed, and the browser has laid the copy out.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const blob = await capturePng(node, getComputedStyle(node).backgroundColor);
        if (cancelled) return;
        downloadBlob(blob, savedName);
        onClose();
      } catch {
        if (cancelled) return;
        setError(t('com_nav_export_screenshot_error'));
        setCapturing(false);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per capture: the name and type cannot change while the button is busy.
  }, [capturing]);

  const typeOptions = EXPORT_TYPES.map((value) => ({ value, label: t(`com_nav_export_type_${value}`) }));
  const isEmpty = loaded !== null && loaded.length === 0;

  return (
    <Dialog open onClose={onClose} title={t('com_nav_export_conversation')} size="md">
      <form id={formId} onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('com_nav_export_filename')}
            placeholder={t('com_nav_export_filename_placeholder')}
            value={filename}
            onChange={(event) => setFilename(event.target.value)}
            hint={savedName}
            autoComplete="off"
            spellCheck={false}
          />
          <ExportTypeSelect label={t('com_nav_export_type')} value={type} options={typeOptions} onChange={changeType} />
        </div>
        <fieldset className="flex flex-col gap-3">
          {EXPORT_OPTION_LABELS.map(([option, label]) => (
            <CheckboxField
              key={option}
              label={t(label)}
              // An option the chosen type ignores is shown off and disabled, with the reason.
              info={supported[option] ? undefined : t('com_nav_export_not_supported')}
              checked={supported[option] && options[option]}
              onChange={setOption(option)}
              disabled={!supported[option]}
            />
          ))}
        </fieldset>
        {messages.isPending && <p className="text-sm text-text-secondary">{t('com_nav_export_loading')}</p>}
        {isEmpty && <p className="text-sm text-text-secondary">{t('com_nav_export_empty')}</p>}
        {(error || messages.isError) && (
          <p role="alert" className="text-sm text-text-destructive">
            {error ?? t('com_nav_export_error')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" loading={capturing || messages.isPending} disabled={!loaded || isEmpty}>
            {t('com_endpoint_export')}
          </Button>
        </div>
      </form>
      {capturing && loaded && (
        <ScreenshotView ref={screenshotRef} title={conversation.title} messages={branchMessages(loaded)} />
      )}
    </Dialog>
  );
}

interface ExportTypeSelectProps {
  label: string;
  value: ExportType;
  options: { value: ExportType; label: string }[];
  onChange: (type: ExportType) => void;
}

function ExportTypeSelect({ label, value, options, onChange }: ExportTypeSelectProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-text-primary">
        {label}
      </label>
      <SelectField
        id={id}
        value={value}
        options={options}
        onChange={(event) => {
          const next = EXPORT_TYPES.find((type) => type === event.target.value);
          if (next) onChange(next);
        }}
      />
    </div>
  );
}
