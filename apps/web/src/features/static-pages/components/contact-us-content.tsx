import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from './static-page';

interface Office {
  country: string;
  /** React key. */
  slug: string;
  company: string;
  address: string[];
  supportEmail: string;
  generalEmail: string;
  phone: string;
  /** tel: form of the phone number. */
  phoneHref: string;
  hours: string;
}

const OFFICES: readonly Office[] = [
  {
    country: 'Sri Lanka',
    slug: 'sri-lanka',
    company: 'Marquee Lanka (Pvt) Ltd',
    address: ['Level 7, 218 Galle Road', 'Colombo 04', 'Sri Lanka'],
    supportEmail: 'support@marquee.lk',
    generalEmail: 'hello@marquee.lk',
    phone: '+94 11 245 7800',
    phoneHref: 'tel:+94112457800',
    hours: 'Monday to Friday 9 am to 6 pm, Saturday 10 am to 2 pm (Sri Lanka time)',
  },
  {
    country: 'Singapore',
    slug: 'singapore',
    company: 'Marquee Tickets Pte. Ltd.',
    address: ['30 Cecil Street, #19-08', 'Singapore 049712'],
    supportEmail: 'support@marquee.sg',
    generalEmail: 'hello@marquee.sg',
    phone: '+65 6812 4400',
    phoneHref: 'tel:+6568124400',
    hours: 'Monday to Friday 9 am to 6 pm (Singapore time)',
  },
  {
    country: 'Australia',
    slug: 'australia',
    company: 'Marquee Tickets Pty Ltd',
    address: ['Level 4, 180 Flinders Lane', 'Melbourne VIC 3000', 'Australia'],
    supportEmail: 'support@marquee.com.au',
    generalEmail: 'hello@marquee.com.au',
    phone: '+61 3 5550 1800',
    phoneHref: 'tel:+61355501800',
    hours: 'Monday to Friday 9 am to 5:30 pm (Melbourne time)',
  },
];

export function ContactUsContent() {
  return (
    <StaticPage
      title="Contact us"
      intro="We are here to help with bookings, tickets and events in Sri Lanka, Singapore and Australia. Write to the team in the country of your event and a person will answer, usually within one working day."
    >
      <h2>Looking for your tickets?</h2>
      <p>
        You can download your tickets yourself at any time: open{' '}
        <Link to={paths.downloadTickets()}>Download Tickets</Link> and enter the Booking ID from your confirmation
        e-mail with the NIC you gave at checkout (or the e-mail address you booked with). If the confirmation e-mail has
        not arrived, check your spam or promotions folder before writing to us.
      </p>

      <h2>Our offices</h2>
      <p>Each country has its own support team, who know the local venues, organisers and payment providers.</p>
      {OFFICES.map((office) => (
        <div key={office.slug}>
          <h3>{office.country}</h3>
          <address>
            <strong>{office.company}</strong>
            {office.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <ul>
            <li>
              Bookings and tickets: <a href={`mailto:${office.supportEmail}`}>{office.supportEmail}</a>
            </li>
            <li>
              Everything else: <a href={`mailto:${office.generalEmail}`}>{office.generalEmail}</a>
            </li>
            <li>
              Phone: <a href={office.phoneHref}>{office.phone}</a>, {office.hours}
            </li>
          </ul>
        </div>
      ))}

      <h2>Help us help you quickly</h2>
      <p>When you write about a booking, please include:</p>
      <ul>
        <li>your Booking ID, from your confirmation e-mail;</li>
        <li>the e-mail address and phone number you used at checkout;</li>
        <li>the event's name and date;</li>
        <li>what went wrong, with a screenshot if you have one.</li>
      </ul>
      <p>
        Never send your full card number, card security code or password by e-mail. Nobody at Marquee will ever ask you
        for them.
      </p>

      <h2>On the day of the event</h2>
      <p>
        On the evenings of large events our phone lines stay open until the doors close. At the venue, the organiser's
        box office can look up your booking by Booking ID if your phone battery gives up. Questions about the event
        itself (set times, parking, age limits or what you may bring in) are best answered by the organiser; we will put
        you in touch.
      </p>

      <h2>Refunds, cancellations and postponements</h2>
      <p>
        When an event is cancelled or postponed we e-mail every ticket holder with what happens next, and you do not
        need to contact us to get a refund for a cancelled event. Our{' '}
        <Link to={paths.termsAndConditions()}>terms and conditions</Link> set out the refund rules in full.
      </p>

      <h2>Organisers, partners and press</h2>
      <ul>
        <li>
          Selling tickets with Marquee: <a href="mailto:partners@marquee.lk">partners@marquee.lk</a> (all three
          countries)
        </li>
        <li>
          Press and media: <a href="mailto:press@marquee.lk">press@marquee.lk</a>
        </li>
        <li>
          Privacy questions and requests: <a href="mailto:privacy@marquee.lk">privacy@marquee.lk</a>
        </li>
      </ul>

      <h2>Accessibility</h2>
      <p>
        If you need wheelchair-accessible seating, a companion ticket or any other help to enjoy an event, write to the
        support team in your country before you book and we will arrange it with the organiser. If any part of this
        website is hard to use with your browser or assistive technology, please tell us too: we treat it as a bug and
        fix it.
      </p>
    </StaticPage>
  );
}
