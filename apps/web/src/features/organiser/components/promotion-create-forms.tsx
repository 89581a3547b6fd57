import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { PROMO_GENERATE_MAX } from '@marquee/domain/promotions-console';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { createPromotion, generatePromotions } from '../api/change-promotions';
import { wholeNumberOf } from '../lib/form-inputs';
import { EMPTY_RULE, placePromotionRefusal, RULE_FIELDS, ruleBodyOf, type RuleFormValues } from '../lib/promotion-form';
import { formatCount } from '../lib/venue-display';
import { CheckboxField } from './checkbox-field';
import { FormProblems } from './form-problems';
import { AUTO_APPLY_HINT, PromotionRuleFields } from './promotion-rule-fields';

interface CreateFormValues extends RuleFormValues {
  code: string;
  auto_apply: boolean;
}
interface GenerateFormValues extends RuleFormValues {
  prefix: string;
  count: string;
}

const CREATE_FIELDS: readonly (keyof CreateFormValues)[] = ['code', ...RULE_FIELDS, 'auto_apply'];
const GENERATE_FIELDS: readonly (keyof GenerateFormValues)[] = [...RULE_FIELDS, 'prefix', 'count'];

/** One code, typed by the organiser; it may be the event's auto-applied code. */
export function CreatePromotionForm({
  org,
  event,
  onDone,
}: {
  org: string;
  event: ConsoleEventAnswer;
  onDone: () => void;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateFormValues>({ defaultValues: { code: '', ...EMPTY_RULE, auto_apply: false } });

  async function submit(values: CreateFormValues) {
    setProblems([]);
    const rule = ruleBodyOf(values, event.venue.time_zone);
    if (!rule.ok) return setError(rule.field, { message: rule.message }, { shouldFocus: true });
    try {
      await createPromotion(org, event.uid, { code: values.code, ...rule.body, auto_apply: values.auto_apply });
      reset();
      onDone();
    } catch (error) {
      setProblems(
        placePromotionRefusal(error, CREATE_FIELDS, (field, message) =>
          setError(field, { message }, { shouldFocus: true }),
        ),
      );
    }
  }

  return (
    <form
      noValidate
      aria-label="New promo code"
      onSubmit={(submitted) => void handleSubmit(submit)(submitted)}
      className="flex flex-col gap-4"
    >
      <FormProblems messages={problems} />
      <TextField
        label="Code"
        autoComplete="off"
        hint="Letters, digits, - and _; buyers may type it in any case."
        error={errors.code?.message}
        {...register('code')}
      />
      <PromotionRuleFields event={event} register={register} messageOf={(field) => errors[field]?.message} />
      <CheckboxField
        label="Apply automatically at checkout"
        hint={AUTO_APPLY_HINT}
        error={errors.auto_apply?.message}
        {...register('auto_apply')}
      />
      <div>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Making the code…' : 'Make the code'}
        </Button>
      </div>
    </form>
  );
}

/** N codes at once, each the prefix and random characters, with one rule (never auto-applied). */
export function GeneratePromotionsForm({
  org,
  event,
  onDone,
}: {
  org: string;
  event: ConsoleEventAnswer;
  onDone: () => void;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const [made, setMade] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GenerateFormValues>({ defaultValues: { prefix: '', count: '10', ...EMPTY_RULE, max_uses: '1' } });

  async function submit(values: GenerateFormValues) {
    setProblems([]);
    setMade(null);
    const rule = ruleBodyOf(values, event.venue.time_zone);
    if (!rule.ok) return setError(rule.field, { message: rule.message }, { shouldFocus: true });
    try {
      const answer = await generatePromotions(org, event.uid, {
        prefix: values.prefix,
        count: wholeNumberOf(values.count) ?? 0,
        ...rule.body,
      });
      setMade(answer.count);
      onDone();
    } catch (error) {
      setProblems(
        placePromotionRefusal(error, GENERATE_FIELDS, (field, message) =>
          setError(field, { message }, { shouldFocus: true }),
        ),
      );
    }
  }

  return (
    <form
      noValidate
      aria-label="Generate promo codes"
      onSubmit={(submitted) => void handleSubmit(submit)(submitted)}
      className="flex flex-col gap-4"
    >
      <FormProblems messages={problems} />
      {made !== null ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {formatCount(made)} codes made. Download them with the CSV link above the list.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Prefix"
          autoComplete="off"
          hint="Optional, before the random part (VIP-)."
          error={errors.prefix?.message}
          {...register('prefix')}
        />
        <TextField
          label="How many"
          inputMode="numeric"
          autoComplete="off"
          hint={`1 to ${formatCount(PROMO_GENERATE_MAX)}.`}
          error={errors.count?.message}
          {...register('count')}
        />
      </div>
      <PromotionRuleFields event={event} register={register} messageOf={(field) => errors[field]?.message} />
      <div>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Generating…' : 'Generate the codes'}
        </Button>
      </div>
    </form>
  );
}
