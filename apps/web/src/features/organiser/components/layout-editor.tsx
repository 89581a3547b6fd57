import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buildGenericSeatMap, type GenericLayoutSpec } from '@marquee/domain/authoring';
import type { VenueAnswer, VenueLayoutBody } from '@marquee/domain/console';
import type { GenericSeatMap } from '@marquee/domain/seat-map';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { organiserKeys } from '../api/query-keys';
import { saveVenueLayout } from '../api/save-venue-layout';
import {
  NO_ERRORS,
  errorsAt,
  errorsExactly,
  fieldMessage,
  mergeFieldErrors,
  serverFieldErrors,
  type FieldErrors,
} from '../lib/field-errors';
import {
  checkLayoutDraft,
  draftFromSpec,
  draftSeatCount,
  newLayoutDraft,
  newSectionDraft,
  type LayoutDraft,
  type SectionDraft,
} from '../lib/layout-draft';
import { problemMessage } from '../lib/problem-message';
import { formatCount } from '../lib/venue-display';
import { useConsoleServices } from './console-services';
import { FormProblems } from './form-problems';
import { SectionEditor } from './section-editor';

type LayoutKind = 'none' | 'generic';

export const LOCKED_MESSAGE =
  'The seat map cannot change any more: an event at this venue is published, or has sold or held tickets. Seats that buyers hold must stay where they are.';

function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {children}
    </section>
  );
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** What the preview marks for wheelchair users, in words: the map draws them, this counts them. */
function AccessibleSummary({ map }: { map: GenericSeatMap }) {
  let wheelchair = 0;
  let companion = 0;
  for (const section of map.sections) {
    for (const row of section.rows) {
      wheelchair += row.wheelchair?.length ?? 0;
      companion += row.companion?.length ?? 0;
    }
  }
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="accessible-places">
      {wheelchair + companion === 0
        ? 'No wheelchair spaces or companion seats yet: mark them row by row.'
        : `Accessible places: ${plural(wheelchair, 'wheelchair space', 'wheelchair spaces')} and ${plural(companion, 'companion seat', 'companion seats')}, marked on the map. Best available leaves them for buyers who ask for them.`}
    </p>
  );
}

/** The venue's seat map: drawn for it apart (kept as it is), or none, or built here from sections of rows. */
export function LayoutEditor({ org, venue, canWrite }: { org: string; venue: VenueAnswer; canWrite: boolean }) {
  const headingId = useId();
  if (venue.layout.kind === 'special') {
    return (
      <Card labelledBy={headingId}>
        <h2 id={headingId} className="text-xl font-semibold text-brand-950">
          Seat map
        </h2>
        <p className="mt-2 text-slate-700">
          This venue has a seat map drawn for it ({formatCount(venue.layout.seat_count)} seats). It is kept as it is:
          the console builds maps of sections of straight rows, and would replace it. Ask Marquee to change it.
        </p>
      </Card>
    );
  }
  return <GenericLayoutEditor key={venue.id} org={org} venue={venue} canWrite={canWrite} headingId={headingId} />;
}

function GenericLayoutEditor({
  org,
  venue,
  canWrite,
  headingId,
}: {
  org: string;
  venue: VenueAnswer;
  canWrite: boolean;
  headingId: string;
}) {
  const { LayoutPreview } = useConsoleServices();
  const queryClient = useQueryClient();
  const rootRef = useRef<HTMLDivElement>(null);
  const savedSpec = venue.layout.kind === 'generic' ? venue.layout.spec : null;
  const [kind, setKind] = useState<LayoutKind>(venue.layout.kind === 'generic' ? 'generic' : 'none');
  const [draft, setDraft] = useState<LayoutDraft>(() => (savedSpec ? draftFromSpec(savedSpec) : newLayoutDraft()));
  const [serverErrors, setServerErrors] = useState<FieldErrors>(NO_ERRORS);
  const [problems, setProblems] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const [isLockedNow, setIsLockedNow] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const isLocked = venue.layout_locked || isLockedNow;
  const isDisabled = isLocked || !canWrite;

  // The same schema as the server's, on every change: the messages appear as the organiser types.
  const check = useMemo(() => checkLayoutDraft(draft), [draft]);
  const errors = kind === 'generic' ? mergeFieldErrors(check.errors, serverErrors) : NO_ERRORS;
  // The preview keeps the last layout without mistakes while one is being typed, and is drawn in a
  // background render (a 20,000-seat map takes a moment): typing stays quick.
  const [lastValid, setLastValid] = useState<GenericLayoutSpec | null>(check.spec);
  if (check.spec && check.spec !== lastValid) setLastValid(check.spec);
  const previewSpec = useDeferredValue(lastValid);
  const previewMap = useMemo(() => (previewSpec ? buildGenericSeatMap(previewSpec) : null), [previewSpec]);
  const seatCount = draftSeatCount(draft);

  useEffect(() => {
    if (focusRequest === 0) return;
    rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function edit(next: LayoutDraft) {
    setDraft(next);
    if (serverErrors !== NO_ERRORS) setServerErrors(NO_ERRORS);
  }
  const setSection = (index: number, section: SectionDraft) =>
    edit({ ...draft, sections: draft.sections.map((each, i) => (i === index ? section : each)) });
  const moveSection = (index: number, delta: -1 | 1) => {
    const sections = [...draft.sections];
    const [moved] = sections.splice(index, 1);
    if (!moved) return;
    sections.splice(index + delta, 0, moved);
    edit({ ...draft, sections });
  };

  async function save() {
    if (isSaving || isDisabled) return;
    setProblems([]);
    let body: VenueLayoutBody;
    if (kind === 'none') body = { kind: 'none' };
    else if (check.spec) body = { kind: 'generic', spec: check.spec };
    else {
      setProblems(['The seat map has mistakes, marked in red. Put them right, then save.']);
      setFocusRequest((count) => count + 1);
      return;
    }
    setIsSaving(true);
    let saved: VenueAnswer;
    try {
      saved = await saveVenueLayout(org, venue.id, body);
    } catch (error) {
      if (isApiError(error, 'layout_locked')) {
        setIsLockedNow(true);
        setProblems([error.body.message]);
        void queryClient.invalidateQueries({ queryKey: organiserKeys.venue(org, venue.id) });
        return;
      }
      const fieldErrors = serverFieldErrors(error, 'spec.');
      if (fieldErrors) {
        setServerErrors(fieldErrors);
        setProblems([`The seat map was not saved: ${problemMessage(error)}`]);
        setFocusRequest((count) => count + 1);
      } else {
        setProblems([problemMessage(error)]);
      }
      return;
    } finally {
      setIsSaving(false);
    }
    toast.success(kind === 'none' ? 'The venue has no seat map now.' : 'The seat map is saved.');
    queryClient.setQueryData(organiserKeys.venue(org, venue.id), saved);
    await queryClient.invalidateQueries({ queryKey: organiserKeys.venues(org), exact: true });
  }

  const globalErrors = [...errorsExactly(errors, 'sections'), ...errorsExactly(errors, '_')];

  return (
    <Card labelledBy={headingId}>
      <div ref={rootRef} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h2 id={headingId} className="text-xl font-semibold text-brand-950">
            Seat map
          </h2>
          {isLocked ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <strong className="font-semibold">Locked.</strong> {LOCKED_MESSAGE}
            </p>
          ) : !canWrite ? (
            <p className="text-sm text-slate-700">Your role can look at the seat map but not change it.</p>
          ) : null}
        </div>

        <fieldset disabled={isDisabled} className="flex min-w-0 flex-col gap-5">
          <legend className="sr-only">Seat map of {venue.name}</legend>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">How buyers choose their tickets</legend>
            <div className="flex flex-col gap-2 sm:flex-row">
              {(
                [
                  ['none', 'From a ticket list (no seat map)'],
                  ['generic', 'Seats on a seat map built here'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={`${headingId}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                    className="size-4 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {kind === 'generic' ? (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <div className="flex min-w-0 flex-col gap-4">
                <TextField
                  label="Stage label"
                  value={draft.stageLabel}
                  onChange={(event) => edit({ ...draft, stageLabel: event.target.value })}
                  error={fieldMessage('Stage label', errorsExactly(errors, 'stage_label'))}
                  className="max-w-sm"
                />
                {draft.sections.map((section, index) => (
                  <SectionEditor
                    key={section.key}
                    section={section}
                    index={index}
                    sectionCount={draft.sections.length}
                    errors={errors}
                    onChange={(next) => setSection(index, next)}
                    onRemove={() => edit({ ...draft, sections: draft.sections.filter((_, i) => i !== index) })}
                    onMove={(delta) => moveSection(index, delta)}
                  />
                ))}
                <div>
                  <Button
                    variant="secondary"
                    disabled={draft.sections.length >= 50}
                    onClick={() => edit({ ...draft, sections: [...draft.sections, newSectionDraft(draft.sections)] })}
                  >
                    Add a section
                  </Button>
                </div>
                <TextField
                  label="Sections offered first (ids, in order)"
                  hint="Best available offers seats in these sections first, like S, B: the stalls before the balcony. The other sections follow. Empty: the seats nearest the stage first."
                  placeholder="Every section alike"
                  value={draft.bestSections}
                  onChange={(event) => edit({ ...draft, bestSections: event.target.value })}
                  error={fieldMessage('Sections offered first', errorsAt(errors, 'best_sections'))}
                  className="max-w-xl"
                />
              </div>
              <div className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-4 lg:self-start">
                <h3 className="text-lg font-semibold text-brand-950">Preview</h3>
                <p className="text-sm text-slate-700" aria-live="polite" data-testid="seat-count">
                  Total: <strong className="font-semibold text-slate-900">{formatCount(seatCount)}</strong>{' '}
                  {seatCount === 1 ? 'seat' : 'seats'}
                </p>
                {globalErrors.length > 0 ? (
                  <p role="alert" className="text-sm font-medium text-red-800">
                    {fieldMessage('The layout', globalErrors)}
                  </p>
                ) : null}
                {check.spec === null && previewMap ? (
                  <p className="text-sm text-slate-700">The preview shows the last layout without mistakes.</p>
                ) : null}
                {previewMap ? (
                  <div className={previewSpec !== lastValid ? 'opacity-70 transition-opacity' : ''}>
                    <LayoutPreview map={previewMap} />
                    <AccessibleSummary map={previewMap} />
                  </div>
                ) : (
                  <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
                    The preview appears once the layout has no mistakes.
                  </p>
                )}
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-700">
              Buyers choose how many tickets of each package they want; nobody picks a seat.
            </p>
          )}
        </fieldset>

        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
          <FormProblems messages={problems} />
          <div>
            <Button onClick={() => void save()} disabled={isDisabled} aria-disabled={isSaving || undefined}>
              {isSaving ? 'Saving…' : 'Save the seat map'}
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
