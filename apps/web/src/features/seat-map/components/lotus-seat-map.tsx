import { useMemo } from 'react';
import type { LotusSeatMap as LotusLayout } from '@marquee/domain/seat-map';
import type { LayoutProps } from './generic-seat-map';
import { SeatMapSurface } from './seat-map-surface';

interface WedgeLabel {
  key: string;
  text: string;
  x: number;
  y: number;
}

/**
 * One label per wedge, outside its outermost ring. The tiers of a wedge ("Inner Circle · West",
 * "Middle Ring · West", …) face the same way: labelling each just outside its own rows put the inner
 * names on top of the next tier's seats. The tiers have their package colours; the label names what
 * they share (the part after the last " · "), or the outermost section when they share nothing.
 */
function wedgeLabels(map: LotusLayout, radius: number, fontSize: number): WedgeLabel[] {
  const wedges: { key: string; mid: number; outer: number; names: string[]; outerName: string }[] = [];
  for (const section of map.sections) {
    const outer = section.rows.reduce((a, b) => (b.radius > a.radius ? b : a));
    const mid = (outer.startAngle + outer.endAngle) / 2;
    const wedge = wedges.find((w) => Math.abs(w.mid - mid) < 5);
    if (!wedge)
      wedges.push({ key: section.id, mid, outer: outer.radius, names: [section.name], outerName: section.name });
    else {
      wedge.names.push(section.name);
      if (outer.radius > wedge.outer) Object.assign(wedge, { outer: outer.radius, outerName: section.name });
    }
  }
  return wedges.map((wedge) => {
    const shared = new Set(wedge.names.map((name) => name.split(' · ').at(-1)));
    const text = shared.size === 1 && wedge.names.length > 1 ? [...shared][0]! : wedge.outerName;
    const angle = (wedge.mid * Math.PI) / 180;
    // Clear of the seats however the wedge faces (a generous text width: 0.7 em a character, bold), and inside the drawing.
    const halfWidth = (text.length * fontSize * 0.7) / 2;
    const r =
      wedge.outer + radius * 3 + fontSize * 0.6 * Math.abs(Math.sin(angle)) + halfWidth * Math.abs(Math.cos(angle));
    const x = Math.min(Math.max(map.center.x + r * Math.cos(angle), halfWidth), map.width - halfWidth);
    const y = Math.min(Math.max(map.center.y + r * Math.sin(angle), fontSize), map.height - fontSize / 2);
    return { key: wedge.key, text, x, y };
  });
}

/** The special venue variant: tiers of arcs around a round stage (Lotus Pond Theatre). */
export function LotusSeatMap({ map, ...props }: LayoutProps & { map: LotusLayout }) {
  const { radius } = props.model;
  const { center } = map;
  const font = Math.max(radius * 2.2, 6);
  // Hundreds of row labels: built once per layout, not on every click.
  const background = useMemo(
    () => (
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
        {wedgeLabels(map, radius, font * 1.5).map((label) => (
          <text
            key={label.key}
            x={label.x}
            y={label.y}
            textAnchor="middle"
            dominantBaseline="middle"
            fontSize={font * 1.5}
            fontWeight={700}
            fill="#334155"
          >
            {label.text}
          </text>
        ))}
        {map.sections.map((section) => {
          return (
            <g key={section.id}>
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
    ),
    [map, center, radius, font],
  );
  return <SeatMapSurface {...props} background={background} title="Lotus Pond Theatre" />;
}
