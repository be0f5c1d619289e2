import { Link } from 'react-router';

/** The organisation's lockup; it links to the start page for visitors (spec §2). */
export function Logo({
  name,
  href,
  compact = false,
}: {
  name: string;
  href: string;
  compact?: boolean;
}) {
  return (
    <Link className={compact ? 'logo logo--compact' : 'logo'} to={href}>
      <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill="var(--color-brand-600)" />
        <path
          d="M8 20 20 9l12 11"
          fill="none"
          stroke="var(--color-accent-500)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M12 19v12h16V19"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinejoin="round"
        />
        <path d="M18 31v-6h4v6" fill="#fff" />
      </svg>
      <span className="logo__name">{name}</span>
      <span className="visually-hidden">, till startsidan</span>
    </Link>
  );
}
