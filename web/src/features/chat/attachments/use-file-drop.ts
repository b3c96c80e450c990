import { type DragEvent, useState } from 'react';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dragged over the chat and dropped there are attached. `dragging` is true while files
 * hover the area, so the screen can say where they would go. Drags of text are left alone.
 * While attaching is off, a drop is still caught: the browser would otherwise leave the chat
 * to open the file.
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean) {
  // Entering a child fires leave on the parent first: counting keeps the state steady.
  const [depth, setDepth] = useState(0);
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (enabled) setDepth((value) => value + 1);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      setDepth((value) => Math.max(0, value - 1));
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDepth(0);
      if (enabled) onFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging: enabled && depth > 0, handlers };
}
