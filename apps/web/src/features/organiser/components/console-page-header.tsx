import { createContext, useContext, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The organisation the console shows, for the pages' document titles ("Venues · Acme Presents"). */
export const ConsoleOrganisationNameContext = createContext<string | null>(null);

interface ConsolePageHeaderProps {
  /** The page's one h1. */
  title: string;
  description?: ReactNode;
  /** A button or link beside the title (Add a venue). */
  action?: ReactNode;
  /** A trail above the title (the venue page's way back to the list). */
  back?: ReactNode;
}

/** A console page's title row; it names the page in the document title too, which screen readers announce. */
export function ConsolePageHeader({ title, description, action, back }: ConsolePageHeaderProps) {
  const organisationName = useContext(ConsoleOrganisationNameContext);
  useDocumentTitle(organisationName ? `${title} · ${organisationName}` : title);
  return (
    <div className="mb-6 flex flex-col gap-3">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">{title}</h1>
        {action}
      </div>
      {description ? <div className="max-w-3xl text-slate-700">{description}</div> : null}
    </div>
  );
}
