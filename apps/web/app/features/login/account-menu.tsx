import { Form, Link, useLocation } from 'react-router';
import { PersonIcon } from '~/components/ui/icons/person-icon.tsx';
import { loginPath } from '~/lib/paths.ts';
import './login.css';

type AccountProps = {
  /** The logged-in user, or null for a visitor. */
  user: { name: string } | null;
  /**
   * Spec §6: a visitor sees the login button only where the store has trade accounts
   * (proffs_enabled); a logged-in user always sees their name and logout.
   */
  loginOffered?: boolean;
};

/**
 * The header's account entry: a logged-in user's name with a logout button, or a link to
 * /login that brings the visitor back to this page afterwards. Below 600 px it is an icon
 * with one word under it, like the store and cart buttons; the name stays in its label.
 */
export function AccountMenu({ user, loginOffered = true }: AccountProps) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  if (!user) {
    if (pathname === loginPath() || !loginOffered) return null;
    return (
      <Link className="account-button" to={loginPath(here)}>
        <PersonIcon />
        <span className="account-button__text">Logga in</span>
      </Link>
    );
  }
  return (
    <Form method="post" action={loginPath()} className="account">
      <input type="hidden" name="intent" value="logout" />
      <input type="hidden" name="next" value={here} />
      <span className="account__name" title={user.name}>
        {user.name}
      </span>
      <button type="submit" className="account-button" aria-label={`Logga ut ${user.name}`}>
        <PersonIcon />
        <span className="account-button__text">Logga ut</span>
      </button>
    </Form>
  );
}
