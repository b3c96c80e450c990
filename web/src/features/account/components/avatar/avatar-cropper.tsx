import { type KeyboardEvent, type PointerEvent, useEffect, useEffectEvent, useId, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import {
  AVATAR_CROP_SIZE_PX,
  AVATAR_WHEEL_ZOOM_PER_PX,
  clampOffset,
  clampZoom,
  type CropState,
  cropTransform,
  type ImageSize,
} from '../../lib/avatar-crop';

/** Arrow keys pan by this many crop pixels (Shift: five times as far). */
const KEYBOARD_PAN_PX = 10;
/** + and - change the zoom by this much. */
const KEYBOARD_ZOOM_STEP = 0.1;

type AvatarCropperProps = { src: string; size: ImageSize; crop: CropState; onChange: (crop: CropState) => void };

/** The 250×250 crop area: drag (or arrow keys) to pan, wheel (or +/-) to zoom. */
export function AvatarCropper({ src, size, crop, onChange }: AvatarCropperProps) {
  const { t } = useTranslation();
  const instructionsId = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; offsetX: number; offsetY: number } | null>(null);
  const update = (next: CropState) => onChange(clampOffset(next, size));

  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    update({ ...crop, zoom: clampZoom(crop.zoom - event.deltaY * AVATAR_WHEEL_ZOOM_PER_PX) });
  });
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    // Not React's onWheel: that listener is passive, so it could not stop the page scrolling.
    const listener = (event: WheelEvent) => onWheel(event);
    area.addEventListener('wheel', listener, { passive: false });
    return () => area.removeEventListener('wheel', listener);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, offsetX: crop.offsetX, offsetY: crop.offsetY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    update({
      ...crop,
      offsetX: start.offsetX + event.clientX - start.x,
      offsetY: start.offsetY + event.clientY - start.y,
    });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEYBOARD_PAN_PX * 5 : KEYBOARD_PAN_PX;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const pan = pans[event.key];
    if (pan) update({ ...crop, offsetX: crop.offsetX + pan[0], offsetY: crop.offsetY + pan[1] });
    else if (event.key === '+' || event.key === '=')
      update({ ...crop, zoom: clampZoom(crop.zoom + KEYBOARD_ZOOM_STEP) });
    else if (event.key === '-') update({ ...crop, zoom: clampZoom(crop.zoom - KEYBOARD_ZOOM_STEP) });
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <div
        ref={areaRef}
        role="group"
        aria-label={t('com_ui_avatar_crop_area')}
        aria-describedby={instructionsId}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        style={{ width: AVATAR_CROP_SIZE_PX, height: AVATAR_CROP_SIZE_PX }}
        className="relative cursor-grab touch-none select-none overflow-hidden rounded-xl bg-surface-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary active:cursor-grabbing"
      >
        <img
          src={src}
          alt=""
          draggable={false}
          style={{ width: size.width, height: size.height, maxWidth: 'none', transform: cropTransform(crop, size) }}
          className="pointer-events-none absolute left-1/2 top-1/2 origin-center"
        />
        {/* The round guide: avatars are shown in a circle. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_9999px_rgba(0,0,0,0.45)] ring-2 ring-white/80"
        />
      </div>
      <p id={instructionsId} className="text-center text-xs text-text-secondary">
        {t('com_ui_editor_instructions')}
      </p>
    </div>
  );
}
