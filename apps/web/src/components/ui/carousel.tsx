import {
  Children,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function readReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, readReducedMotion, () => true);
}

export interface CarouselProps {
  /** Names the carousel for assistive technology, e.g. "Trending Events". */
  label: string;
  children: ReactNode;
  /** Width of one slide, as Tailwind basis classes: how many cards fit at each breakpoint. */
  slideClassName?: string;
  /** Wraps around from the last slide to the first. */
  isLooping?: boolean;
  /** Moves to the next slide every so many ms; paused on hover and focus, off under reduced motion. */
  autoplayMs?: number;
  /** Lets keyboard users focus the slide area itself (for slides with nothing focusable inside). */
  isViewportFocusable?: boolean;
  className?: string;
}

interface SnapState {
  /** Scroll offsets of the pages: a page is as many whole slides as fit the viewport (the last trimmed to the end). */
  positions: readonly number[];
  selected: number;
  canScrollPrev: boolean;
  canScrollNext: boolean;
}

const NO_SNAPS: SnapState = { positions: [], selected: 0, canScrollPrev: false, canScrollNext: false };

function readSnaps(viewport: HTMLElement): SnapState {
  const width = viewport.clientWidth;
  const track = viewport.firstElementChild;
  if (width <= 0 || !track) return NO_SNAPS;
  const maxScroll = Math.max(0, viewport.scrollWidth - width);
  const trackLeft = track.getBoundingClientRect().left;
  const positions: number[] = [];
  let pageStart = Number.NEGATIVE_INFINITY;
  for (const slide of Array.from(track.children)) {
    const rect = slide.getBoundingClientRect();
    const left = rect.left - trackLeft;
    if (rect.right - trackLeft - pageStart > width + 1) {
      pageStart = left;
      const position = Math.min(left, maxScroll);
      if (positions.length === 0 || position - (positions.at(-1) ?? 0) > 1) positions.push(position);
    }
  }
  const scrollLeft = viewport.scrollLeft;
  let selected = 0;
  positions.forEach((position, index) => {
    if (Math.abs(position - scrollLeft) < Math.abs((positions[selected] ?? 0) - scrollLeft)) selected = index;
  });
  return { positions, selected, canScrollPrev: scrollLeft > 1, canScrollNext: scrollLeft < maxScroll - 1 };
}

function isSameSnaps(a: SnapState, b: SnapState): boolean {
  return (
    a.selected === b.selected &&
    a.canScrollPrev === b.canScrollPrev &&
    a.canScrollNext === b.canScrollNext &&
    a.positions.length === b.positions.length &&
    a.positions.every((position, index) => position === b.positions[index])
  );
}

/** A placeholder as tall as the controls row, for skeletons: the page does not move when the slider arrives. */
export function CarouselControlsPlaceholder() {
  return <div aria-hidden="true" className="mt-3 h-10" />;
}

/**
 * The one slider of the app (APG carousel pattern): previous/next buttons, one dot per page of slides,
 * ←/→ while focus is inside, optional autoplay that pauses on hover or focus, can be stopped with a
 * button, and never runs for people who prefer reduced motion. The slides are a native scroll row with
 * CSS scroll snapping (swipe, trackpads and focus scrolling come from the browser; no script library:
 * the home page's JavaScript budget), and the controls scroll it a page at a time.
 */
export function Carousel({
  label,
  children,
  slideClassName = 'basis-full',
  isLooping = false,
  autoplayMs,
  isViewportFocusable = false,
  className = '',
}: CarouselProps) {
  const slides = Children.toArray(children);
  const prefersReducedMotion = usePrefersReducedMotion();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [snaps, setSnaps] = useState<SnapState>(NO_SNAPS);
  const [isPointerInside, setIsPointerInside] = useState(false);
  const [isFocusInside, setIsFocusInside] = useState(false);
  const [isStoppedByUser, setIsStoppedByUser] = useState(false);

  // Measured before the first paint (no frame without the controls, which would move the page), then on
  // every scroll and resize, at most once a frame.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const update = () =>
      setSnaps((previous) => {
        const next = readSnaps(viewport);
        return isSameSnaps(previous, next) ? previous : next;
      });
    update();
    let frame = 0;
    const sync = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    viewport.addEventListener('scroll', sync, { passive: true });
    const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(sync) : null;
    resizeObserver?.observe(viewport);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('scroll', sync);
      resizeObserver?.disconnect();
    };
  }, [slides.length]);

  // Under reduced motion the slider jumps instead of gliding.
  const scrollTo = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const positions = readSnaps(viewport).positions;
      viewport.scrollTo({
        left: positions[Math.min(Math.max(0, index), positions.length - 1)] ?? 0,
        behavior: prefersReducedMotion ? 'instant' : 'smooth',
      });
    },
    [prefersReducedMotion],
  );
  const snapCount = snaps.positions.length;
  const selectedSnap = snaps.selected;
  const canScrollPrev = snaps.canScrollPrev || (isLooping && snapCount > 1);
  const canScrollNext = snaps.canScrollNext || (isLooping && snapCount > 1);
  const scrollPrev = useCallback(() => {
    if (snaps.canScrollPrev) scrollTo(snaps.selected - 1);
    else if (isLooping) scrollTo(snaps.positions.length - 1);
  }, [snaps, isLooping, scrollTo]);
  const scrollNext = useCallback(() => {
    if (snaps.canScrollNext) scrollTo(snaps.selected + 1);
    else if (isLooping) scrollTo(0);
  }, [snaps, isLooping, scrollTo]);

  const hasAutoplay = autoplayMs !== undefined && !prefersReducedMotion && snapCount > 1;
  const isAutoplaying = hasAutoplay && !isStoppedByUser && !isPointerInside && !isFocusInside;

  // The latest position for the timer, without restarting it on every scroll.
  const snapsRef = useRef(snaps);
  useEffect(() => {
    snapsRef.current = snaps;
  }, [snaps]);
  useEffect(() => {
    if (!isAutoplaying || autoplayMs === undefined) return;
    const timer = window.setInterval(() => {
      const current = snapsRef.current;
      scrollTo(current.canScrollNext ? current.selected + 1 : 0);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [isAutoplaying, autoplayMs, scrollTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      scrollNext();
    }
  };

  const hasControls = snapCount > 1;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={className}
      onKeyDown={onKeyDown}
      onPointerEnter={() => setIsPointerInside(true)}
      onPointerLeave={() => setIsPointerInside(false)}
      onFocus={() => setIsFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsFocusInside(false);
      }}
    >
      <div
        ref={viewportRef}
        // The slides carry their own padding so focus outlines of the cards are never clipped here.
        className={`-mx-2 snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${isViewportFocusable ? 'rounded-lg' : ''}`}
        tabIndex={isViewportFocusable ? 0 : undefined}
        aria-label={isViewportFocusable ? `${label}: use the left and right arrow keys to move` : undefined}
        role={isViewportFocusable ? 'group' : undefined}
      >
        <div className="flex">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 snap-start px-2 py-2 ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>

      {hasControls ? (
        <div className="mt-3 flex items-center justify-center gap-2">
          <button
            type="button"
            onClick={scrollPrev}
            disabled={!canScrollPrev}
            aria-label={`Previous: ${label}`}
            className="grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <ChevronIcon direction="left" />
          </button>
          <div className="flex flex-wrap items-center justify-center">
            {Array.from({ length: snapCount }, (_, index) => (
              <button
                key={index}
                type="button"
                onClick={() => scrollTo(index)}
                aria-label={`Go to page ${index + 1} of ${snapCount}`}
                aria-current={index === selectedSnap ? 'true' : undefined}
                // 24px hit area around a small dot (WCAG 2.2 target size).
                className="group grid size-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${
                    index === selectedSnap ? 'w-5 bg-brand-700' : 'w-2.5 bg-slate-400 group-hover:bg-slate-600'
                  }`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={scrollNext}
            disabled={!canScrollNext}
            aria-label={`Next: ${label}`}
            className="grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <ChevronIcon direction="right" />
          </button>
          {hasAutoplay ? (
            <button
              type="button"
              onClick={() => setIsStoppedByUser((stopped) => !stopped)}
              aria-label={isStoppedByUser ? 'Play slideshow' : 'Pause slideshow'}
              title={isStoppedByUser ? 'Play slideshow' : 'Pause slideshow'}
              className="ml-1 grid size-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
            >
              {isStoppedByUser ? <PlayIcon /> : <PauseIcon />}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        d={direction === 'left' ? 'M12.5 15 7.5 10l5-5' : 'M7.5 5l5 5-5 5'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
      <rect x="5" y="4" width="3.5" height="12" rx="1" />
      <rect x="11.5" y="4" width="3.5" height="12" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
      <path d="M6 4.5v11a1 1 0 0 0 1.5.86l9-5.5a1 1 0 0 0 0-1.72l-9-5.5A1 1 0 0 0 6 4.5Z" />
    </svg>
  );
}
