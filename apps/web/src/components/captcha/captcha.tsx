import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CAPTCHA_CHALLENGE_URL, CaptchaController, isAltchaElement } from './captcha-controller';
import { loadAltcha } from './load-altcha';

export interface Captcha {
  /** The widget: render it inside the form, above the submit button. */
  captcha: ReactNode;
  /** The payload for one request (send it as X-Captcha); waits while the check is still being solved. */
  getPayload: () => Promise<string>;
  /** After a 403 (the server refused the payload): solve a new challenge. */
  reset: () => void;
}

/**
 * The widget starts (its script evaluated, its challenge fetched and solved) when the buyer starts on its form
 * (a focus, a tap or a key in it; a submit is one of them, and waits for the solution), or this long after the
 * form is shown, whichever comes first: never in the seconds in which a phone is busy making the page ready for
 * a tap (issue 25; its script is a 70 ms task at 4x slowdown). The time only matters to a buyer who reads the
 * form a while before touching it: theirs is solved by then.
 */
export const CAPTCHA_START_AFTER_MS = 10_000;

/**
 * The human check (ALTCHA proof of work) of a form: loaded only when the form is used (or a few seconds after
 * it is shown), solving by itself (a buyer does nothing extra), visible so everyone can see it working and
 * what it found, and operable by keyboard (its checkbox starts it again after a failure).
 */
export function useCaptcha(): Captcha {
  const [controller] = useState(() => new CaptchaController());
  return {
    captcha: <CaptchaWidget controller={controller} />,
    getPayload: controller.getPayload,
    reset: controller.reset,
  };
}

function CaptchaWidget({ controller }: { controller: CaptchaController }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [isWanted, setIsWanted] = useState(false);

  useEffect(() => {
    if (isWanted) return;
    const start = () => setIsWanted(true);
    const form = containerRef.current?.closest('form');
    const uses = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const use of uses) form?.addEventListener(use, start);
    const timer = setTimeout(start, CAPTCHA_START_AFTER_MS);
    controller.onWanted(start);
    return () => {
      for (const use of uses) form?.removeEventListener(use, start);
      clearTimeout(timer);
      controller.onWanted(null);
    };
  }, [controller, isWanted]);

  useEffect(() => {
    if (!isWanted) return;
    let isCancelled = false;
    let widget: HTMLElement | null = null;
    loadAltcha().then(
      () => {
        const container = containerRef.current;
        if (isCancelled || !container) return;
        const element = document.createElement('altcha-widget');
        element.setAttribute('challenge', CAPTCHA_CHALLENGE_URL);
        element.setAttribute('auto', 'onload');
        element.setAttribute('display', 'standard');
        element.setAttribute('type', 'checkbox');
        element.setAttribute('name', 'captcha');
        if (!isAltchaElement(element)) {
          controller.fail();
          setLoadState('failed');
          return;
        }
        controller.attach(element);
        widget = element;
        container.append(element);
        setLoadState('ready');
      },
      (error: unknown) => {
        console.warn('The human check could not be loaded.', error);
        if (isCancelled) return;
        controller.fail();
        setLoadState('failed');
      },
    );
    return () => {
      isCancelled = true;
      controller.detach();
      widget?.remove();
    };
  }, [controller, isWanted]);

  return (
    <div className="flex flex-col gap-1" data-testid="captcha">
      {/* The widget draws itself in here; the height is kept while it loads so nothing jumps (the widget is 70 px
          high), and the loading line hides as soon as the widget is in, before React removes it a frame later. */}
      <div ref={containerRef} className="min-h-[4.375rem] [&_altcha-widget]:block [&:has(altcha-widget)>p]:hidden">
        {loadState === 'loading' ? (
          <p className="flex min-h-[4.375rem] max-w-xs items-center rounded-md border border-slate-300 px-3 text-sm text-slate-700">
            Loading the human check…
          </p>
        ) : null}
      </div>
      {loadState === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          The human check could not be loaded. Check your connection and reload the page.
        </p>
      ) : (
        <p className="text-xs text-slate-600">This check runs by itself; there is nothing for you to do.</p>
      )}
    </div>
  );
}
