import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import type { PromoCodeAnswer } from '@marquee/domain/promotions-console';
import { updatePromotion } from '../api/change-promotions';
import {
  changesOf,
  formValuesOf,
  lockedRuleReason,
  placePromotionRefusal,
  RULE_FIELDS,
  ruleBodyOf,
  type RuleFormValues,
} from '../lib/promotion-form';
import { ActionDialog } from './action-dialog';
import { CheckboxField } from './checkbox-field';
import { AUTO_APPLY_HINT, PromotionRuleFields } from './promotion-rule-fields';

interface EditFormValues extends RuleFormValues {
  auto_apply: boolean;
}
const EDIT_FIELDS: readonly (keyof EditFormValues)[] = [...RULE_FIELDS, 'auto_apply'];

/**
 * Changes a code (every field the server's PATCH allows; the code's text never changes). A used code's kind and
 * value are shown disabled with the reason. Only what changed is sent; nothing changed closes the dialog.
 */
export function PromotionEditDialog({
  org,
  event,
  code,
  onClose,
  onSaved,
}: {
  org: string;
  event: ConsoleEventAnswer;
  code: PromoCodeAnswer;
  onClose: () => void;
  onSaved: () => void;
}) {
  const timeZone = event.venue.time_zone;
  const [problems, setProblems] = useState<string[]>([]);
  const lockedReason = lockedRuleReason(code);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditFormValues>({ defaultValues: formValuesOf(code, timeZone) });

  async function save(submitted: EditFormValues) {
    setProblems([]);
    // Disabled fields are not the form's to send: a used code keeps its own kind and value.
    const shown = formValuesOf(code, timeZone);
    const values = lockedReason === null ? submitted : { ...submitted, kind: shown.kind, value: shown.value };
    const rule = ruleBodyOf(values, timeZone);
    if (!rule.ok) return setError(rule.field, { message: rule.message }, { shouldFocus: true });
    const changes = changesOf(code, rule.body, values.auto_apply);
    if (Object.keys(changes).length === 0) return onClose();
    try {
      await updatePromotion(org, event.uid, code.id, changes);
      onSaved();
    } catch (error) {
      setProblems(
        placePromotionRefusal(error, EDIT_FIELDS, (field, message) =>
          setError(field, { message }, { shouldFocus: true }),
        ),
      );
    }
  }

  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={`Change ${code.code}`}
      confirmLabel="Save the changes"
      busyLabel="Saving…"
      isBusy={isSubmitting}
      problems={problems}
      onConfirm={() => void handleSubmit(save)()}
    >
      <p className="text-sm">The code&apos;s text cannot change: it may be printed already.</p>
      <PromotionRuleFields
        event={event}
        register={register}
        messageOf={(field) => errors[field]?.message}
        lockedReason={lockedReason}
      />
      <CheckboxField
        label="Apply automatically at checkout"
        hint={AUTO_APPLY_HINT}
        error={errors.auto_apply?.message}
        {...register('auto_apply')}
      />
    </ActionDialog>
  );
}
