import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { focusableElements, trapTabKey } from './focusable';

type ModalProps = {
  /** The id of the element naming the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
};

/**
 * A modal that must be answered: no close button, and neither Escape nor the backdrop
 * dismisses it (the terms). For ordinary dialogs use Dialog. Focus moves in on open, Tab
 * cycles inside, and focus returns where it was when it goes.
 */
export function Modal({ labelledBy, children, className = '' }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (panel.current) (focusableElements(panel.current)[0] ?? panel.current).focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 backdrop-blur-sm sm:items-center sm:p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Tab' && panel.current) trapTabKey(event, panel.current);
        }}
        className={`flex max-h-[92dvh] w-full max-w-2xl flex-col rounded-t-2xl border border-border-light bg-surface-card text-text-primary shadow-2xl outline-none sm:rounded-2xl ${className}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
