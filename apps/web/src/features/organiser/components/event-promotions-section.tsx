import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { formatMoney } from '@marquee/domain/money';
import {
  PROMO_GENERATE_MAX,
  type PromoCodeAnswer,
  type PromoGenerateInput,
  type PromoKind,
} from '@marquee/domain/promotions-console';
import { zonedWallClockToInstant } from '@marquee/domain/zoned-time';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { createPromotion, deactivatePromotion, generatePromotions } from '../api/change-promotions';
import { promotionsCsvPath, promotionsQueryOptions } from '../api/get-promotions';
import { organiserKeys } from '../api/query-keys';
import { placeServerErrors } from '../lib/field-errors';
import { minorUnitsOf, wholeNumberOf } from '../lib/form-inputs';
import { problemMessage } from '../lib/problem-message';
import { formatCount } from '../lib/venue-display';
import { CheckboxField } from './checkbox-field';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';
import { FormProblems } from './form-problems';
import { SelectField } from './select-field';

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'fixed', label: 'Amount off' },
] as const;

/** The form as typed: numbers and money as text, times as the venue's clocks read them. */
interface RuleFormValues {
  kind: PromoKind;
  value: string;
  package_ids: string[];
  valid_from: string;
  valid_to: string;
  max_uses: string;
  max_uses_per_email: string;
  active: boolean;
}
interface CreateFormValues extends RuleFormValues {
  code: string;
}
interface GenerateFormValues extends RuleFormValues {
  prefix: string;
  count: string;
}

type RuleField = keyof RuleFormValues;

/** The rule's body from the form, or the field and message of what cannot be read. */
function ruleBodyOf(
  values: RuleFormValues,
  timeZone: string,
): { ok: true; body: Omit<PromoGenerateInput, 'count' | 'prefix'> } | { ok: false; field: RuleField; message: string } {
  let value: number;
  if (values.kind === 'fixed') {
    const amount = minorUnitsOf(values.value);
    if (!amount.ok) return { ok: false, field: 'value', message: `Value ${amount.message}` };
    value = amount.value;
  } else {
    value = wholeNumberOf(values.value) ?? 0;
  }
  const instants: Partial<Record<'valid_from' | 'valid_to', string | null>> = {};
  for (const field of ['valid_from', 'valid_to'] as const) {
    if (values[field] === '') {
      instants[field] = null;
      continue;
    }
    const found = zonedWallClockToInstant(values[field], timeZone);
    if (!found.ok) return { ok: false, field, message: 'This date and time does not exist at the venue.' };
    instants[field] = found.instant.toISOString();
  }
  return {
    ok: true,
    body: {
      kind: values.kind,
      value,
      package_ids: values.package_ids.map(Number),
      valid_from: instants.valid_from ?? null,
      valid_to: instants.valid_to ?? null,
      max_uses: wholeNumberOf(values.max_uses),
      max_uses_per_email: wholeNumberOf(values.max_uses_per_email),
      active: values.active,
    },
  };
}

const EMPTY_RULE: RuleFormValues = {
  kind: 'percent',
  value: '',
  package_ids: [],
  valid_from: '',
  valid_to: '',
  max_uses: '',
  max_uses_per_email: '',
  active: true,
};

function discountText(code: PromoCodeAnswer, currency: ConsoleEventAnswer['currency']): string {
  return code.kind === 'percent' ? `${code.value}% off` : `${formatMoney(code.value, currency)} off`;
}

/** The fields of a rule, shared by the form of one code and the form of N. */
function RuleFields({
  event,
  register,
  messageOf,
}: {
  event: ConsoleEventAnswer;
  register: UseFormRegister<RuleFormValues>;
  messageOf: (field: RuleField) => string | undefined;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Kind" options={KIND_OPTIONS} error={messageOf('kind')} {...register('kind')} />
        <TextField
          label="Value"
          inputMode="decimal"
          autoComplete="off"
          hint={`A percentage (1 to 100), or an amount in ${event.currency}.`}
          error={messageOf('value')}
          {...register('value')}
        />
      </div>
      {event.packages.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-slate-900">Packages (none ticked: all of them)</legend>
          {event.packages.map((pkg) => (
            <CheckboxField key={pkg.id} label={pkg.name} value={String(pkg.id)} {...register('package_ids')} />
          ))}
          {messageOf('package_ids') ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {messageOf('package_ids')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Valid from"
          type="datetime-local"
          hint={`Optional. The clocks of ${event.venue.time_zone}.`}
          error={messageOf('valid_from')}
          {...register('valid_from')}
        />
        <TextField
          label="Valid to"
          type="datetime-local"
          hint="Optional; after the start."
          error={messageOf('valid_to')}
          {...register('valid_to')}
        />
        <TextField
          label="Most uses in all"
          inputMode="numeric"
          autoComplete="off"
          hint="Optional."
          error={messageOf('max_uses')}
          {...register('max_uses')}
        />
        <TextField
          label="Most uses per e-mail"
          inputMode="numeric"
          autoComplete="off"
          hint="Optional."
          error={messageOf('max_uses_per_email')}
          {...register('max_uses_per_email')}
        />
      </div>
      <CheckboxField label="Active" error={messageOf('active')} {...register('active')} />
    </>
  );
}

const CREATE_FIELDS: readonly (keyof CreateFormValues)[] = [
  'code',
  'kind',
  'value',
  'package_ids',
  'valid_from',
  'valid_to',
  'max_uses',
  'max_uses_per_email',
  'active',
];
const GENERATE_FIELDS: readonly (keyof GenerateFormValues)[] = [
  ...CREATE_FIELDS.filter((f) => f !== 'code'),
  'prefix',
  'count',
];

/** The server's key (`package_ids.0`) as the form's field. */
function fieldOfKey<Field extends string>(fields: readonly Field[], key: string): Field | null {
  const head = key.split('.')[0] ?? '';
  return (fields as readonly string[]).includes(head) ? (head as Field) : null;
}

function CreatePromotionForm({ org, event, onDone }: { org: string; event: ConsoleEventAnswer; onDone: () => void }) {
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateFormValues>({ defaultValues: { code: '', ...EMPTY_RULE } });

  async function submit(values: CreateFormValues) {
    setProblems([]);
    const rule = ruleBodyOf(values, event.venue.time_zone);
    if (!rule.ok) return setError(rule.field, { message: rule.message }, { shouldFocus: true });
    try {
      await createPromotion(org, event.uid, { code: values.code, ...rule.body });
      reset();
      onDone();
    } catch (error) {
      setProblems(
        placeServerErrors(
          error,
          (key) => fieldOfKey(CREATE_FIELDS, key),
          (field, message) => setError(field, { message }, { shouldFocus: true }),
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
      <RuleFields event={event} register={register} messageOf={(field) => errors[field]?.message} />
      <div>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Making the code…' : 'Make the code'}
        </Button>
      </div>
    </form>
  );
}

function GeneratePromotionsForm({
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
        placeServerErrors(
          error,
          (key) => fieldOfKey(GENERATE_FIELDS, key),
          (field, message) => setError(field, { message }, { shouldFocus: true }),
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
          {formatCount(made)} codes made. Download them as CSV below the list.
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
      <RuleFields event={event} register={register} messageOf={(field) => errors[field]?.message} />
      <div>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Generating…' : 'Generate the codes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The event's promotions (`?section=promotions`): its codes with their usage (uses, tickets and the discount
 * given by paid orders), a CSV download, and, for `promo.write`, deactivating a code, making one, and
 * generating N at once.
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
  const refresh = () => void queryClient.invalidateQueries({ queryKey: organiserKeys.promotions(org, event.uid) });

  async function deactivate(code: PromoCodeAnswer) {
    setProblem(null);
    try {
      await deactivatePromotion(org, event.uid, code.id);
      refresh();
    } catch (error) {
      setProblem(problemMessage(error));
    }
  }

  return (
    <section
      aria-labelledby="event-promotions-heading"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="event-promotions-heading" className="text-xl font-semibold text-brand-950">
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
        <p className="text-slate-700">No promo codes yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <FormProblems messages={problem ? [problem] : []} />
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Promo codes and their usage</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Code
                </th>
                <th scope="col" className="py-2 pr-3">
                  Discount
                </th>
                <th scope="col" className="py-2 pr-3">
                  Uses
                </th>
                <th scope="col" className="py-2 pr-3">
                  Tickets
                </th>
                <th scope="col" className="py-2 pr-3">
                  Discount given
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                {canWrite ? (
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {query.data.codes.map((code) => (
                <tr key={code.id} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-mono font-semibold">
                    {code.code}
                  </th>
                  <td className="py-2 pr-3">{discountText(code, query.data.currency)}</td>
                  <td className="py-2 pr-3">
                    {formatCount(code.used_count)}
                    {code.max_uses === null ? '' : ` of ${formatCount(code.max_uses)}`}
                  </td>
                  <td className="py-2 pr-3">{formatCount(code.usage.tickets)}</td>
                  <td className="py-2 pr-3">{formatMoney(code.usage.discount, query.data.currency)}</td>
                  <td className="py-2 pr-3">{code.active ? 'Active' : 'Inactive'}</td>
                  {canWrite ? (
                    <td className="py-2">
                      {code.active ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Deactivate ${code.code}`}
                          onClick={() => void deactivate(code)}
                        >
                          Deactivate
                        </Button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a
          href={promotionsCsvPath(org, event.uid)}
          download
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          Download the codes as CSV
        </a>
      </p>
      {canWrite ? (
        <>
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold text-brand-950">New promo code</h3>
            <CreatePromotionForm org={org} event={event} onDone={refresh} />
          </div>
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold text-brand-950">Generate codes</h3>
            <GeneratePromotionsForm org={org} event={event} onDone={refresh} />
          </div>
        </>
      ) : null}
    </section>
  );
}
