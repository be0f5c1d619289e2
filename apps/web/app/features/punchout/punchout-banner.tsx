import { Link } from 'react-router';
import './punchout.css';

/** The punch-out banner of every page while a purchasing system's session is open. */
export function PunchoutBanner() {
  return (
    <div className="punchout-banner" role="region" aria-label="Punch-out">
      Punch-out: din varukorg skickas tillbaka till ditt inköpssystem.{' '}
      <Link to="/punchout">Överför till inköpssystem</Link>
    </div>
  );
}
