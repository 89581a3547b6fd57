/** The header the server reads the ALTCHA payload from. */
export const CAPTCHA_HEADER = 'X-Captcha';
/** Where the widget fetches its challenge. */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** The check could not be solved (the widget failed, or its script did not load). */
export class CaptchaError extends Error {
  constructor(message = 'The human check could not be completed.') {
    super(message);
    this.name = 'CaptchaError';
  }
}

/**
 * What the form needs of `<altcha-widget>`. Its methods are getters on the element's class that answer only
 * once the widget has mounted (its `load` event); the controller calls none before that.
 */
export interface AltchaElement extends HTMLElement {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
}

/** The defined element: it has the methods (as yet unanswered getters before it is in the document). */
export function isAltchaElement(element: Element): element is AltchaElement {
  return 'verify' in element && 'reset' in element;
}

type WidgetState = 'loading' | 'failed' | 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

const WIDGET_STATES = ['unverified', 'verifying', 'verified', 'error', 'expired', 'code'] as const;

function isWidgetState(value: unknown): value is (typeof WIDGET_STATES)[number] {
  return WIDGET_STATES.some((state) => state === value);
}

function readStateChange(event: Event): { state: WidgetState; payload: string | null } | null {
  if (!(event instanceof CustomEvent)) return null;
  const detail: unknown = event.detail;
  if (typeof detail !== 'object' || detail === null || !('state' in detail)) return null;
  const state = detail.state;
  if (!isWidgetState(state)) return null;
  const payload = 'payload' in detail && typeof detail.payload === 'string' && detail.payload ? detail.payload : null;
  return { state, payload };
}

/**
 * Follows one widget's state and hands out its payloads, each once: the server accepts a solution once,
 * so a payload handed to a form is forgotten and a fresh one is solved at once in the background, ready for
 * the next submit. A submit that comes while the widget is still solving waits for it.
 */
export class CaptchaController {
  private element: AltchaElement | null = null;
  private state: WidgetState = 'loading';
  private payload: string | null = null;
  private waiters: (() => void)[] = [];
  private whenWanted: (() => void) | null = null;
  private readonly onStateChange = (event: Event) => {
    const change = readStateChange(event);
    if (!change) return;
    this.state = change.state;
    this.payload = change.state === 'verified' ? change.payload : null;
    this.notify();
  };
  private readonly onLoad = () => {
    if (this.state === 'loading') this.state = 'unverified';
    this.notify();
  };

  /** The element, created and defined but not yet in the document (its `load` event is still to come). */
  attach(element: AltchaElement): void {
    this.element = element;
    this.state = 'loading';
    element.addEventListener('statechange', this.onStateChange);
    element.addEventListener('load', this.onLoad);
  }

  detach(): void {
    this.element?.removeEventListener('statechange', this.onStateChange);
    this.element?.removeEventListener('load', this.onLoad);
    this.element = null;
    this.state = 'loading';
    this.payload = null;
  }

  /** Who starts the widget early when a payload is asked for before it started by itself (captcha.tsx). */
  onWanted(start: (() => void) | null): void {
    this.whenWanted = start;
  }

  /** The widget's script could not be loaded: submits fail instead of waiting for ever. */
  fail(): void {
    this.state = 'failed';
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private take(payload: string): string {
    this.payload = null;
    const element = this.element;
    if (element) {
      element.reset();
      void element.verify();
    }
    return payload;
  }

  /** A payload for one request: at once when solved, else when the widget has solved the check. */
  readonly getPayload = async (): Promise<string> => {
    this.whenWanted?.();
    while (this.state === 'loading' || this.state === 'verifying' || !this.element) {
      if (this.state === 'failed') throw new CaptchaError();
      await this.nextChange();
    }
    if (this.state === 'failed') throw new CaptchaError();
    if (this.state === 'verified' && this.payload) return this.take(this.payload);
    const result = await this.element.verify();
    if (result?.payload && this.state === 'verified') return this.take(result.payload);
    throw new CaptchaError();
  };

  /** After the server refused a payload: start over with a new challenge, solved by itself again. */
  readonly reset = (): void => {
    this.payload = null;
    const element = this.element;
    if (!element || this.state === 'loading' || this.state === 'failed') return;
    element.reset();
    void element.verify();
  };
}
