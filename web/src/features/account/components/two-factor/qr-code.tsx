import { useMemo } from 'react';
import { encode } from 'uqr';

/** Side of the 2FA QR code in CSS pixels (spec 001 §9). */
export const TWO_FACTOR_QR_SIZE_PX = 240;

/** One path of unit squares, one per dark module: small and crisp at any size. */
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
 * A QR code drawn as SVG from the encoder's modules (no HTML injection). Always black on
 * white with a quiet zone, so authenticator apps read it in dark mode too.
 */
export function QrCode({ value, label, size = TWO_FACTOR_QR_SIZE_PX }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 0 });
    return { path: modulesPath(qr.data), modules: qr.size };
  }, [value]);

  return (
    <div className="inline-flex rounded-xl bg-white p-3 shadow-sm ring-1 ring-black/5">
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${modules} ${modules}`}
        shapeRendering="crispEdges"
        data-testid="two-factor-qr"
      >
        <path d={path} fill="#000" />
      </svg>
    </div>
  );
}
