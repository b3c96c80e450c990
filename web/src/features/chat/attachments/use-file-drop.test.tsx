import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFileDrop } from './use-file-drop';

function DropArea({ onFiles, enabled }: { onFiles: (files: File[]) => void; enabled: boolean }) {
  const { dragging, handlers } = useFileDrop(onFiles, enabled);
  return (
    <div data-testid="chat" {...handlers}>
      {dragging && <p>drop here</p>}
    </div>
  );
}

const photo = new File(['png'], 'photo.png', { type: 'image/png' });
const withFiles = { dataTransfer: { types: ['Files'], files: [photo], dropEffect: 'none' } };

function drop(target: HTMLElement, init: object) {
  const event = createEvent.drop(target, init);
  fireEvent(target, event);
  return event;
}

describe('dropping files on the chat', () => {
  it('shows where files go while dragged over, and attaches them on drop', () => {
    const onFiles = vi.fn();
    render(<DropArea onFiles={onFiles} enabled />);
    const chat = screen.getByTestId('chat');
    fireEvent.dragEnter(chat, withFiles);
    expect(screen.getByText('drop here')).toBeInTheDocument();
    const event = drop(chat, withFiles);
    expect(event.defaultPrevented).toBe(true);
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([photo]);
    expect(screen.queryByText('drop here')).toBeNull();
  });

  it('leaves a drag of text alone', () => {
    const onFiles = vi.fn();
    render(<DropArea onFiles={onFiles} enabled />);
    const event = drop(screen.getByTestId('chat'), { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(event.defaultPrevented).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('while attaching is off, catches the drop (the browser would open the file) without attaching', () => {
    const onFiles = vi.fn();
    render(<DropArea onFiles={onFiles} enabled={false} />);
    const chat = screen.getByTestId('chat');
    fireEvent.dragEnter(chat, withFiles);
    expect(screen.queryByText('drop here')).toBeNull();
    expect(drop(chat, withFiles).defaultPrevented).toBe(true);
    expect(onFiles).not.toHaveBeenCalled();
  });
});
