import { Link } from 'react-router';
import { EVENT_SECTION_NAMES, type EventSection } from '../lib/event-sections';
import { organiserPaths } from '../lib/organiser-paths';

interface EventSectionNavProps {
  org: string;
  eventUid: string;
  sections: readonly EventSection[];
  current: EventSection;
  /** Problems of the publishing checklist each section puts right (a count beside its name). */
  toDo: Partial<Record<EventSection, number>>;
}

/**
 * The event page's sections as numbered steps: links (each section has its address), two or three to a row
 * on a phone, one row on wide screens. The current one is marked for assistive technology too.
 */
export function EventSectionNav({ org, eventUid, sections, current, toDo }: EventSectionNavProps) {
  return (
    <nav aria-label="Event sections" className="mb-6">
      <ol className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 lg:grid-cols-7">
        {sections.map((section, index) => {
          const isCurrent = section === current;
          const count = toDo[section] ?? 0;
          return (
            <li key={section}>
              <Link
                to={organiserPaths.event(org, eventUid, section === 'details' ? undefined : section)}
                aria-current={isCurrent ? 'page' : undefined}
                className={`flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ${
                  isCurrent
                    ? 'bg-brand-700 text-white'
                    : 'bg-white text-brand-950 ring-1 ring-slate-200 hover:bg-brand-50'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                    isCurrent ? 'bg-white text-brand-700' : 'bg-slate-200 text-slate-900'
                  }`}
                >
                  {index + 1}
                </span>
                <span className="min-w-0">{EVENT_SECTION_NAMES[section]}</span>
                {count > 0 ? (
                  <span
                    className={`ml-auto rounded-full px-2 text-xs ${
                      isCurrent ? 'bg-white text-red-900' : 'bg-red-100 text-red-900'
                    }`}
                  >
                    {count}
                    <span className="sr-only"> {count === 1 ? 'thing' : 'things'} to put right</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
