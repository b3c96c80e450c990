import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LegalLinks } from './legal-links';

const renderInRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('LegalLinks', () => {
  it('links the app’s own pages when no external page is configured', () => {
    renderInRouter(<LegalLinks privacyPolicy={{ openNewTab: true }} termsOfService={undefined} />);
    const privacy = screen.getByRole('link', { name: 'Privacy policy' });
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(privacy).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms-of-service');
  });

  it('opens the app’s own pages in a new tab when asked (from a dialog)', () => {
    renderInRouter(<LegalLinks privacyPolicy={undefined} termsOfService={undefined} internalInNewTab />);
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('target', '_blank');
  });

  it('links each configured page, in a new tab only when asked', () => {
    renderInRouter(
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

  it('mixes an external privacy policy with the app’s own terms', () => {
    renderInRouter(
      <LegalLinks
        privacyPolicy={{ externalUrl: 'https://example.com/privacy' }}
        termsOfService={{ openNewTab: true }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://example.com/privacy');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms-of-service');
  });
});
