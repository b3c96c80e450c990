import { i18n } from '@/lib/i18n/i18n';
import type { RunRecord } from './run-record';
import { isSubmittingStatus } from './run-view';
import { CONNECTION_ERROR_DELAY_MS } from './run-timing';

/**
 * A run that has had no data for {@link CONNECTION_ERROR_DELAY_MS} since its connection failed
 * shows the connection error as its reply (an error) and stops submitting; data arriving
 * before then cancels it. `publish` shows the change.
 */
export function startConnectionErrorTimer(record: RunRecord, publish: (record: RunRecord) => void): void {
  if (record.connectionErrorTimer !== null || record.connectionError) return;
  record.connectionErrorTimer = setTimeout(() => {
    record.connectionErrorTimer = null;
    if (record.hasData || record.keys.size === 0) return;
    const text = i18n.t('com_ui_error_connection');
    record.connectionError = text;
    const reply = record.exchange.responseMessage;
    if (reply) record.exchange = { ...record.exchange, responseMessage: { ...reply, text, error: true } };
    if (isSubmittingStatus(record.status)) record.status = 'error';
    publish(record);
  }, CONNECTION_ERROR_DELAY_MS);
}

export function stopConnectionErrorTimer(record: RunRecord): void {
  if (record.connectionErrorTimer !== null) clearTimeout(record.connectionErrorTimer);
  record.connectionErrorTimer = null;
}
