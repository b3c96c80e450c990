import type { ToastOptions } from '@/components/ui/toast-context';
import type { TFunction } from '@/lib/i18n/translator';
import type { ImportResult } from '../api/import-conversations';

/** A partial import explains itself in a sentence or two: long enough to read. */
const PARTIAL_TOAST_MS = 8000;

/**
 * The toast for a finished import, saying honestly what happened: everything imported, or how
 * much was left out and the first reason the server gave.
 */
export function describeImport(result: ImportResult, t: TFunction): ToastOptions {
  const reason = result.reasons[0] ?? '';
  if (result.skipped > 0) {
    return {
      severity: 'warning',
      durationMs: PARTIAL_TOAST_MS,
      message: t('com_ui_import_conversation_partial', {
        imported: result.imported,
        total: result.imported + result.skipped,
        skipped: result.skipped,
        reason,
      }).trim(),
    };
  }
  if (result.messages.skipped > 0) {
    return {
      severity: 'warning',
      durationMs: PARTIAL_TOAST_MS,
      message: t('com_ui_import_conversation_messages_skipped', {
        count: result.imported,
        skipped: result.messages.skipped,
        reason,
      }).trim(),
    };
  }
  return {
    severity: 'success',
    message: t('com_ui_import_conversation_success_count', {
      count: result.imported,
      messages: result.messages.imported,
    }),
  };
}
