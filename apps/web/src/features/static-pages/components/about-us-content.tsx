import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticPage } from './static-page';

export function AboutUsContent() {
  return (
    <StaticPage
      title="About Marquee"
      intro="Marquee is the ticket box office for the nights people remember: concerts, theatre, dance and university events in Sri Lanka, Singapore and Australia."
    >
      <h2>Who we are</h2>
      <p>
        Marquee started in Colombo in 2019, when a handful of people who had spent years running concert box offices
        decided that buying a ticket should be as easy as telling a friend about the show. We now sell tickets for
        promoters, theatre companies, dance schools and university societies in three countries, from intimate baila
        nights and school musicals to arena tours and festival weekends.
      </p>
      <p>
        We are a small team of event people and engineers working from Colombo, Singapore and Melbourne. Most of us have
        stood at a venue door with a scanner in hand, so we build Marquee for the moment that matters most: you,
        arriving at the show, with a ticket that works.
      </p>

      <h2>What you can do on Marquee</h2>
      <ul>
        <li>
          <strong>Find something to see.</strong> Browse <Link to={paths.category('concerts')}>concerts</Link>,{' '}
          <Link to={paths.category('theatre')}>theatre</Link>, <Link to={paths.category('dance')}>dance</Link> and{' '}
          <Link to={paths.category('uni-events')}>university events</Link>, or search by event, artist, venue or city.
        </li>
        <li>
          <strong>Choose your tickets or your seats.</strong> Pick a ticket package, or choose exact seats on the
          venue's seat map. While you check out we hold them for you for 10 minutes, so nobody else can take them.
        </li>
        <li>
          <strong>Pay the way that suits you.</strong> Pay by card, or split the price into three instalments with our
          instalment partner where the organiser offers it.
        </li>
        <li>
          <strong>Get your tickets at once.</strong> Your tickets arrive by e-mail, and you can download them at any
          time from <Link to={paths.downloadTickets()}>Download Tickets</Link> with your Booking ID and NIC. You do not
          need an account to book.
        </li>
      </ul>

      <h2>Where we sell</h2>
      <p>
        Marquee sells tickets in <strong>Sri Lanka</strong> (in Sri Lankan rupees), <strong>Singapore</strong> (in
        Singapore dollars) and <strong>Australia</strong> (in Australian dollars). Each event is priced in the currency
        of its venue, and every date and time on Marquee is shown in the venue's own time zone, so a show in Perth reads
        in Perth time wherever you are browsing from.
      </p>

      <h2>What we promise</h2>
      <ul>
        <li>
          <strong>The full price before you pay.</strong> Ticket prices, any Convenience Fee and any discount are shown
          in your order summary before you enter card details. The amount you see is the amount you pay.
        </li>
        <li>
          <strong>Only real tickets.</strong> Every ticket we issue carries its own signed QR code, which the venue
          scans once. We sell tickets only on behalf of the organiser of the event.
        </li>
        <li>
          <strong>Your money back when a show is cancelled.</strong> If an event is cancelled, we refund the ticket
          price and the Convenience Fee to the way you paid. Our{' '}
          <Link to={paths.termsAndConditions()}>terms and conditions</Link> explain what happens when an event is
          postponed.
        </li>
        <li>
          <strong>Care with your details.</strong> We ask only for what we need to issue and protect your tickets, and
          we never see or store your full card number. Read our <Link to={paths.privacyPolicy()}>privacy policy</Link>.
        </li>
        <li>
          <strong>A site everyone can use.</strong> Marquee works with a keyboard and with screen readers, on a phone as
          well as on a laptop. If something gets in your way, please tell us.
        </li>
      </ul>

      <h2>For organisers, venues and universities</h2>
      <p>
        Whether you are filling a 200-seat theatre or a 20,000-seat stadium, Marquee gives you ticket packages or fully
        reserved seating on your venue's own map, promo codes, instalment payments for your fans and real-time sales
        reports. University societies get the same tools, with pricing made for student budgets. Settlement is paid in
        your local currency.
      </p>

      <h2>Talk to us</h2>
      <p>
        Questions about a booking, an idea for a feature, or an event you would like to sell with us: our{' '}
        <Link to={paths.contactUs()}>contact page</Link> lists the team to write to in each country. We read every
        message.
      </p>
    </StaticPage>
  );
}
