import { useEffect, useMemo, useState } from 'react';
import type { GenericSeatMap as GenericLayout } from '@marquee/domain/seat-map';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { SeatMapSurface, type SeatMapSurfaceProps } from './seat-map-surface';

export type LayoutProps = Omit<SeatMapSurfaceProps, 'background' | 'title'>;

/** Sections of straight rows facing a rectangular stage. */
export function GenericSeatMap({ map, ...props }: LayoutProps & { map: GenericLayout }) {
  const { radius } = props.model;
  const font = Math.max(radius * 2.2, 6);
  // The row labels, hundreds of SVG texts, were most of the style and layout of the map's first frame (a
  // 100 ms task at Lighthouse's 4x slowdown on the 20,964-seat stadium): they are drawn in the frame after
  // the seats', so neither frame is as long.
  const [hasRowLabels, setHasRowLabels] = useState(false);
  useEffect(() => afterNextPaint(() => setHasRowLabels(true)), []);
  // Hundreds of row labels: built once per layout, not on every click.
  const background = useMemo(
    () => (
      <g aria-hidden="true">
        <rect x={map.stage.x} y={map.stage.y} width={map.stage.width} height={map.stage.height} rx={8} fill="#1E1B4B" />
        <text
          x={map.stage.x + map.stage.width / 2}
          y={map.stage.y + map.stage.height / 2}
          textAnchor="middle"
          dominantBaseline="middle"
          fill="#FFFFFF"
          fontSize={Math.min(map.stage.height * 0.4, 40)}
          fontWeight={700}
        >
          {map.stage.label}
        </text>
        {map.sections.map((section) => {
          const first = section.rows[0]!;
          return (
            <g key={section.id}>
              <text x={first.x} y={first.y - radius * 3} fontSize={font * 1.6} fontWeight={700} fill="#334155">
                {section.name}
              </text>
              {hasRowLabels &&
                section.rows.map((row) => (
                  <text
                    key={row.label}
                    x={row.x - radius * 2}
                    y={row.y}
                    textAnchor="end"
                    dominantBaseline="middle"
                    fontSize={font * 0.8}
                    fill="#64748B"
                  >
                    {row.label}
                  </text>
                ))}
            </g>
          );
        })}
      </g>
    ),
    [map, radius, font, hasRowLabels],
  );
  return <SeatMapSurface {...props} background={background} title="Venue" />;
}
