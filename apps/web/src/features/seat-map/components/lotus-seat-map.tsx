import type { LotusSeatMap as LotusLayout } from '@marquee/domain/seat-map';
import type { SeatModel } from '../lib/seat-model';
import type { LayoutProps } from './generic-seat-map';
import { SeatMapSurface } from './seat-map-surface';

/** The special venue variant: tiers of arcs around a round stage (Lotus Pond Theatre). */
export function LotusSeatMap(props: LayoutProps & { model: SeatModel & { map: LotusLayout } }) {
  const { map, radius } = props.model;
  const { center } = map;
  const font = Math.max(radius * 2.2, 6);
  const background = (
    <g aria-hidden="true">
      <circle cx={center.x} cy={center.y} r={map.stage.radius} fill="#1E1B4B" />
      <circle
        cx={center.x}
        cy={center.y}
        r={map.stage.radius * 0.82}
        fill="none"
        stroke="#F59E0B"
        strokeWidth={2}
        strokeDasharray="6 4"
      />
      <text
        x={center.x}
        y={center.y}
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#FFFFFF"
        fontSize={Math.min(map.stage.radius * 0.3, 32)}
        fontWeight={700}
      >
        {map.stage.label}
      </text>
      {map.sections.map((section) => {
        const outer = section.rows[section.rows.length - 1]!;
        const mid = (((outer.startAngle + outer.endAngle) / 2) * Math.PI) / 180;
        const r = outer.radius + radius * 5;
        return (
          <g key={section.id}>
            <text
              x={center.x + r * Math.cos(mid)}
              y={center.y + r * Math.sin(mid)}
              textAnchor="middle"
              dominantBaseline="middle"
              fontSize={font * 1.5}
              fontWeight={700}
              fill="#334155"
            >
              {section.name}
            </text>
            {section.rows.map((row) => {
              const a = ((row.startAngle - 3) * Math.PI) / 180;
              return (
                <text
                  key={row.label}
                  x={center.x + row.radius * Math.cos(a)}
                  y={center.y + row.radius * Math.sin(a)}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fontSize={font * 0.8}
                  fill="#64748B"
                >
                  {row.label}
                </text>
              );
            })}
          </g>
        );
      })}
    </g>
  );
  return <SeatMapSurface {...props} background={background} title="Lotus Pond Theatre" />;
}
