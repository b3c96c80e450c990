import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LegalLinks } from './legal-links';

describe('LegalLinks', () => {
  it('renders nothing when no external page is configured', () => {
    const { container } = render(<LegalLinks privacyPolicy={{ openNewTab: true }} termsOfService={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links each configured page, in a new tab only when asked', () => {
    render(
      <LegalLinks
        privacyPolicy={{ externalUrl: 'https://example.com/privacy', openNewTab: true }}
        termsOfService={{ externalUrl: 'https://example.com/terms' }}
      />,
    );
    const privacy = screen.getByRole('link', { name: 'Privacy policy' });
    expect(privacy).toHaveAttribute('href', 'https://example.com/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
    const terms = screen.getByRole('link', { name: 'Terms of service' });
    expect(terms).toHaveAttribute('href', 'https://example.com/terms');
    expect(terms).not.toHaveAttribute('target');
  });
});
