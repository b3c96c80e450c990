import { useId } from 'react';
import { DEFAULT_IMAGE_DETAIL, IMAGE_DETAIL_RANGE, type ImageDetail } from '@contract/model-parameters';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { imageDetailAt, imageDetailPosition } from '../../lib/parameter-values';
import { ParameterRow } from './parameter-row';

const LEVEL_LABELS: Record<ImageDetail, TranslationKey> = {
  low: 'com_endpoint_image_detail_low',
  auto: 'com_endpoint_image_detail_auto',
  high: 'com_endpoint_image_detail_high',
};

type ImageDetailParameterProps = {
  label: string;
  value: unknown;
  onChange: (next: ImageDetail | undefined) => void;
};

/** A 0..2 slider, as LibreChat draws it, stored as the level it stands for (low, auto, high). */
export function ImageDetailParameter({ label, value, onChange }: ImageDetailParameterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const position = imageDetailPosition(value);
  const level = imageDetailAt(position);
  const isSet = value !== undefined && value !== null && value !== DEFAULT_IMAGE_DETAIL;
  return (
    <ParameterRow label={label} labelId={labelId} onReset={isSet ? () => onChange(undefined) : undefined}>
      <div className="flex items-center gap-3">
        <input
          type="range"
          aria-labelledby={labelId}
          aria-valuetext={t(LEVEL_LABELS[level])}
          min={IMAGE_DETAIL_RANGE.min}
          max={IMAGE_DETAIL_RANGE.max}
          step={IMAGE_DETAIL_RANGE.step}
          value={position}
          onChange={(event) => onChange(imageDetailAt(event.target.value))}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-[var(--surface-submit)]"
        />
        <span className="w-16 text-end text-sm text-text-secondary">{t(LEVEL_LABELS[level])}</span>
      </div>
    </ParameterRow>
  );
}
