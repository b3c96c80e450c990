import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { SlidersIcon } from '../setup-icons';
import { ParametersPanel } from './parameters-panel';

/** Opens the parameters panel of the current endpoint. */
export function ParametersButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-label={t('com_endpoint_parameters')}
        title={t('com_endpoint_parameters')}
        onClick={() => setOpen(true)}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-border-light text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
      >
        <SlidersIcon />
      </button>
      <ParametersPanel open={open} onClose={() => setOpen(false)} />
    </>
  );
}
