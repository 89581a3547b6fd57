import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('Sign In says accounts are coming, in a dialog that closes', async () => {
    const user = userEvent.setup();
    render(<SiteHeader />, { wrapper: MemoryRouter });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveTextContent('Accounts are coming soon. You can book without signing in.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
