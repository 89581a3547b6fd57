/**
 * jsdom lays nothing out, so recharts' ResponsiveContainer would measure 0 x 0 and draw nothing. As recharts'
 * own tests do, ResizeObserver is stubbed (`vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver)`), here with
 * one that reports a fixed 640 x 260 box as soon as it observes.
 */
export class FixedSizeResizeObserver {
  private readonly callback: ResizeObserverCallback;

  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }

  observe(target: Element) {
    const entry = { target, contentRect: { width: 640, height: 260 } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }

  unobserve() {}

  disconnect() {}
}
