import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { Composer, type ComposerProps } from '../composer';

/** Renders the composer with spies for its callbacks; `update` re-renders with changed props. */
export function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const onSubmit = vi.fn<(text: string) => void>();
  const onStop = vi.fn<() => void>();
  let props: ComposerProps = {
    conversationId: 'convo-1',
    onSubmit,
    onStop,
    isSubmitting: false,
    placeholder: 'Message gpt-4o-mini',
    ...overrides,
  };
  const view = render(<Composer {...props} />);
  const update = (changes: Partial<ComposerProps>) => {
    props = { ...props, ...changes };
    view.rerender(<Composer {...props} />);
  };
  const textbox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message input' });
  return { ...view, onSubmit, onStop, update, textbox };
}
