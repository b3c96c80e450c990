import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EndpointIcon } from './endpoint-icon';

const markOf = (element: Element) => element.getAttribute('data-mark');

describe('EndpointIcon', () => {
  it.each([
    ['openAI', 'openAI'],
    ['azureOpenAI', 'azureOpenAI'],
    ['anthropic', 'anthropic'],
    ['google', 'google'],
    ['bedrock', 'bedrock'],
    ['assistants', 'assistants'],
    ['agents', 'agents'],
  ])('draws the %s mark for that built-in endpoint, named by its label', (type, mark) => {
    render(<EndpointIcon type={type} label="Provider" />);
    const icon = screen.getByRole('img', { name: 'Provider' });
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(markOf(icon)).toBe(mark);
    // A mark, never a letter.
    expect(icon.textContent).toBe('');
  });

  it('gives the built-in providers different marks', () => {
    const types = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom'];
    const { container } = render(
      <>
        {types.map((type) => (
          <EndpointIcon key={type} type={type} label={type} />
        ))}
      </>,
    );
    const marks = Array.from(container.querySelectorAll('svg'), markOf);
    expect(new Set(marks).size).toBe(types.length);
  });

  it('shows a custom endpoint’s iconURL as an image with alt text', () => {
    render(<EndpointIcon type="custom" iconURL="https://example.com/mock.png" label="Demo (mock)" />);
    const image = screen.getByRole('img', { name: 'Demo (mock)' });
    expect(image.tagName.toLowerCase()).toBe('img');
    expect(image.getAttribute('src')).toBe('https://example.com/mock.png');
  });

  it('falls back to the generic mark when the image fails to load', () => {
    render(<EndpointIcon type="custom" iconURL="https://example.com/missing.png" label="Demo (mock)" />);
    fireEvent.error(screen.getByRole('img', { name: 'Demo (mock)' }));
    const icon = screen.getByRole('img', { name: 'Demo (mock)' });
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(markOf(icon)).toBe('custom');
  });

  it('draws the generic mark for a custom endpoint without an icon, and for an unsafe URL', () => {
    const { container } = render(
      <>
        <EndpointIcon type="custom" label="Plain" />
        <EndpointIcon type="custom" iconURL="javascript:alert(1)" label="Unsafe" />
      </>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(Array.from(container.querySelectorAll('svg'), markOf)).toEqual(['custom', 'custom']);
  });

  it('takes a built-in endpoint name given as the icon (a model spec’s iconURL)', () => {
    render(<EndpointIcon type="custom" iconURL="anthropic" label="Spec" />);
    expect(markOf(screen.getByRole('img', { name: 'Spec' }))).toBe('anthropic');
  });

  it('is hidden when decorative (its label is written next to it)', () => {
    const { container } = render(<EndpointIcon type="google" label="Google" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
