/** The card's heading: every auth page has exactly one h1. */
export function AuthHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="mb-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-text-primary">{title}</h1>
      {description && <p className="mt-2 text-sm leading-relaxed text-text-secondary">{description}</p>}
    </header>
  );
}
