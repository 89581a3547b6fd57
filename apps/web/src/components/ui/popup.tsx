import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './dialog';

export type PopupVariant = 'info' | 'error' | 'success';

/** Spec 9: popups close by themselves after 10 seconds unless told otherwise. */
export const POPUP_DEFAULT_DURATION_MS = 10_000;
const TICK_MS = 250;

const VARIANT_STYLES: Record<PopupVariant, { label: string; icon: string; tone: string; bar: string }> = {
  info: { label: 'Information', icon: 'i', tone: 'bg-brand-50 text-brand-800 ring-brand-200', bar: 'bg-brand-700' },
  error: { label: 'Error', icon: '!', tone: 'bg-red-50 text-red-800 ring-red-200', bar: 'bg-red-700' },
  success: {
    label: 'Success',
    icon: '✓',
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    bar: 'bg-emerald-700',
  },
};

export interface PopupProps {
  isOpen: boolean;
  onClose: () => void;
  variant?: PopupVariant;
  title?: ReactNode;
  message: ReactNode;
  /** Auto-close after this long; null keeps it open until OK or Escape. */
  durationMs?: number | null;
}

/**
 * The spec's popup (8, 9): a modal on the native <dialog> (Dialog), so a click outside does not close it;
 * OK and Escape do, and so does its timer (10 s by default). The time left shows as a bar and in words,
 * and the timer pauses while the pointer is over the popup or focus is on its button, so nobody loses a
 * message they are reading (WCAG 2.2.1).
 */
export function Popup({
  isOpen,
  onClose,
  variant = 'info',
  title,
  message,
  durationMs = POPUP_DEFAULT_DURATION_MS,
}: PopupProps) {
  const style = VARIANT_STYLES[variant];
  const contentRef = useRef<HTMLDivElement>(null);
  const [remainingMs, setRemainingMs] = useState(durationMs ?? 0);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocusOnControl, setIsFocusOnControl] = useState(false);
  const isPaused = isHovered || isFocusOnControl;

  // A popup opened again starts its full time again.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setRemainingMs(durationMs ?? 0);
  }

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!isOpen || durationMs === null || isPaused) return;
    const timer = setInterval(() => setRemainingMs((ms) => Math.max(0, ms - TICK_MS)), TICK_MS);
    return () => clearInterval(timer);
  }, [isOpen, durationMs, isPaused]);

  useEffect(() => {
    if (isOpen && durationMs !== null && remainingMs <= 0) onCloseRef.current();
  }, [isOpen, durationMs, remainingMs]);

  // The <dialog> is Dialog's; hover and focus are watched on it, so its padding and button count too.
  // The message takes the first focus (the dialog would give it to OK, which would pause the timer at once).
  useEffect(() => {
    const content = contentRef.current;
    const dialog = content?.closest('dialog');
    if (!isOpen || !content || !dialog) return;
    content.focus();
    const onEnter = () => setIsHovered(true);
    const onLeave = () => setIsHovered(false);
    const onFocusIn = (event: FocusEvent) => setIsFocusOnControl(event.target instanceof HTMLButtonElement);
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node) || !dialog.contains(event.relatedTarget)) setIsFocusOnControl(false);
    };
    dialog.addEventListener('mouseenter', onEnter);
    dialog.addEventListener('mouseleave', onLeave);
    dialog.addEventListener('focusin', onFocusIn);
    dialog.addEventListener('focusout', onFocusOut);
    return () => {
      dialog.removeEventListener('mouseenter', onEnter);
      dialog.removeEventListener('mouseleave', onLeave);
      dialog.removeEventListener('focusin', onFocusIn);
      dialog.removeEventListener('focusout', onFocusOut);
      setIsHovered(false);
      setIsFocusOnControl(false);
    };
  }, [isOpen]);

  const seconds = Math.ceil(remainingMs / 1000);
  const fraction = durationMs ? remainingMs / durationMs : 0;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      closeLabel="OK"
      title={
        <span className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-base font-bold ring-1 ${style.tone}`}
          >
            {style.icon}
          </span>
          <span>
            <span className="sr-only">{style.label}:</span>{' '}
            {title ?? style.label}
          </span>
        </span>
      }
    >
      <div
        ref={contentRef}
        tabIndex={-1}
        data-popup-variant={variant}
        className="rounded outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
      >
        <div>{message}</div>
        {durationMs !== null ? (
          <div className="mt-4">
            <div aria-hidden="true" className="h-1 w-full overflow-hidden rounded-full bg-slate-200">
              <div className={`h-full ${style.bar}`} style={{ width: `${Math.round(fraction * 100)}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {isPaused ? 'Paused while you read.' : `Closes in ${seconds} s.`}
            </p>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

export interface PopupMessage {
  variant: PopupVariant;
  title?: string;
  message: string;
  durationMs?: number | null;
}

/**
 * Popups one after another (a failed promo check shows each message as its own popup, spec 8).
 * Render `popups` once; `showPopups` queues more.
 */
export function usePopupQueue(): { popups: ReactNode; showPopups: (messages: PopupMessage[]) => void } {
  const [queue, setQueue] = useState<(PopupMessage & { key: number })[]>([]);
  const nextKey = useRef(0);
  const showPopups = useCallback((messages: PopupMessage[]) => {
    setQueue((current) => [...current, ...messages.map((message) => ({ ...message, key: nextKey.current++ }))]);
  }, []);
  const current = queue[0];
  const onClose = useCallback(() => setQueue((items) => items.slice(1)), []);
  const popups = current ? (
    <Popup
      key={current.key}
      isOpen
      onClose={onClose}
      variant={current.variant}
      title={current.title}
      message={current.message}
      durationMs={current.durationMs === undefined ? POPUP_DEFAULT_DURATION_MS : current.durationMs}
    />
  ) : null;
  return { popups, showPopups };
}
