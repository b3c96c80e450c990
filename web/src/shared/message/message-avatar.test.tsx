import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageAvatar } from './message-avatar';

describe('MessageAvatar', () => {
  it('shows a reply’s endpoint by its provider’s mark', () => {
    const { container } = render(<MessageAvatar isUser={false} name="Claude" endpoint="anthropic" />);
    expect(container.querySelector('svg')?.getAttribute('data-mark')).toBe('anthropic');
  });

  it('shows a custom endpoint’s reply by its icon image, else the generic mark', () => {
    const { container } = render(
      <>
        <MessageAvatar isUser={false} name="Mock" endpoint="Demo (mock)" iconURL="/icons/mock.png" />
        <MessageAvatar isUser={false} name="Mock" endpoint="Demo (mock)" />
      </>,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/icons/mock.png');
    expect(container.querySelector('svg')?.getAttribute('data-mark')).toBe('custom');
  });

  it('shows the user’s initial, hidden as the name is written beside it', () => {
    const { container } = render(<MessageAvatar isUser name="ada" />);
    expect(container.textContent).toBe('A');
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
