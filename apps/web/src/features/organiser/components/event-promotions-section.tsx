import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import type { PromoCodeAnswer } from '@marquee/domain/promotions-console';
import { deactivatePromotion, deletePromotion, updatePromotion } from '../api/change-promotions';
import { promotionsCsvPath, promotionsQueryOptions } from '../api/get-promotions';
import { organiserKeys } from '../api/query-keys';
import { problemMessage } from '../lib/problem-message';
import { ActionDialog } from './action-dialog';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';
import { FormProblems } from './form-problems';
import { PromotionCodeCard, type PromotionAction } from './promotion-code-card';
import { CreatePromotionForm, GeneratePromotionsForm } from './promotion-create-forms';
import { PromotionEditDialog } from './promotion-edit-dialog';

/**
 * The event's promotions (`?section=promotions`): its codes, each with its usage report (uses, paid orders,
 * tickets and the discount given), the CSV download, and, for `promo.write`, changing a code, deactivating and
 * reactivating it, deleting one never used (after a question), making one (it may be the event's auto-applied
 * code, decisions/045) and generating N at once.
 */
export function EventPromotionsSection({
  org,
  event,
  canWrite,
}: {
  org: string;
  event: ConsoleEventAnswer;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(promotionsQueryOptions(org, event.uid));
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [editing, setEditing] = useState<PromoCodeAnswer | null>(null);
  const [deleting, setDeleting] = useState<PromoCodeAnswer | null>(null);
  const [deleteProblems, setDeleteProblems] = useState<string[]>([]);
  const [isDeleting, setIsDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: organiserKeys.promotions(org, event.uid) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  /** A dialog's opener gets the focus back when it closes; the section's heading when the opener is gone (deleted). */
  function rememberOpener() {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  function restoreFocus() {
    const opener = openerRef.current;
    // After React has removed the dialog (and, on a deletion, the code's card).
    setTimeout(() => (opener?.isConnected ? opener : headingRef.current)?.focus(), 0);
  }
  function closeEdit() {
    setEditing(null);
    restoreFocus();
  }
  function closeDelete() {
    setDeleting(null);
    restoreFocus();
  }

  async function switchActive(code: PromoCodeAnswer, active: boolean) {
    setProblem(null);
    setNotice(null);
    setBusyId(code.id);
    try {
      if (active) await updatePromotion(org, event.uid, code.id, { active: true });
      else await deactivatePromotion(org, event.uid, code.id);
      await refresh();
      setNotice(`${code.code} is ${active ? 'active again' : 'deactivated'}.`);
    } catch (error) {
      setProblem(problemMessage(error));
    } finally {
      setBusyId(null);
    }
  }

  function onAction(action: PromotionAction, code: PromoCodeAnswer) {
    if (action === 'edit') {
      setNotice(null);
      rememberOpener();
      setEditing(code);
    } else if (action === 'delete') {
      setDeleteProblems([]);
      rememberOpener();
      setDeleting(code);
    } else void switchActive(code, action === 'reactivate');
  }

  async function confirmDelete() {
    if (!deleting) return;
    setIsDeleting(true);
    setDeleteProblems([]);
    try {
      await deletePromotion(org, event.uid, deleting.id);
      setNotice(`${deleting.code} is deleted.`);
      closeDelete();
      await refresh();
    } catch (error) {
      setDeleteProblems([problemMessage(error)]);
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <section
      aria-labelledby="event-promotions-heading"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 ref={headingRef} tabIndex={-1} id="event-promotions-heading" className="text-xl font-semibold text-brand-950">
        Promotions
      </h2>
      {query.isPending ? (
        <ConsoleLoading label="Loading the promo codes…" rows={2} />
      ) : query.isError ? (
        <ConsoleQueryError
          error={query.error}
          title="The promo codes could not be loaded"
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.codes.length === 0 ? (
        <p className="text-slate-700">
          No promo codes yet.{canWrite ? ' Make one, or generate many at once, below.' : ''}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <p>
            <a
              href={promotionsCsvPath(org, event.uid)}
              download
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Download the codes as CSV
            </a>{' '}
            <span className="text-sm text-slate-600">(every code with its rule and usage)</span>
          </p>
          <FormProblems messages={problem ? [problem] : []} />
          <p role="status" className={notice ? 'text-sm text-green-900' : 'sr-only'}>
            {notice ?? ''}
          </p>
          <ul aria-label="Promo codes" className="flex flex-col gap-3">
            {query.data.codes.map((code) => (
              <li key={code.id}>
                <PromotionCodeCard
                  code={code}
                  event={event}
                  currency={query.data.currency}
                  canWrite={canWrite}
                  busy={busyId === code.id}
                  onAction={onAction}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      {canWrite ? (
        <>
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold text-brand-950">New promo code</h3>
            <CreatePromotionForm org={org} event={event} onDone={() => void refresh()} />
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold text-brand-950">Generate codes</h3>
            <GeneratePromotionsForm org={org} event={event} onDone={() => void refresh()} />
          </div>
        </>
      ) : null}
      {editing ? (
        <PromotionEditDialog
          key={editing.id}
          org={org}
          event={event}
          code={editing}
          onClose={closeEdit}
          onSaved={() => {
            setNotice(`${editing.code} is changed.`);
            closeEdit();
            void refresh();
          }}
        />
      ) : null}
      <ActionDialog
        isOpen={deleting !== null}
        onClose={closeDelete}
        title={deleting ? `Delete ${deleting.code}?` : 'Delete the code?'}
        confirmLabel="Delete the code"
        busyLabel="Deleting…"
        isBusy={isDeleting}
        isDanger
        problems={deleteProblems}
        onConfirm={() => void confirmDelete()}
      >
        <p>Buyers will no longer be able to use it, and it cannot be brought back. It has never been used.</p>
      </ActionDialog>
    </section>
  );
}
