import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/ui/theme-toggle';

/**
 * The frame every page renders in until its feature brings its own layout: a heading, the
 * content, and the theme toggle at the bottom left (where LibreChat puts it on auth pages).
 */
export function PageFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <main className="w-full max-w-md text-center">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {children}
      </main>
      <ThemeToggle className="fixed bottom-4 start-4" />
    </div>
  );
}
