import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface DialogProps {
  isOpen: boolean;
  /** Called on the close button, on Escape and when the browser closes the dialog. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Label of the built-in close button. */
  closeLabel?: string;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, makes the page behind
 * inert, closes on Escape and returns focus to the opener. It is not closed by a click outside
 * (the spec: popups cannot be dismissed by clicking outside). It is portalled to <body> so that it
 * sits outside the landmark that opened it and takes none of its styles (the header's focus ring).
 */
export function Dialog({ isOpen, onClose, title, children, closeLabel = 'Close' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.hasAttribute('open')) {
      // jsdom (tests) has no showModal; the open attribute shows it there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!isOpen && dialog.hasAttribute('open')) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [isOpen]);

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-brand-950/70"
    >
      {isOpen ? (
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-semibold text-brand-950">
            {title}
          </h2>
          <div className="mt-3 text-slate-700">{children}</div>
          <div className="mt-6 flex justify-end">
            <button
              type="button"
              onClick={onClose}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900"
            >
              {closeLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}
