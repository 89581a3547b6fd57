import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { NIC_DEFAULT } from '@marquee/domain/checkout';
import { MAX_TICKETS_PER_ORDER } from '@marquee/domain/selection';
import { WaitlistJoinRequestSchema, type WaitlistJoinInput, type WaitlistJoinRequest } from '@marquee/domain/waitlist';
import { BuyerDetailsFields } from '../../../components/buyer-details/buyer-details-fields';
import { PaymentMethodField } from '../../../components/buyer-details/payment-method-field';
import { TermsCheckbox } from '../../../components/buyer-details/terms-checkbox';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit';
import { Button } from '../../../components/ui/button';
import { FieldFrame, fieldBorder } from '../../../components/ui/field-frame';
import { isApiError } from '../../../lib/api-client';
import { joinWaitlist } from '../api/join-waitlist';
import { waitlistErrorMessage } from '../lib/error-message';

/** The signed-in buyer's name and e-mail, to start the form with. */
export interface WaitlistBuyerPrefill {
  first_name: string;
  last_name: string;
  email: string;
}

export interface JoinWaitlistProps {
  event: Pick<EventDetail, 'uid' | 'name' | 'free_event' | 'payment_gateways'>;
  /** The sold-out packages the buyer may wait for: one (its card's), or a choice (a sold-out event). */
  packages: readonly TicketPackage[];
  buyerPrefill: WaitlistBuyerPrefill | null;
  /** Ask for the NIC, as the checkout does for this event. */
  isIdRequired: boolean;
  /** The server says the package has tickets after all (409 not_sold_out): on to choosing them. */
  onChooseTickets?: () => void;
}

const SELECT_CLASS =
  'min-h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700';

/** The request's fields the form shows, by the names the server's `errors` use for them. */
const FORM_FIELDS = [
  'package_id',
  'quantity',
  'buyer.first_name',
  'buyer.last_name',
  'buyer.email',
  'buyer.phone',
  'buyer.nic',
  'payment_gateway_id',
  'terms_agreed',
] as const satisfies readonly Path<WaitlistJoinInput>[];

/** The most tickets one entry may ask for: the package's limit per order, within the order's. */
function maxQuantityOf(ticketPackage: { max_per_order: number }): number {
  return Math.max(1, Math.min(ticketPackage.max_per_order, MAX_TICKETS_PER_ORDER));
}

/**
 * The waitlist's form (issue 23), in the dialog JoinWaitlist opens: the package (when there is a choice), how many
 * tickets, the buyer's details as the checkout asks for them (the order is placed with them when tickets come
 * back), the payment method, the terms and the human check. Sent, it says to check the e-mail: the place counts
 * once its link is used.
 */
export function JoinWaitlistForm({ event, packages, buyerPrefill, isIdRequired, onChooseTickets }: JoinWaitlistProps) {
  const { captcha, submit } = useCaptchaSubmit();
  const [problem, setProblem] = useState<{ message: string; isNotSoldOut: boolean } | null>(null);
  const [joined, setJoined] = useState<{ message: string; email: string } | null>(null);
  const firstPackage = packages[0];
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistJoinInput, unknown, WaitlistJoinRequest>({
    resolver: zodResolver(WaitlistJoinRequestSchema),
    defaultValues: {
      package_id: firstPackage?.id,
      quantity: 1,
      buyer: {
        first_name: buyerPrefill?.first_name ?? '',
        last_name: buyerPrefill?.last_name ?? '',
        email: buyerPrefill?.email ?? '',
        phone: '',
        nic: NIC_DEFAULT,
      },
      payment_gateway_id: event.payment_gateways[0]?.id,
    },
  });
  const packageId = useWatch({ control, name: 'package_id' });
  const gatewayId = useWatch({ control, name: 'payment_gateway_id' });
  const chosen = packages.find((candidate) => candidate.id === packageId) ?? firstPackage;
  const maxQuantity = chosen ? maxQuantityOf(chosen) : 1;
  const isPaid = !event.free_event && (chosen?.price ?? 0) > 0;
  // Checkout asks for the method only when there is a choice and something to pay.
  const asksForGateway = isPaid && event.payment_gateways.length > 1;

  // The session may answer after the dialog opened: its details fill the fields the buyer has left empty.
  useEffect(() => {
    if (!buyerPrefill) return;
    for (const field of ['first_name', 'last_name', 'email'] as const) {
      if (buyerPrefill[field] && getValues(`buyer.${field}`) === '') setValue(`buyer.${field}`, buyerPrefill[field]);
    }
  }, [buyerPrefill, getValues, setValue]);

  // Another package may allow fewer tickets per order than the number chosen.
  useEffect(() => {
    const quantity = getValues('quantity');
    if (typeof quantity === 'number' && quantity > maxQuantity) setValue('quantity', maxQuantity);
  }, [maxQuantity, getValues, setValue]);

  async function onSubmit(values: WaitlistJoinRequest) {
    setProblem(null);
    const request: WaitlistJoinRequest = {
      package_id: values.package_id,
      quantity: values.quantity,
      buyer: values.buyer,
      terms_agreed: values.terms_agreed,
      ...(asksForGateway && values.payment_gateway_id !== undefined
        ? { payment_gateway_id: values.payment_gateway_id }
        : {}),
    };
    try {
      const answer = await submit((captchaPayload) =>
        joinWaitlist({ eventUid: event.uid, request, captcha: captchaPayload }),
      );
      setJoined({ message: answer.message, email: values.buyer.email });
    } catch (error) {
      const fieldErrors = isApiError(error, 'validation_failed') ? (error.body.errors ?? {}) : {};
      if (Object.keys(fieldErrors).length > 0) {
        const others = showFieldErrors(fieldErrors);
        if (others.length > 0) setProblem({ message: others.join(' '), isNotSoldOut: false });
        return;
      }
      setProblem({ message: waitlistErrorMessage(error), isNotSoldOut: isApiError(error, 'not_sold_out') });
    }
  }

  /** The server's field errors beside their fields, the first in the form focused; returns those without one here. */
  function showFieldErrors(fieldErrors: Record<string, string[]>): string[] {
    const names = Object.keys(fieldErrors);
    const hidden = new Set<string>([
      ...(packages.length > 1 ? [] : ['package_id']),
      ...(isIdRequired ? [] : ['buyer.nic']),
      ...(asksForGateway ? [] : ['payment_gateway_id']),
    ]);
    const shown = FORM_FIELDS.filter((name) => names.includes(name) && !hidden.has(name));
    shown.forEach((name, index) => {
      const message = fieldErrors[name]?.[0] ?? 'This is invalid.';
      setError(name, { message }, { shouldFocus: index === 0 });
    });
    const others = names.filter((name) => !(shown as readonly string[]).includes(name));
    return others.flatMap((name) => fieldErrors[name] ?? []);
  }

  if (joined) return <JoinedNotice message={joined.message} email={joined.email} />;

  return (
    <form
      noValidate
      aria-label={`Join the waitlist for ${event.name}`}
      aria-busy={isSubmitting || undefined}
      onSubmit={(formEvent) => {
        if (isSubmitting) return formEvent.preventDefault();
        void handleSubmit(onSubmit)(formEvent);
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">
        When tickets come back, we hold them for the next in line for 10 minutes and e-mail a link to pay. First we send
        a link to confirm your place.
      </p>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem.message}
        </p>
      ) : null}
      {problem?.isNotSoldOut && onChooseTickets ? (
        <Button type="button" variant="secondary" className="self-start" onClick={onChooseTickets}>
          Choose tickets
        </Button>
      ) : null}
      <div className="grid gap-4">
        {packages.length > 1 ? (
          <FieldFrame label="Package" error={errors.package_id?.message}>
            {(controlProps) => (
              <select
                {...controlProps}
                className={`${SELECT_CLASS} ${fieldBorder(errors.package_id?.message)}`}
                {...register('package_id', { valueAsNumber: true })}
              >
                {packages.map((ticketPackage) => (
                  <option key={ticketPackage.id} value={ticketPackage.id}>
                    {ticketPackage.name}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        ) : null}
        <FieldFrame
          label="Number of tickets"
          hint={chosen ? `Up to ${maxQuantity} in ${chosen.name}.` : undefined}
          error={errors.quantity?.message}
        >
          {(controlProps) => (
            <select
              {...controlProps}
              className={`${SELECT_CLASS} ${fieldBorder(errors.quantity?.message)}`}
              {...register('quantity', { valueAsNumber: true })}
            >
              {Array.from({ length: maxQuantity }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold text-brand-950">Your details</legend>
        <BuyerDetailsFields
          register={(field) => register(`buyer.${field}`)}
          errorOf={(field) => errors.buyer?.[field]?.message}
          isIdRequired={isIdRequired}
          emailHint="The link to confirm your place, and the offer, are sent here."
        />
      </fieldset>
      {asksForGateway ? (
        <PaymentMethodField
          gateways={event.payment_gateways}
          value={gatewayId}
          onChange={(id) => setValue('payment_gateway_id', id)}
        />
      ) : null}
      <TermsCheckbox error={errors.terms_agreed?.message} {...register('terms_agreed')} />
      {captcha}
      <Button type="submit" aria-disabled={isSubmitting || undefined} className="aria-disabled:cursor-wait">
        {isSubmitting ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
          />
        ) : null}
        {isSubmitting ? 'Sending…' : 'Join the waitlist'}
      </Button>
    </form>
  );
}

/** Sent: takes the focus (the form it replaces had it), so the news is read out. */
function JoinedNotice({ message, email }: { message: string; email: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex flex-col gap-1 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <p className="font-semibold">{message}</p>
      <p className="text-sm">
        We sent it to <span className="font-semibold break-all">{email}</span>. Your place in line counts from the
        moment you confirm.
      </p>
    </div>
  );
}
