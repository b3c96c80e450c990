import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import {
  AVATAR_ZOOM_MAX,
  AVATAR_ZOOM_MIN,
  AVATAR_ZOOM_STEP,
  clampOffset,
  type CropState,
  type ImageSize,
  rotateClockwise,
} from '../../lib/avatar-crop';
import { RotateIcon } from '../icons';

type CropControlsProps = { size: ImageSize; crop: CropState; onChange: (crop: CropState) => void; disabled?: boolean };

/** Zoom slider (1 to 5, step 0.001) and the 90° rotate button under the crop area. */
export function CropControls({ size, crop, onChange, disabled = false }: CropControlsProps) {
  const { t } = useTranslation();
  const zoomId = useId();
  return (
    <div className="flex w-full items-center gap-3">
      <label htmlFor={zoomId} className="text-sm font-medium">
        {t('com_ui_zoom')}
      </label>
      <input
        id={zoomId}
        type="range"
        min={AVATAR_ZOOM_MIN}
        max={AVATAR_ZOOM_MAX}
        step={AVATAR_ZOOM_STEP}
        value={crop.zoom}
        onChange={(event) => onChange(clampOffset({ ...crop, zoom: Number(event.target.value) }, size))}
        disabled={disabled}
        className="h-2 flex-1 cursor-pointer accent-ring-primary disabled:cursor-not-allowed"
      />
      <Button
        variant="outline"
        onClick={() => onChange(clampOffset(rotateClockwise(crop), size))}
        disabled={disabled}
        aria-label={t('com_ui_rotate_90')}
        title={t('com_ui_rotate_90')}
        className="px-2.5"
      >
        <RotateIcon />
      </Button>
    </div>
  );
}
