import type { PaymentGateway } from '@marquee/domain/catalog';

export interface PaymentMethodFieldProps {
  gateways: readonly PaymentGateway[];
  value: number | undefined;
  onChange: (gatewayId: number) => void;
}

/** The event's payment methods as radio buttons with their logos (spec 4), for an event with more than one. */
export function PaymentMethodField({ gateways, value, onChange }: PaymentMethodFieldProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-semibold text-brand-950">Payment method</legend>
      {gateways.map((gateway) => (
        <label
          key={gateway.id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
        >
          <input
            type="radio"
            name="payment_gateway"
            value={gateway.id}
            checked={value === gateway.id}
            onChange={() => onChange(gateway.id)}
            className="size-4 accent-brand-700"
          />
          <img src={gateway.logo} alt="" width={60} height={24} className="h-6 w-auto" />
          <span>{gateway.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
