import { useMemo } from 'react';
import { encode } from 'uqr';

/** Spec 001 §9: the share QR code is 200 px, error correction level M. */
export const SHARE_QR_SIZE_PX = 200;

function modulesPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return parts.join('');
}

/**
 * The link as a QR code, drawn as SVG from the encoder's modules (as the 2FA code is). Black on
 * white with a quiet zone in both themes, so phone cameras read it in dark mode too.
 */
export function ShareQrCode({ value, label }: { value: string; label: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 0 });
    return { path: modulesPath(qr.data), modules: qr.size };
  }, [value]);

  return (
    <div className="inline-flex rounded-xl bg-white p-3 shadow-sm ring-1 ring-black/5">
      <svg
        role="img"
        aria-label={label}
        width={SHARE_QR_SIZE_PX}
        height={SHARE_QR_SIZE_PX}
        viewBox={`0 0 ${modules} ${modules}`}
        shapeRendering="crispEdges"
        data-testid="share-qr"
      >
        <path d={path} fill="#000" />
      </svg>
    </div>
  );
}
