import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CodeBlock } from '@/shared/markdown/code-block';
import { isCapturedNode } from './capture-filter';
import { capturePng } from './capture-png';

const toBlob = vi.hoisted(() => vi.fn(async () => new Blob(['png'], { type: 'image/png' })));
vi.mock('html-to-image', () => ({ toBlob }));

describe('screenshot capture filter', () => {
  it('leaves out a code block’s copy button and keeps its code and label', () => {
    const { container } = render(<CodeBlock language="ts" code="const a = 1;" />);
    expect(isCapturedNode(screen.getByRole('button', { name: 'Copy code' }))).toBe(false);
    const pre = container.querySelector('pre');
    expect(pre && isCapturedNode(pre)).toBe(true);
    expect(isCapturedNode(screen.getByText('ts'))).toBe(true);
    expect(isCapturedNode(document.createTextNode('text'))).toBe(true);
  });

  it('leaves out other controls too', () => {
    for (const tag of ['button', 'input', 'select', 'textarea']) {
      expect(isCapturedNode(document.createElement(tag))).toBe(false);
    }
    const fakeButton = document.createElement('div');
    fakeButton.setAttribute('role', 'button');
    expect(isCapturedNode(fakeButton)).toBe(false);
  });

  it('is the filter the PNG export draws with', async () => {
    Object.defineProperty(document, 'fonts', { value: { ready: Promise.resolve() }, configurable: true });
    await capturePng(document.createElement('div'), '#fff');
    expect(toBlob).toHaveBeenCalledWith(
      expect.any(HTMLDivElement),
      expect.objectContaining({ filter: isCapturedNode }),
    );
  });
});
