import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '@marquee/domain/money';
import { SANDBOX_TEST_CARDS, formatCardNumber, type SandboxConfirmResponse } from '@marquee/domain/payments';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import {
  CARD_FIELDS,
  EMPTY_CARD_FORM,
  cardFieldError,
  cardFieldOfServerError,
  formatCardField,
  isCardFieldComplete,
  parseCardForm,
  testCardValues,
  type CardField,
  type CardFormValues,
} from '../lib/card-form';
import type { CardPaymentProps } from '../lib/card-payment';
import { navigateToUrl } from '../lib/navigate-to-url';
import { SESSION_EXPIRED_FAILURE, UNEXPECTED_FAILURE, type PaymentFailure } from '../lib/payment-failure';
import { PaymentFailureAlert } from './payment-failure-alert';
import { TextField } from '../../../components/ui/text-field';

type FieldErrors = Partial<Record<CardField, string>>;

/** What the sandbox's answer means for the buyer: go on (a page to visit) or a failure to show. */
function outcomeOf(result: SandboxConfirmResponse): { goTo: string } | { failure: PaymentFailure } {
  switch (result.status) {
    case 'succeeded':
    case 'processing':
      return { goTo: result.return_url };
    case 'requires_action':
      return result.next_action ? { goTo: result.next_action.redirect_url } : { failure: UNEXPECTED_FAILURE };
    case 'canceled':
      return { failure: SESSION_EXPIRED_FAILURE };
    case 'requires_payment_method':
      return { failure: result.error ? { kind: 'card', message: result.error.message } : UNEXPECTED_FAILURE };
  }
}

/**
 * The sandbox provider's card form (the embedded default; spec 4: "pay with the card element"): number in
 * groups of four, expiry, CVC and name, checked as typed with the card errors' own messages, then confirmed
 * with the sandbox like Stripe's confirmCardPayment. In test mode the well-known test cards fill it in.
 */
export function SandboxCardForm({
  intentId,
  clientSecret,
  amount,
  currency,
  buyerName,
  onAttempt,
  onRestart,
}: CardPaymentProps) {
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(new Set());
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const confirmation = useConfirmSandboxPayment();
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const testCardsId = useId();
  const isBusy = confirmation.isPending || isLeaving;
  const isExpired = failure?.kind === 'session_expired';

  // Focus moves to the first field in error once the form is enabled again (a new object per request).
  const [focusRequest, setFocusRequest] = useState<{ field: CardField } | null>(null);
  useEffect(() => {
    if (!focusRequest || isBusy) return;
    const ref = { number: numberRef, expiry: expiryRef, cvc: cvcRef, name: nameRef }[focusRequest.field];
    ref.current?.focus();
  }, [focusRequest, isBusy]);

  function onFieldChange(field: CardField, input: string) {
    const next = { ...values, [field]: formatCardField(field, input) };
    setValues(next);
    // Checked as typed once the field was left, or as soon as it is complete (a mistyped number shows at 16 digits).
    const shouldCheck = touched.has(field) || isCardFieldComplete(field, next[field]);
    setErrors((current) => ({
      ...current,
      [field]: shouldCheck ? (cardFieldError(field, next, new Date()) ?? undefined) : undefined,
    }));
  }

  function onFieldBlur(field: CardField) {
    // An empty field left alone says nothing until Pay.
    if (values[field].trim() === '') return;
    setTouched((current) => new Set(current).add(field));
    setErrors((current) => ({ ...current, [field]: cardFieldError(field, values, new Date()) ?? undefined }));
  }

  function onUseTestCard(number: string) {
    setValues(testCardValues(number, buyerName, new Date()));
    setErrors({});
    setFailure(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || isExpired) return;
    const parsed = parseCardForm(values, new Date());
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setTouched(new Set(CARD_FIELDS));
      const first = CARD_FIELDS.find((field) => parsed.errors[field]);
      if (first) setFocusRequest({ field: first });
      return;
    }
    setFailure(null);
    onAttempt();
    confirmation.mutate(
      { intentId, request: { client_secret: clientSecret, card: parsed.card } },
      {
        onSuccess: (result) => {
          const outcome = outcomeOf(result);
          if ('goTo' in outcome) {
            setIsLeaving(true);
            navigateToUrl(outcome.goTo);
          } else {
            setFailure(outcome.failure);
          }
        },
        onError: (error) => {
          // validation_failed: the sandbox checked the card's fields; each message goes beside its field.
          if (isApiError(error, 'validation_failed')) {
            const fieldErrors: FieldErrors = {};
            for (const [name, messages] of Object.entries(error.body.errors ?? {})) {
              const field = cardFieldOfServerError(name);
              if (field && messages[0]) fieldErrors[field] = messages[0];
            }
            if (Object.keys(fieldErrors).length > 0) {
              setErrors(fieldErrors);
              const first = CARD_FIELDS.find((field) => fieldErrors[field]);
              if (first) setFocusRequest({ field: first });
              return;
            }
            setFailure({ kind: 'card', message: error.body.message });
            return;
          }
          setFailure(UNEXPECTED_FAILURE);
        },
      },
    );
  }

  const fieldProps = (field: CardField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => onFieldChange(field, event.target.value),
    onBlur: () => onFieldBlur(field),
  });

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby={testCardsId}
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
      >
        <h4 id={testCardsId} className="flex items-center gap-2 text-base font-semibold">
          <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide uppercase">Test mode</span>
          Test cards
        </h4>
        <p className="mt-1">Payments here are simulated: no real card is charged. Pick a test card to fill in the form.</p>
        <ul className="mt-3 flex flex-col divide-y divide-amber-200">
          {SANDBOX_TEST_CARDS.map((card) => {
            const grouped = formatCardNumber(card.number);
            return (
              <li key={card.number} className="flex items-center gap-3 py-2">
                <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
                  <span className="font-mono whitespace-nowrap tabular-nums">{grouped}</span>
                  <span className="text-slate-700">{card.description}</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onUseTestCard(card.number)}
                  disabled={isBusy}
                  aria-label={`Use test card ${grouped}: ${card.description}`}
                >
                  Use
                </Button>
              </li>
            );
          })}
        </ul>
      </section>

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Card payment">
        <fieldset disabled={isBusy} className="grid grid-cols-2 gap-4">
          <legend className="sr-only">Card details</legend>
          <TextField
            label="Card number"
            className="col-span-2"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            ref={numberRef}
            {...fieldProps('number')}
          />
          <TextField
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            ref={expiryRef}
            {...fieldProps('expiry')}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            ref={cvcRef}
            {...fieldProps('cvc')}
          />
          <TextField
            label="Name on card"
            className="col-span-2"
            autoComplete="cc-name"
            ref={nameRef}
            {...fieldProps('name')}
          />
        </fieldset>
        {failure ? <PaymentFailureAlert failure={failure} onRestart={onRestart} /> : null}
        <Button type="submit" size="lg" disabled={isBusy || isExpired} className="w-full sm:w-auto sm:self-start">
          {isLeaving ? 'Redirecting…' : confirmation.isPending ? 'Processing…' : `Pay ${formatMoney(amount, currency)}`}
        </Button>
      </form>
    </div>
  );
}
