import { useCallback, useEffect, useState } from 'react';

/** Copies text and reports `copied` for `confirmationMs` (how long the "Copied" feedback shows). */
export function useCopyToClipboard(confirmationMs: number) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), confirmationMs);
    return () => window.clearTimeout(timer);
  }, [copied, confirmationMs]);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access can be denied (insecure context, permissions); nothing to confirm.
      setCopied(false);
    }
  }, []);

  return { copied, copy };
}
