import { Link } from 'react-router';
import './login.css';

type TradeWelcomeProps = {
  name: string;
  company: string;
  /** The dashboard of the user's preferred store. */
  dashboardHref: string;
};

/**
 * What the proffs pages (/proffs, the help page on trade accounts) show a logged-in trade
 * user instead of their pitch to apply for an account (issue 17): who they are logged in as
 * and the way to their dashboard, promising only what the dashboard has today.
 */
export function TradeWelcome({ name, company, dashboardHref }: TradeWelcomeProps) {
  return (
    <section className="trade-welcome" aria-labelledby="trade-welcome-heading">
      <h2 id="trade-welcome-heading">Välkommen, {name}</h2>
      <p>
        Du är inloggad som proffskund för {company}. I butiken ser du era egna priser exklusive moms
        och kan handla mot faktura. I översikten finns företagets händelser, fakturor,
        kontaktuppgifter och användare.
      </p>
      <p>
        <Link className="button button--primary" to={dashboardHref}>
          Till din översikt
        </Link>
      </p>
    </section>
  );
}
