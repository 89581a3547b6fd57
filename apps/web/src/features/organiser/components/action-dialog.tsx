import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { FormProblems } from './form-problems';

interface ActionDialogProps {
  isOpen: boolean;
  /** Cancel, Escape, or the browser closing the dialog. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  /** The action is harmful (remove, suspend): its button says so in red. */
  isDanger?: boolean;
  /** The server's refusal, said inside the dialog (it stays open to try again or cancel). */
  problems?: readonly string[];
  onConfirm: () => void;
}

/**
 * A question before an action that cannot simply be undone (remove a member, suspend an organisation), on the
 * native <dialog> as the shared Dialog is (the browser traps focus, Escape closes, focus returns to the
 * opener), with Cancel beside the action. Its content is a form: Enter confirms, fields inside are its own.
 */
export function ActionDialog({
  isOpen,
  onClose,
  title,
  children,
  confirmLabel,
  busyLabel,
  isBusy,
  isDanger = false,
  problems = [],
  onConfirm,
}: ActionDialogProps) {
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isBusy) onConfirm();
  }

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-brand-950/70"
    >
      {isOpen ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-6">
          <h2 id={titleId} className="text-xl font-semibold text-brand-950">
            {title}
          </h2>
          <FormProblems messages={problems} />
          <div className="flex flex-col gap-3 text-slate-700">{children}</div>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              aria-disabled={isBusy || undefined}
              className={isDanger ? 'bg-red-700 hover:bg-red-800' : ''}
            >
              {isBusy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>,
    document.body,
  );
}
