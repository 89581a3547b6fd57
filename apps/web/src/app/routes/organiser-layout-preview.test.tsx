import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildGenericSeatMap, GenericLayoutSpecSchema } from '@marquee/domain/authoring';
import { LayoutPreview } from './organiser-layout-preview';

describe("the layout builder's preview", () => {
  it("draws the spec's map with the buyer's renderer: the stage, each section in a colour of its own", () => {
    const spec = GenericLayoutSpecSchema.parse({
      stage_label: 'Main stage',
      sections: [
        { id: 'S', name: 'Stalls', rows: [{ seats: 12 }, { seats: 12 }] },
        { id: 'B', name: 'Balcony', rows: [{ seats: 8 }], beside_previous: true },
      ],
    });
    const { container } = render(<LayoutPreview map={buildGenericSeatMap(spec)} />);
    expect(screen.getByRole('application', { name: 'Venue seat map' })).toBeInTheDocument();
    expect(container).toHaveTextContent('Main stage');
    expect(container).toHaveTextContent('Stalls');
    expect(container).toHaveTextContent('Balcony');
    const groups = [...container.querySelectorAll('path[data-group]')].map((path) => path.getAttribute('data-group'));
    expect(groups).toEqual(expect.arrayContaining(['c0', 'c1']));
    expect(groups).not.toContain('unavailable');
  });
});
