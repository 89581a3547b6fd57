import { useId, type ReactNode, type Ref } from 'react';

export interface CheckoutStepProps {
  number: 1 | 2 | 3;
  title: string;
  isOpen: boolean;
  /** Only reachable steps can be opened; the others show their heading, disabled. */
  canOpen: boolean;
  onToggle: () => void;
  /** Shown under the heading while a completed step is closed ("Jane Perera · jane@example.com"). */
  summary?: ReactNode;
  /** The heading's button, so the checkout can move focus to a step it opens. */
  toggleRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

/**
 * One step of the checkout accordion (WAI-ARIA accordion pattern): a heading holding a button with
 * aria-expanded that controls the step's region.
 */
export function CheckoutStep({
  number,
  title,
  isOpen,
  canOpen,
  onToggle,
  summary,
  toggleRef,
  children,
}: CheckoutStepProps) {
  const buttonId = useId();
  const panelId = useId();
  return (
    <section
      className={`rounded-2xl border bg-white shadow-sm ${isOpen ? 'border-brand-300' : 'border-slate-200'}`}
      data-step={number}
    >
      <h3 className="text-lg font-semibold">
        <button
          ref={toggleRef}
          id={buttonId}
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          disabled={!canOpen}
          onClick={onToggle}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-4 text-left text-brand-950 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent sm:px-6"
        >
          <span className="sr-only">Step</span>{' '}
          <span
            className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              canOpen ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'
            }`}
          >
            {number}
          </span>{' '}
          <span className="flex-1">{title}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h3>
      {!isOpen && summary ? (
        <div className="px-4 pb-4 pl-15 text-sm text-slate-700 sm:px-6 sm:pl-17">{summary}</div>
      ) : null}
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen} className="px-4 pb-6 sm:px-6">
        {/* Kept mounted while closed: the form keeps its values and the hold countdown keeps running. */}
        {children}
      </div>
    </section>
  );
}
