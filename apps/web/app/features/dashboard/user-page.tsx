import { Form, Link, useNavigation } from 'react-router';
import type { StoreCustomerUser } from '@bygg/contracts/trade/users';
import { dashboardPath } from '~/lib/paths.ts';
import { Refusal, SaveOutcome } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import type { SettingsResult } from './settings-model.ts';
import { USERS_TAB_QUERY } from './settings-page.tsx';
import { UserForm } from './user-form.tsx';
import './dashboard.css';

function BackToUsers() {
  const { store } = useDashboard();
  return (
    <p>
      <Link to={`${dashboardPath(store, 'dashboard-settings')}?${USERS_TAB_QUERY}`}>
        <span aria-hidden="true">← </span>Alla användare
      </Link>
    </p>
  );
}

/** /installningar/{id}/: one user of the company, changed by an administrator. */
export function UserSettingsPage({
  user,
  refused,
  created,
  result,
}: {
  user: StoreCustomerUser | null;
  refused: string | null;
  /** Just created: the invitation went to the user's e-mail. */
  created: boolean;
  result: SettingsResult | undefined;
}) {
  const navigation = useNavigation();
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">{user ? user.name : 'Användare'}</h1>
        {user ? <p className="dashboard__lead">{user.username}</p> : null}
      </header>
      {refused || !user ? (
        <Refusal message={refused ?? ''} />
      ) : (
        <>
          <BackToUsers />
          {created && !result ? (
            <p className="dashboard__saved" role="status">
              Användaren är skapad. Vi har skickat en länk till {user.username} för att välja
              lösenord.
            </p>
          ) : null}
          <SaveOutcome result={result} />
          <div className="dashboard__grid settings-user">
            <section className="dashboard__card" aria-labelledby="user-settings-heading">
              <h2 id="user-settings-heading" className="dashboard__card-title">
                Uppgifter och rättigheter
              </h2>
              {/* A new user from the loader (after a save) starts the form afresh. */}
              <UserForm
                key={JSON.stringify(user)}
                user={user}
                result={result}
                submitLabel="Spara"
                pendingLabel="Sparar …"
              />
            </section>
            <section className="dashboard__card" aria-labelledby="user-remove-heading">
              <h2 id="user-remove-heading" className="dashboard__card-title">
                Ta bort användaren
              </h2>
              <p>
                Användaren kan inte längre logga in. Vill du bara stänga av kontot en tid, ta bort
                bocken för Kontot är aktivt i stället.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <label className="dashboard-form__check">
                  <input type="checkbox" name="confirm" required />
                  Ja, ta bort användaren
                </label>
                <button
                  type="submit"
                  className="button"
                  disabled={navigation.state === 'submitting'}
                >
                  Ta bort {user.name}
                </button>
              </Form>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

/** /installningar/skapa-anvandare/: a new user; the API e-mails a link to choose a password. */
export function CreateUserPage({
  refused,
  result,
}: {
  refused: string | null;
  result: SettingsResult | undefined;
}) {
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Skapa användare</h1>
      </header>
      {refused ? (
        <Refusal message={refused} />
      ) : (
        <>
          <BackToUsers />
          <SaveOutcome result={result} />
          <section className="dashboard__card settings-create" aria-label="Ny användare">
            <UserForm result={result} submitLabel="Skapa användare" pendingLabel="Skapar …" />
          </section>
        </>
      )}
    </div>
  );
}
