/**
 * Where an uploaded PDF's text is kept (pdf-text.ts reads it at upload): an R2 object beside the
 * PDF, under the same user prefix, so account deletion's listing finds it too. The prompt reads
 * it (chat/attachments.ts) and file deletion removes it (conversations/delete.ts).
 */

export const PDF_TYPE = 'application/pdf';

export const pdfTextKey = (storageKey: string): string => `${storageKey}.txt`;
