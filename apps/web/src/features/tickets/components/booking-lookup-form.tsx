import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BookingLookupRequestSchema, type BookingLookupRequest } from '@marquee/domain/bookings';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

export interface BookingLookupFormProps {
  isSearching: boolean;
  onSearch: (request: BookingLookupRequest) => void;
  /** The human check (it solves by itself), shown above Search Ticket. */
  captcha?: ReactNode;
}

/** Spec 2: the fields Booking ID and NIC and the Search Ticket button. */
export function BookingLookupForm({ isSearching, onSearch, captcha }: BookingLookupFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BookingLookupRequest>({
    resolver: zodResolver(BookingLookupRequestSchema),
    defaultValues: { booking_id: '', nic: '' },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSearch)(event)}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-label="Find your booking"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Booking ID"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="MQ7K3F9X2QHD"
          hint="In your confirmation e-mail, starting with MQ."
          error={errors.booking_id?.message}
          {...register('booking_id')}
        />
        <TextField
          label="NIC"
          autoComplete="off"
          spellCheck={false}
          hint="The NIC you gave at checkout. Gave none? Enter the e-mail you used at checkout instead."
          error={errors.nic?.message}
          {...register('nic')}
        />
      </div>
      {captcha}
      <div>
        <Button type="submit" size="lg" disabled={isSearching}>
          {isSearching ? (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
            />
          ) : null}
          {isSearching ? 'Searching…' : 'Search Ticket'}
        </Button>
      </div>
    </form>
  );
}
