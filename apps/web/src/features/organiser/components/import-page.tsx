import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleImportAnswer } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { organiserKeys } from '../api/query-keys';
import { runImport } from '../api/run-import';
import { importProblemsOf, readImportFile, type ImportProblem } from '../lib/import-file';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { FormProblems } from './form-problems';
import { ImportHelp } from './import-help';

type Outcome =
  | { kind: 'none' }
  | { kind: 'checked' | 'imported'; answer: ConsoleImportAnswer }
  | { kind: 'problems'; summary: string; problems: ImportProblem[] }
  | { kind: 'refused'; error: Error }
  | { kind: 'failed'; message: string };

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** What a file makes (would make, in a dry run): its events, the venues it adds, packages and promo codes. */
function ImportSummary({ org, answer }: { org: string; answer: ConsoleImportAnswer }) {
  const isDryRun = answer.dry_run;
  return (
    <div className="flex flex-col gap-3 text-slate-900">
      <p>
        {isDryRun ? 'Importing the file would make' : 'The import made'}{' '}
        {plural(answer.events.length, 'event', 'events')}, as {answer.events.length === 1 ? 'a draft' : 'drafts'}:
      </p>
      <ul className="list-disc pl-5" aria-label={isDryRun ? 'Events to import' : 'Imported events'}>
        {answer.events.map((event) => (
          <li key={event.uid}>
            {isDryRun ? (
              event.name
            ) : (
              <Link
                to={organiserPaths.event(org, event.uid)}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {event.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {answer.venues_created.length > 0 ? (
        <>
          <p>{isDryRun ? 'New venues:' : 'New venues added:'}</p>
          <ul className="list-disc pl-5" aria-label="New venues">
            {answer.venues_created.map((venue) => (
              <li key={`${venue.name}|${venue.city}`}>
                {venue.name}, {venue.city}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>No new venues: the events use venues the organisation has.</p>
      )}
      <p>
        {plural(answer.ticket_packages, 'ticket package', 'ticket packages')} and{' '}
        {plural(answer.promo_codes, 'promo code', 'promo codes')}.
      </p>
    </div>
  );
}

function ProblemList({ summary, problems }: { summary: string; problems: readonly ImportProblem[] }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
      <h2 className="font-semibold">{summary}</h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm" aria-label="Problems in the file">
        {problems.map((problem) => (
          <li key={problem.path ?? '(file)'}>
            <code className="font-mono text-xs font-semibold [overflow-wrap:anywhere]">
              {problem.path ?? 'The file'}
            </code>
            : {problem.messages.join(' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /organiser/{org}/imports (`import.run`): a JSON file of events, read in the browser, checked by the server
 * (a dry run that writes nothing) and then imported, all or nothing; every event arrives as a draft.
 */
export function ImportPage({ org }: { org: string }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  // A new key empties the file input: an imported file is not offered to import again.
  const [inputKey, setInputKey] = useState(0);

  async function onChoose(chosen: File | undefined) {
    setOutcome({ kind: 'none' });
    setFile(null);
    setFileProblem(null);
    if (!chosen) return;
    const read = await readImportFile(chosen);
    if (read.ok) setFile({ name: chosen.name, content: read.content });
    else setFileProblem(read.message);
  }

  async function run(isDryRun: boolean) {
    if (!file || busy) return;
    setBusy(isDryRun ? 'check' : 'import');
    setOutcome({ kind: 'none' });
    try {
      const answer = await runImport(org, file.content, isDryRun);
      if (isDryRun) {
        setOutcome({ kind: 'checked', answer });
      } else {
        setOutcome({ kind: 'imported', answer });
        setFile(null);
        setInputKey((key) => key + 1);
        toast.success(`${plural(answer.events.length, 'event is', 'events are')} imported as drafts.`);
        await queryClient.invalidateQueries({ queryKey: organiserKeys.events(org) });
        await queryClient.invalidateQueries({ queryKey: organiserKeys.venues(org) });
      }
    } catch (error) {
      const problems = importProblemsOf(error);
      if (problems) setOutcome({ kind: 'problems', ...problems });
      else if (isApiError(error, 'payload_too_large'))
        setOutcome({ kind: 'failed', message: 'The file is too large for the console (2 MB at most). Split it.' });
      else if (isApiError(error, 'sign_in_required', 'two_factor_required', 'forbidden'))
        setOutcome({ kind: 'refused', error });
      else setOutcome({ kind: 'failed', message: problemMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ConsolePageHeader
        title="Import events"
        description={
          <p>
            Bring many events at once from a JSON file: check it first, then import it. Nothing is written until the
            whole file is right, and every event arrives as a draft.
          </p>
        }
      />
      <div className="flex flex-col gap-6">
        <section
          aria-labelledby={`${inputId}-heading`}
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id={`${inputId}-heading`} className="text-xl font-semibold text-brand-950">
            Your file
          </h2>
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
              A .json file of events (2 MB at most)
            </label>
            <input
              key={inputKey}
              id={inputId}
              type="file"
              accept=".json,application/json"
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={fileProblem ? `${inputId}-error` : undefined}
              onChange={(event) => void onChoose(event.target.files?.[0])}
              className="text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-700 hover:file:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            />
            {fileProblem ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-800">
                {fileProblem}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              disabled={!file}
              aria-disabled={busy !== null || undefined}
              onClick={() => void run(true)}
            >
              {busy === 'check' ? 'Checking…' : 'Check'}
            </Button>
            <Button disabled={!file} aria-disabled={busy !== null || undefined} onClick={() => void run(false)}>
              {busy === 'import' ? 'Importing…' : 'Import'}
            </Button>
          </div>
          {file && outcome.kind === 'none' && busy === null ? (
            <p className="text-sm text-slate-700">
              {file.name} is read. Check it to see what it would make, or import it now.
            </p>
          ) : null}
        </section>
        <div aria-live="polite">
          {outcome.kind === 'checked' || outcome.kind === 'imported' ? (
            <section
              aria-labelledby={`${inputId}-result`}
              className="rounded-2xl border border-emerald-300 bg-emerald-50 p-5 sm:p-6"
            >
              <h2 id={`${inputId}-result`} className="mb-3 text-xl font-semibold text-emerald-950">
                {outcome.kind === 'checked' ? 'The file is ready to import' : 'Imported'}
              </h2>
              <ImportSummary org={org} answer={outcome.answer} />
              {outcome.kind === 'checked' ? (
                <p className="mt-3 text-sm text-slate-700">Nothing is written yet: press Import to make them.</p>
              ) : (
                <p className="mt-3 text-sm text-slate-700">
                  Open each draft to check it, then publish it from its page.
                </p>
              )}
            </section>
          ) : null}
          {outcome.kind === 'problems' ? <ProblemList summary={outcome.summary} problems={outcome.problems} /> : null}
          {outcome.kind === 'failed' ? <FormProblems messages={[outcome.message]} /> : null}
          {outcome.kind === 'refused' ? (
            <ConsoleQueryError
              error={outcome.error}
              title="The file could not be sent"
              onRetry={() => undefined}
              isRetrying={false}
            />
          ) : null}
        </div>
        <ImportHelp />
      </div>
    </>
  );
}
