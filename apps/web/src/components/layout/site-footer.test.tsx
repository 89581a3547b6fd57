import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.useRealTimers();
});

describe('SiteFooter', () => {
  it('shows the copyright line with the current year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    render(<SiteFooter />, { wrapper: MemoryRouter });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 Marquee. All rights reserved.');
  });

  it('links to the static pages and the social accounts', () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['About us', '/about-us'],
      ['Contact us', '/contact-us'],
      ['Privacy policy', '/privacy-policy'],
      ['Terms and conditions', '/terms-and-conditions'],
      ['Download Tickets', '/download-tickets'],
    ] as const) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const facebook = within(footer).getByRole('link', { name: /Marquee on Facebook/ });
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    expect(facebook).toHaveAttribute('href', 'https://www.facebook.com/marqueetickets');
    for (const network of ['Instagram', 'X', 'YouTube', 'TikTok']) {
      expect(within(footer).getByRole('link', { name: new RegExp(`Marquee on ${network} `) })).toBeInTheDocument();
    }
  });
});
