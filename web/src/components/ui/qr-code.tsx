import { useMemo } from 'react';
import { encode } from 'uqr';

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

type QrCodeProps = {
  value: string;
  /** The image's accessible name. */
  label: string;
  /** Side in CSS pixels. */
  size: number;
  testId?: string;
};

/**
 * A QR code (error correction level M) drawn as SVG from the encoder's modules (no HTML
 * injection). Always black on white with a quiet zone, so cameras read it in dark mode too.
 */
export function QrCode({ value, label, size, testId }: QrCodeProps) {
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
        data-testid={testId}
      >
        <path d={path} fill="#000" />
      </svg>
    </div>
  );
}
