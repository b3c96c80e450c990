const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring that fills clockwise with an upload's progress (0 to 1), over a dimmed thumbnail. */
export function ProgressRing({ progress, label }: { progress: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className="absolute inset-0 flex items-center justify-center bg-black/40"
    >
      <svg viewBox="0 0 40 40" className="size-9 -rotate-90" aria-hidden="true">
        <circle cx="20" cy="20" r={RADIUS} fill="none" stroke="white" strokeOpacity="0.3" strokeWidth="4" />
        <circle
          cx="20"
          cy="20"
          r={RADIUS}
          fill="none"
          stroke="white"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
          className="transition-[stroke-dashoffset] duration-200"
        />
      </svg>
    </div>
  );
}
