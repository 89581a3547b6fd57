import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found';

describe('NotFoundPage', () => {
  it('says the page was not found and offers ways back', () => {
    render(<NotFoundPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /all events/i })).toHaveAttribute('href', '/all');
    expect(screen.getByRole('link', { name: /search/i })).toHaveAttribute('href', '/search');
    expect(document.title).toBe('Page not found | Marquee');
  });

  it('takes a title for a specific thing', () => {
    render(<NotFoundPage title="Event not found" />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });
});
