import './notices.css';

/**
 * Spec §6: two flags show extra logos, a sports sponsorship and a charity the chain supports.
 * Drawn as inline marks (no third-party images); each says in words what it is.
 */
export function PartnerLogos({
  sportsSponsor,
  charity,
}: {
  sportsSponsor: boolean;
  charity: boolean;
}) {
  if (!sportsSponsor && !charity) return null;
  return (
    <section className="partner-logos" aria-labelledby="partner-logos-heading">
      <div className="container partner-logos__inner">
        <h2 id="partner-logos-heading" className="partner-logos__heading">
          Vi stöttar
        </h2>
        <ul className="partner-logos__list">
          {sportsSponsor ? (
            <li className="partner-logo">
              <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
                <circle cx="20" cy="20" r="18" fill="#0b5236" />
                <path d="M12 26 20 10l8 16Z" fill="#f5a623" />
              </svg>
              <span>
                <strong>Huvudsponsor</strong> till ungdomsidrotten i Sverige
              </span>
            </li>
          ) : null}
          {charity ? (
            <li className="partner-logo">
              <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
                <path
                  d="M20 34S6 25 6 15a7 7 0 0 1 14-2 7 7 0 0 1 14 2c0 10-14 19-14 19Z"
                  fill="#b3261e"
                />
              </svg>
              <span>
                <strong>Stolt partner</strong> till insamlingen för trygga hem
              </span>
            </li>
          ) : null}
        </ul>
      </div>
    </section>
  );
}
