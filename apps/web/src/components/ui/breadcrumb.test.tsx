import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb, crumbsFromPath } from './breadcrumb';

function renderAt(path: string, currentLabel?: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumb currentLabel={currentLabel} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Breadcrumb' });
}

describe('Breadcrumb', () => {
  it('builds the trail from the path, the last crumb being the current page', () => {
    const nav = renderAt('/terms-and-conditions');
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'Terms And Conditions']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Terms And Conditions')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Terms And Conditions' })).not.toBeInTheDocument();
  });

  it('names categories as the header does', () => {
    expect(crumbsFromPath('/uni-events').map((crumb) => crumb.label)).toEqual(['Home', 'Uni Events']);
    expect(crumbsFromPath('/all').map((crumb) => crumb.label)).toEqual(['Home', 'All events']);
  });

  it('reads an event path as Home › Category › Event, with the label the page passes', () => {
    const nav = renderAt('/concerts/jazz-under-the-stars/a1b2c3', 'Jazz Under the Stars!');
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Concerts', 'Jazz Under the Stars!']);
    expect(within(nav).getByRole('link', { name: 'Concerts' })).toHaveAttribute('href', '/concerts');
    expect(within(nav).getByText('Jazz Under the Stars!')).toHaveAttribute('aria-current', 'page');
  });

  it('renders nothing on the home page', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Breadcrumb />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
