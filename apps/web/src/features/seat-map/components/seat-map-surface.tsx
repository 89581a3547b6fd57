import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { TicketPackage } from '@marquee/domain/catalog';
import type { SeatAccess } from '@marquee/domain/seat-map';
import {
  companionRingsPath,
  dotsPath,
  hitTest,
  isPackageOpen,
  neighbourSeat,
  seatGroupPaths,
  seatState,
  type Direction,
  type SeatModel,
  type SeatState,
  wheelchairMarksPath,
} from '../lib/seat-model';
import {
  ACCESS_MARK,
  ACCESS_MARK_ON_UNAVAILABLE,
  RESERVED_FILL,
  SELECTED_FILL,
  UNAVAILABLE_STROKE_DOT,
  packageFill,
} from '../lib/palette';

export interface SeatMapSurfaceProps {
  model: SeatModel;
  packagesById: ReadonlyMap<number, TicketPackage>;
  selected: ReadonlySet<string>;
  reservedSeatIds: ReadonlySet<string>;
  /** Whether `reservedSeatIds` is the server's answer yet (before it, nothing is reserved). */
  hasLiveSeatStates: boolean;
  /** Layout-specific drawing under the seats: stage, section and row labels. */
  background: ReactNode;
  /** A short name of the layout for the region's label. */
  title: string;
  onSeatActivate(index: number): void;
  describeSeat(index: number, state: SeatState): string;
}

interface View {
  k: number;
  tx: number;
  ty: number;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 24;
const DRAG_THRESHOLD_PX = 5;
const KEYS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/**
 * The drawn map shared by the generic and the lotus layouts. Fast for 20,000+ seats: the seats are a
 * handful of <path> elements, one per colour (memoised on the layout and the packages: a straight row is
 * a dashed line, see seatGroupPaths); the reserved seats are one more pair of paths on top (redrawn
 * alone when the live seat states change), the marks of the accessible places a path or two per kind,
 * and only the selected seats and the keyboard focus ring are separate elements. Clicks are hit-tested on a spatial grid; zoom and pan change one transform.
 */
export function SeatMapSurface({
  model,
  packagesById,
  selected,
  reservedSeatIds,
  hasLiveSeatStates,
  background,
  title,
  onSeatActivate,
  describeSeat,
}: SeatMapSurfaceProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const [view, setView] = useState<View>({ k: 1, tx: 0, ty: 0 });
  const viewRef = useRef(view);
  const [focused, setFocused] = useState(-1);
  const instructionsId = useId();
  const { map, seats, radius } = model;

  // Every seat in its package's colour, or pale grey when it cannot be bought at all. Live states do
  // not reach this memo: the map is drawn once per layout, not once per poll.
  const groups = useMemo(() => {
    const keyOfPackage = new Map<number, string>();
    for (const [id, pkg] of packagesById) if (isPackageOpen(pkg)) keyOfPackage.set(id, `c${pkg.color_class}`);
    const { packageIdOf } = model;
    return seatGroupPaths(model, (i) => {
      const packageId = packageIdOf[i];
      return (packageId === undefined ? undefined : keyOfPackage.get(packageId)) ?? 'unavailable';
    });
  }, [model, packagesById]);

  // Seats taken by others, drawn over their package colour (a white disc, then a smaller grey dot).
  const reserved = useMemo(() => {
    const indices: number[] = [];
    for (const id of reservedSeatIds) {
      const i = model.indexOf(id);
      const packageId = i === undefined ? undefined : model.packageIdOf[i];
      if (i !== undefined && packageId !== undefined && isPackageOpen(packagesById.get(packageId))) indices.push(i);
    }
    return { count: indices.length, d: dotsPath(seats, indices) };
  }, [model, seats, packagesById, reservedSeatIds]);

  // The few accessible places, marked over their seats: a wheelchair symbol, a companion seat's ring. One path
  // per kind and colour (a handful of elements, however large the map); dark on seats that cannot be bought.
  const accessMarks = useMemo(() => {
    const marks: { key: string; kind: SeatAccess; d: string; stroke: string; strokeWidth: number }[] = [];
    for (const kind of ['wheelchair', 'companion'] as const) {
      const open: number[] = [];
      const closed: number[] = [];
      for (const i of model.accessible[kind]) {
        const packageId = model.packageIdOf[i];
        (packageId !== undefined && isPackageOpen(packagesById.get(packageId)) ? open : closed).push(i);
      }
      const draw = kind === 'wheelchair' ? wheelchairMarksPath : companionRingsPath;
      const strokeWidth = radius * (kind === 'wheelchair' ? 0.16 : 0.2);
      for (const [indices, stroke] of [
        [open, ACCESS_MARK],
        [closed, ACCESS_MARK_ON_UNAVAILABLE],
      ] as const) {
        if (indices.length > 0)
          marks.push({ key: `${kind}|${stroke}`, kind, d: draw(seats, indices, radius), stroke, strokeWidth });
      }
    }
    return marks;
  }, [model, seats, radius, packagesById]);

  useEffect(() => {
    // The map's first full render, read by bench/seatmap; then the look-ups that clicks need.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      performance.mark('seatmap:rendered');
      timer = setTimeout(() => model.prepare(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [groups, model]);

  const hasMarkedLive = useRef(false);
  useEffect(() => {
    if (!hasLiveSeatStates || hasMarkedLive.current) return;
    // When the first live seat states were painted, read by bench/seatmap.
    const frame = requestAnimationFrame(() => {
      hasMarkedLive.current = true;
      performance.mark('seatmap:live');
    });
    return () => cancelAnimationFrame(frame);
  }, [hasLiveSeatStates, reserved]);

  const zoomAt = useCallback((factor: number, px: number, py: number) => {
    const current = viewRef.current;
    const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, current.k * factor));
    const ratio = k / current.k;
    const next =
      k === MIN_ZOOM
        ? { k, tx: 0, ty: 0 }
        : { k, tx: px - (px - current.tx) * ratio, ty: py - (py - current.ty) * ratio };
    viewRef.current = next;
    setView(next);
  }, []);

  const toSvgPoint = useCallback((clientX: number, clientY: number, element: SVGGraphicsElement | null) => {
    const ctm = element?.getScreenCTM?.();
    if (!ctm) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: point.x, y: point.y };
  }, []);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const point = toSvgPoint(event.clientX, event.clientY, svg);
      if (point) zoomAt(Math.exp(-event.deltaY * 0.0015), point.x, point.y);
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [toSvgPoint, zoomAt]);

  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: false, startX: 0, startY: 0, pinchDistance: 0 });

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1)
      gesture.current = { moved: false, startX: event.clientX, startY: event.clientY, pinchDistance: 0 };
    else {
      const [a, b] = [...pointers.current.values()];
      gesture.current.moved = true;
      gesture.current.pinchDistance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
    }
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const svg = svgRef.current;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      const mid = toSvgPoint((a!.x + b!.x) / 2, (a!.y + b!.y) / 2, svg);
      if (mid && gesture.current.pinchDistance > 0) zoomAt(distance / gesture.current.pinchDistance, mid.x, mid.y);
      gesture.current.pinchDistance = distance;
      return;
    }
    if (
      !gesture.current.moved &&
      Math.hypot(event.clientX - gesture.current.startX, event.clientY - gesture.current.startY) < DRAG_THRESHOLD_PX
    )
      return;
    gesture.current.moved = true;
    const from = toSvgPoint(previous.x, previous.y, svg);
    const to = toSvgPoint(event.clientX, event.clientY, svg);
    if (!from || !to || viewRef.current.k === MIN_ZOOM) return;
    const next = { ...viewRef.current, tx: viewRef.current.tx + to.x - from.x, ty: viewRef.current.ty + to.y - from.y };
    viewRef.current = next;
    setView(next);
  }

  function onPointerUp(event: PointerEvent<SVGSVGElement>) {
    const wasTap = pointers.current.size === 1 && !gesture.current.moved;
    pointers.current.delete(event.pointerId);
    if (!wasTap) return;
    const point = toSvgPoint(event.clientX, event.clientY, layerRef.current);
    if (!point) return;
    const index = hitTest(model, point.x, point.y);
    if (index >= 0) {
      setFocused(index);
      onSeatActivate(index);
    }
  }

  function onPointerCancel(event: PointerEvent<SVGSVGElement>) {
    pointers.current.delete(event.pointerId);
  }

  function firstOpenSeat(): number {
    for (let i = 0; i < seats.length; i++) {
      if (seatState(model.packageIdOf[i], seats[i]!.id, packagesById, selected, reservedSeatIds) !== 'unavailable')
        return i;
    }
    return seats.length > 0 ? 0 : -1;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const direction = KEYS[event.key];
    if (direction) {
      event.preventDefault();
      setFocused((current) => (current < 0 ? firstOpenSeat() : neighbourSeat(model, current, direction)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (focused >= 0) onSeatActivate(focused);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomAt(1.5, map.width / 2, map.height / 2);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomAt(1 / 1.5, map.width / 2, map.height / 2);
    }
  }

  // Keep the focused seat in view when zoomed in.
  useEffect(() => {
    if (focused < 0) return;
    const seat = seats[focused]!;
    const current = viewRef.current;
    const sx = seat.x * current.k + current.tx;
    const sy = seat.y * current.k + current.ty;
    if (sx >= 0 && sx <= map.width && sy >= 0 && sy <= map.height) return;
    const next = { k: current.k, tx: map.width / 2 - seat.x * current.k, ty: map.height / 2 - seat.y * current.k };
    viewRef.current = next;
    setView(next);
  }, [focused, seats, map.width, map.height]);

  const selectedIndices = useMemo(() => {
    const list: number[] = [];
    for (const id of selected) {
      const i = model.indexOf(id);
      if (i !== undefined) list.push(i);
    }
    return list;
  }, [selected, model]);

  const focusedState =
    focused >= 0
      ? seatState(model.packageIdOf[focused], seats[focused]!.id, packagesById, selected, reservedSeatIds)
      : null;
  const focusedLabel = focused >= 0 && focusedState ? describeSeat(focused, focusedState) : '';
  const strokeWidth = Math.max(0.3, radius * 0.35);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Map zoom">
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-lg border border-slate-300 bg-white text-lg font-semibold"
          aria-label="Zoom in"
          onClick={() => zoomAt(1.5, map.width / 2, map.height / 2)}
        >
          +
        </button>
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-lg border border-slate-300 bg-white text-lg font-semibold"
          aria-label="Zoom out"
          onClick={() => zoomAt(1 / 1.5, map.width / 2, map.height / 2)}
        >
          −
        </button>
        <button
          type="button"
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold"
          onClick={() => zoomAt(0, 0, 0)}
        >
          Reset view
        </button>
        <span className="text-sm text-slate-600">{Math.round(view.k * 100)}%</span>
      </div>
      <p id={instructionsId} className="text-sm text-slate-600">
        Arrow keys move between seats, Enter or Space chooses or releases the seat, + and − zoom. Drag to pan, scroll or
        pinch to zoom.
      </p>
      <div
        role="application"
        aria-label={`${title} seat map`}
        aria-describedby={instructionsId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused((current) => (current < 0 ? firstOpenSeat() : current))}
        className="overflow-hidden rounded-xl border border-slate-200 bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        data-testid="seat-map"
      >
        <svg
          ref={svgRef}
          viewBox={`0 0 ${map.width} ${map.height}`}
          className="block h-auto max-h-[75vh] w-full touch-none select-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          aria-hidden="true"
        >
          <g ref={layerRef} data-seatmap-layer="" transform={`translate(${view.tx} ${view.ty}) scale(${view.k})`}>
            {background}
            {groups.map((group) => (
              <path
                key={`${group.key}|${group.spacing ?? ''}`}
                d={group.d}
                data-group={group.key}
                strokeLinecap="round"
                strokeDasharray={group.spacing === undefined ? undefined : `0 ${group.spacing}`}
                {...groupStyle(group.key, radius)}
              />
            ))}
            {reserved.count > 0 && (
              <g data-reserved-seats={reserved.count}>
                <path d={reserved.d} fill="none" stroke="#FFFFFF" strokeWidth={radius * 2.3} strokeLinecap="round" />
                <path
                  d={reserved.d}
                  data-group="reserved"
                  fill="none"
                  stroke={RESERVED_FILL}
                  strokeWidth={radius * 1.6}
                  strokeLinecap="round"
                />
              </g>
            )}
            {accessMarks.map((mark) => (
              <path
                key={mark.key}
                d={mark.d}
                data-access={mark.kind}
                fill="none"
                stroke={mark.stroke}
                strokeWidth={mark.strokeWidth}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ))}
            {selectedIndices.map((i) => {
              const seat = seats[i]!;
              return (
                <g key={seat.id} data-selected-seat={seat.id}>
                  <circle
                    cx={seat.x}
                    cy={seat.y}
                    r={radius}
                    fill={SELECTED_FILL}
                    stroke="#FFFFFF"
                    strokeWidth={strokeWidth}
                  />
                  <path
                    d={`M${seat.x - radius * 0.5} ${seat.y}l${radius * 0.35} ${radius * 0.4}l${radius * 0.65} ${-radius * 0.8}`}
                    fill="none"
                    stroke="#FFFFFF"
                    strokeWidth={strokeWidth}
                    strokeLinecap="round"
                  />
                </g>
              );
            })}
            {focused >= 0 && (
              <circle
                cx={seats[focused]!.x}
                cy={seats[focused]!.y}
                r={radius * 1.7}
                fill="none"
                stroke="#F59E0B"
                strokeWidth={Math.max(0.6, radius * 0.5)}
                data-focus-ring=""
              />
            )}
          </g>
        </svg>
      </div>
      <p className="sr-only" aria-live="polite" data-testid="seat-map-focus">
        {focusedLabel}
      </p>
    </div>
  );
}

/** Seats are round-capped zero-length strokes (or dashes): the stroke is the seat. */
function groupStyle(key: string, radius: number): { fill: string; stroke: string; strokeWidth: number } {
  const strokeWidth = radius * 2;
  if (key === 'unavailable') return { fill: 'none', stroke: UNAVAILABLE_STROKE_DOT, strokeWidth };
  return { fill: 'none', stroke: packageFill(Number(key.slice(1))), strokeWidth };
}
