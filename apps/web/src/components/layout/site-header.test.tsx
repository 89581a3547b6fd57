import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('links the logo home and lists the categories, marking the current one', () => {
    render(
      <MemoryRouter initialEntries={['/theatre']}>
        <SiteHeader search={<input aria-label="Search" />} />
      </MemoryRouter>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Marquee home' })).toHaveAttribute('href', '/');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Concerts', '/concerts'],
      ['Theatre', '/theatre'],
      ['Dance', '/dance'],
      ['Uni Events', '/uni-events'],
      ['All events', '/all'],
      ['Download Tickets', '/download-tickets'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Theatre' })).toHaveAttribute('aria-current', 'page');
    expect(within(banner).getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows what the app puts in the account slot', () => {
    render(<SiteHeader account={<button type="button">Sign In</button>} />, { wrapper: MemoryRouter });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
