import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainText } from './plain-text';

describe('PlainText', () => {
  it('shows the text as typed: no markdown, no HTML, whitespace kept and wrapped', () => {
    const text = '# not a heading\n\n  **not bold**  <b>not bold</b> [x](javascript:alert(1))';
    const { container } = render(<PlainText text={text} />);
    const element = container.firstElementChild;
    expect(element?.textContent).toBe(text);
    expect(element?.children).toHaveLength(0);
    expect(element).toHaveClass('whitespace-pre-wrap', 'break-words');
  });
});
