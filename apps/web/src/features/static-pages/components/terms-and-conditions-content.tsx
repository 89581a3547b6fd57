import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from './static-page';

export function TermsAndConditionsContent() {
  return (
    <StaticPage
      title="Terms and conditions"
      lastUpdated="22 November 2026"
      intro="These terms apply whenever you buy tickets on Marquee. Please read them before you book: by ticking the terms box at checkout you accept them."
    >
      <h2>1. Marquee and the organiser</h2>
      <p>
        Marquee sells tickets as an agent for the organiser of each event. Your contract to attend the event is with the
        organiser, who is responsible for the event itself, including its programme, timing and venue. The venue's own
        rules also apply when you are there. "We" means Marquee Lanka (Pvt) Ltd for events in Sri Lanka, Marquee Tickets
        Pte. Ltd. for events in Singapore and Marquee Tickets Pty Ltd for events in Australia.
      </p>

      <h2>2. Booking tickets</h2>
      <ul>
        <li>
          You can book with or without an account. You must be 16 or older, or book with a parent's or guardian's
          permission.
        </li>
        <li>
          Prices are in the currency of the event's venue: Sri Lankan rupees, Singapore dollars or Australian dollars.
        </li>
        <li>
          When you choose tickets or seats we hold them for you for 10 minutes. If you have not paid by then, the hold
          ends and the tickets go back on sale.
        </li>
        <li>Organisers may limit the number of tickets per order or per person.</li>
        <li>
          A promo code can be used only with tickets from a single ticket package, and only while the promotion lasts.
          One code per order.
        </li>
        <li>
          Your booking is confirmed only when your payment succeeds and we send you a Booking ID. Please check the
          event, date, seats and your details before you pay.
        </li>
      </ul>

      <h2>3. Prices and the Convenience Fee</h2>
      <p>
        Some events carry a Convenience Fee per order, which covers the cost of selling and delivering tickets online.
        Where it applies, it is shown as a separate line in your order summary before you pay. The total shown at
        checkout is the total you pay; your bank may add its own charges for payments in another currency.
      </p>

      <h2>4. Paying</h2>
      <p>
        You can pay by card through our payment provider. Where the organiser offers it, you can also pay in three
        instalments through our instalment provider: the first instalment is charged when you book and the other two
        follow on the provider's schedule. Instalment plans are subject to the provider's approval and its own terms,
        and any late fee is between you and the provider. If a payment is reversed or a plan is not paid, we may cancel
        the tickets it paid for.
      </p>

      <h2>5. Your tickets</h2>
      <p>
        Your tickets are sent by e-mail and can be downloaded at any time from{' '}
        <Link to={paths.downloadTickets()}>Download Tickets</Link> with your Booking ID and NIC (or the e-mail address
        you booked with). Each ticket has its own QR code, which admits one person once: the first scan wins, so keep
        your tickets private and do not post them online.
      </p>

      <h2>6. Refunds, cancellations and postponements</h2>
      <ul>
        <li>
          <strong>Cancelled events:</strong> we refund the full ticket price and the Convenience Fee to the way you
          paid, without you needing to ask, within 14 working days of the cancellation. Instalment payments are refunded
          through the instalment provider.
        </li>
        <li>
          <strong>Postponed or rescheduled events:</strong> your tickets stay valid for the new date. If you cannot
          attend the new date, you can ask for a refund within 14 days of the announcement.
        </li>
        <li>
          <strong>Major changes:</strong> if the venue moves to another city or the headline act changes, you may ask
          for a refund within 14 days of the announcement.
        </li>
        <li>
          <strong>Otherwise</strong>, tickets cannot be exchanged or refunded, including when you can no longer attend
          or arrive late. This does not limit any right you have under consumer law.
        </li>
      </ul>

      <h2>7. Transfers and resale</h2>
      <p>
        You may give your tickets to friends or family for free, or pass them on for no more than the price you paid.
        Selling tickets for more than their face value, reselling them as a business or listing them on unauthorised
        resale websites is not allowed. Tickets sold that way may be cancelled without a refund, and the person holding
        them refused entry. Buy only from Marquee or the organiser: we cannot help with tickets bought elsewhere.
      </p>

      <h2>8. At the event</h2>
      <p>To keep events safe and enjoyable for everyone, you agree to:</p>
      <ul>
        <li>follow the instructions of the organiser, the venue staff and security, including bag searches;</li>
        <li>carry identification when the event has an age limit, and a student card for student tickets;</li>
        <li>not bring prohibited items, or record or broadcast performances where the organiser forbids it;</li>
        <li>
          treat performers, staff and other guests with respect: harassment, violence and discrimination are not
          tolerated.
        </li>
      </ul>
      <p>The organiser or venue may refuse entry to or remove anyone who breaks these rules, without a refund.</p>

      <h2>9. Our responsibility</h2>
      <p>
        If something goes wrong with a booking because of our mistake, we will put it right or refund you. As an agent,
        we are not responsible for the event itself, and our liability for any booking is limited to the amount you paid
        for it. Nothing in these terms limits your rights under the Consumer Affairs Authority Act of Sri Lanka,
        Singapore's Consumer Protection (Fair Trading) Act or the Australian Consumer Law.
      </p>

      <h2>10. Law and questions</h2>
      <p>
        These terms are governed by the law of the country of the Marquee company you book with. We may update them, and
        the version on this page when you book applies to that booking. Questions?{' '}
        <Link to={paths.contactUs()}>Contact us</Link>, and read our{' '}
        <Link to={paths.privacyPolicy()}>privacy policy</Link> to learn how we use your details.
      </p>
    </StaticPage>
  );
}
