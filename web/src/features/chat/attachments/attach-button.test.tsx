import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttachButton } from './attach-button';

const DEFAULT_TYPES = ['^image/(png|jpeg|gif|webp)$', '^image/svg(\\+xml)?$', '^text/plain$', '^application/pdf$'];

function renderButton(props: Partial<Parameters<typeof AttachButton>[0]> = {}) {
  const onFiles = vi.fn<(files: File[]) => void>();
  render(
    <AttachButton
      onFiles={onFiles}
      filesDisabled={false}
      disabled={false}
      seesImages
      supportedMimeTypes={DEFAULT_TYPES}
      {...props}
    />,
  );
  // Which chooser was opened: the input whose click() ran.
  const opened = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
  const openedIds = () => opened.mock.contexts.map((input) => (input as HTMLInputElement).dataset.testid);
  return { onFiles, openedIds, button: () => screen.getByRole('button', { name: 'Attach files' }) };
}

const acceptOf = (testId: string) => screen.getByTestId(testId).getAttribute('accept') ?? '';

describe('the attach menu', () => {
  it('offers an image and a file for a model that sees images, and opens the chosen chooser', async () => {
    const events = userEvent.setup();
    const view = renderButton();
    expect(view.button()).toHaveAttribute('aria-haspopup', 'menu');
    await events.click(view.button());
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Upload image', 'Upload file']);
    expect(items[0]).toHaveFocus();
    await events.click(screen.getByRole('menuitem', { name: 'Upload image' }));
    expect(view.openedIds()).toEqual(['attach-image-input']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(view.button()).toHaveFocus();
    // Each chooser shows its own kind: images the model is shown; documents, not images.
    expect(acceptOf('attach-image-input').split(',')).toEqual(
      expect.arrayContaining(['image/png', 'image/jpeg', '.png', '.jpg', '.webp']),
    );
    expect(acceptOf('attach-image-input')).not.toContain('svg');
    expect(acceptOf('attach-file-input').split(',')).toEqual(
      expect.arrayContaining(['text/plain', 'application/pdf', '.txt', '.pdf']),
    );
    expect(acceptOf('attach-file-input')).not.toContain('image/');
  });

  it('works from the keyboard: Enter opens, arrows move, Escape closes with focus back, Space picks', async () => {
    const events = userEvent.setup();
    const view = renderButton();
    view.button().focus();
    await events.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Upload image' })).toHaveFocus();
    await events.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Upload file' })).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(view.button()).toHaveFocus();
    expect(view.openedIds()).toEqual([]);

    await events.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Upload file' })).toHaveFocus();
    await events.keyboard(' ');
    expect(view.openedIds()).toEqual(['attach-file-input']);
    expect(view.button()).toHaveFocus();
  });

  it('opens the file chooser at once for a model that cannot see images: no image entry', async () => {
    const events = userEvent.setup();
    const view = renderButton({ seesImages: false });
    expect(view.button()).not.toHaveAttribute('aria-haspopup');
    await events.click(view.button());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(view.openedIds()).toEqual(['attach-file-input']);
  });

  it('opens the image chooser at once when the endpoint takes only images', async () => {
    const events = userEvent.setup();
    const view = renderButton({ supportedMimeTypes: ['^image/(png|jpeg)$'] });
    await events.click(view.button());
    expect(view.openedIds()).toEqual(['attach-image-input']);
    expect(acceptOf('attach-image-input')).toBe('image/png,image/jpeg,.jpeg,.jpg,.png');
  });

  it('leaves the document chooser unfiltered when the endpoint takes types it cannot list', () => {
    renderButton({ supportedMimeTypes: ['^text/.*$', '^image/png$'] });
    expect(screen.getByTestId('attach-file-input')).not.toHaveAttribute('accept');
  });

  it('stays disabled, saying why, for an endpoint that takes no files', () => {
    renderButton({ filesDisabled: true, supportedMimeTypes: [] });
    expect(screen.getByRole('button', { name: 'This endpoint does not accept attached files.' })).toBeDisabled();
  });
});
