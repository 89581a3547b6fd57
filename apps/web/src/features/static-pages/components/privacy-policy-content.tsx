import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from './static-page';

export function PrivacyPolicyContent() {
  return (
    <StaticPage
      title="Privacy policy"
      lastUpdated="22 November 2026"
      intro="This policy explains what personal information Marquee collects when you browse and buy tickets, why we need it, who we share it with and the choices you have."
    >
      <h2>Who we are</h2>
      <p>
        Marquee is run by Marquee Lanka (Pvt) Ltd in Sri Lanka, Marquee Tickets Pte. Ltd. in Singapore and Marquee
        Tickets Pty Ltd in Australia. The company in the country of the event you book is responsible for your
        information. We follow the Personal Data Protection Act, No. 9 of 2022 of Sri Lanka, Singapore's Personal Data
        Protection Act 2012 and the Australian Privacy Principles in the Privacy Act 1988.
      </p>

      <h2>What we collect</h2>
      <h3>When you book</h3>
      <ul>
        <li>
          your first and last name, e-mail address and phone number, so we can issue your tickets and reach you about
          your event;
        </li>
        <li>
          your NIC or passport number, if you choose to give it: it protects the download of your tickets, which needs
          your Booking ID together with your NIC or the e-mail address you booked with;
        </li>
        <li>your order: the event, tickets or seats, promo code, prices and the status of your payment.</li>
      </ul>
      <h3>When you create an account</h3>
      <p>
        Your name, e-mail address and a password, which we store only as a secure hash. If you sign in with Google or
        Apple, we receive your name, e-mail address and profile photo from them, and never your password.
      </p>
      <h3>When you use the site</h3>
      <p>
        Like every website, our servers receive your IP address and browser details with each request. We use them to
        keep the service secure and working, for example to limit repeated attempts to guess a Booking ID.
      </p>

      <h2>Payments</h2>
      <p>
        Card payments are handled by our payment provider, and instalment payments by our instalment provider. You enter
        your card details on forms provided by them, and they are sent straight to the provider. Marquee never sees or
        stores your full card number or security code. We receive only what we need to confirm your order: whether the
        payment succeeded, its amount and a reference number.
      </p>

      <h2>How we use your information</h2>
      <ul>
        <li>to hold your tickets, take your payment and issue your tickets;</li>
        <li>
          to send your booking confirmation, your tickets and important news about your event, such as a change of time,
          venue, postponement or cancellation;
        </li>
        <li>to process refunds;</li>
        <li>to answer you when you contact us;</li>
        <li>to prevent fraud, ticket touting and abuse of the service;</li>
        <li>to meet our legal, tax and accounting duties.</li>
      </ul>
      <p>We send marketing e-mails only if you have said yes to them, and every one of them has a link to stop them.</p>

      <h2>Who we share it with</h2>
      <ul>
        <li>
          <strong>The event organiser</strong>, who receives the names, contact details and tickets of their guests to
          run entry and to tell you about changes to the event;
        </li>
        <li>
          <strong>Payment and instalment providers</strong>, to take your payment and make refunds;
        </li>
        <li>
          <strong>Service providers</strong> who host our systems and deliver our e-mails, under contracts that let them
          use your information only for us;
        </li>
        <li>
          <strong>Authorities</strong>, when the law requires it.
        </li>
      </ul>
      <p>We do not sell your personal information, and we do not share it with advertisers.</p>

      <h2>Cookies</h2>
      <p>Marquee uses only the cookies the service needs to work:</p>
      <ul>
        <li>
          a <strong>session cookie</strong> that keeps you signed in, if you have an account;
        </li>
        <li>
          an <strong>XSRF-TOKEN</strong> security cookie, which protects your bookings and account against cross-site
          request forgery.
        </li>
      </ul>
      <p>We do not use advertising or cross-site tracking cookies.</p>

      <h2>How long we keep it</h2>
      <p>
        We keep orders and their payment records for seven years, because tax and accounting laws require it. We keep
        your account until you ask us to close it. Server logs are deleted after 90 days.
      </p>

      <h2>Keeping it safe</h2>
      <p>
        Everything you send to Marquee travels encrypted (HTTPS). Access to personal information is limited to staff who
        need it to help you, and tickets carry signed codes that cannot be forged. If a breach ever put your information
        at risk, we would tell you and the regulator as the law requires.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask for a copy of the personal information we hold about you, ask us to correct it, or ask us to delete
        it where we do not have to keep it by law. Write to <a href="mailto:privacy@marquee.lk">privacy@marquee.lk</a>{' '}
        and we will answer within 30 days. If you are not satisfied with our answer, you can complain to the Data
        Protection Authority of Sri Lanka, Singapore's Personal Data Protection Commission or the Office of the
        Australian Information Commissioner.
      </p>

      <h2>Children</h2>
      <p>Marquee is not meant for children under 16, who should ask a parent or guardian to book for them.</p>

      <h2>Changes to this policy</h2>
      <p>
        When we change this policy we update the date at the top, and we e-mail account holders about important changes.
        Any questions? <Link to={paths.contactUs()}>Contact us</Link>.
      </p>
    </StaticPage>
  );
}
