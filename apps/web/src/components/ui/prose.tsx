import type { ReactNode } from 'react';

interface ProseProps {
  children: ReactNode;
  className?: string;
}

/**
 * Long-form text (static pages, event descriptions): readable line length and spacing for the
 * plain elements inside it, without a typography plugin.
 */
export function Prose({ children, className = '' }: ProseProps) {
  return (
    <div
      className={[
        'max-w-3xl text-base leading-7 text-slate-800',
        '[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-brand-950',
        '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-brand-950',
        '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
        '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_address]:not-italic',
        '[&>:first-child]:mt-0',
        className,
      ].join(' ')}
    >
      {children}
    </div>
  );
}
