import { useId, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from '@bygg/contracts/auth';
import { loginPath, passwordPath } from '~/lib/paths.ts';
import { PASSWORDS_DIFFER_MESSAGE } from './password-content.ts';
import type { PasswordActionData, PasswordField } from './password-form.server.ts';
import { LoginField, LoginSubmit } from './login-field.tsx';
import './login.css';

const LABELS: Record<PasswordField, string> = {
  email: 'E-postadress',
  password: 'Nytt lösenord',
  confirm: 'Upprepa lösenordet',
};

/** What is wrong with a field as typed (shown once it was touched or the form submitted). */
function localError(field: PasswordField, values: Record<PasswordField, string>): string | null {
  const value = values[field];
  if (field === 'email') return value.trim() ? null : 'Ange din e-postadress';
  if (!value) return field === 'password' ? 'Ange ett lösenord' : 'Upprepa lösenordet';
  if (field === 'password' && value.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (field === 'confirm' && value !== values.password) return PASSWORDS_DIFFER_MESSAGE;
  return null;
}

/**
 * /proffs/losenord (ADR 029): without a token "Glömt lösenord?" asks for the e-mail and answers
 * the same whatever the address; with the e-mailed token, the new password twice. Errors show
 * after a field was touched or the form was sent; required fields carry an asterisk.
 */
export function PasswordPage({
  token,
  result,
}: {
  token: string | null;
  result: PasswordActionData | undefined;
}) {
  const ids = { email: useId(), password: useId(), confirm: useId(), error: useId() };
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const [values, setValues] = useState<Record<PasswordField, string>>({
    email: '',
    password: '',
    confirm: '',
  });
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const fields: PasswordField[] = token ? ['password', 'confirm'] : ['email'];
  const fieldError = (field: PasswordField) =>
    result?.fieldErrors[field] ?? (touched[field] ? localError(field, values) : null);

  if (result?.done) {
    return (
      <div className="container login-page">
        <section className="login-card" aria-labelledby="password-heading">
          <h1 id="password-heading" className="login-card__title">
            {result.done === 'sent' ? 'Kolla din e-post' : 'Lösenordet är sparat'}
          </h1>
          <p role="status">
            {result.done === 'sent'
              ? 'Om adressen hör till ett proffskonto hos oss har vi skickat en länk dit. Länken gäller i en timme.'
              : 'Ditt nya lösenord är sparat. Du har loggats ut överallt där du var inloggad.'}
          </p>
          <p>
            <Link to={loginPath()} className="button button--primary button--block">
              Logga in
            </Link>
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="container login-page">
      <section className="login-card" aria-labelledby="password-heading">
        <h1 id="password-heading" className="login-card__title">
          {token ? 'Välj ett nytt lösenord' : 'Glömt lösenord?'}
        </h1>
        <p className="login-card__intro">
          {token
            ? `Lösenordet ska ha minst ${PASSWORD_MIN_LENGTH} tecken.`
            : 'Skriv e-postadressen du loggar in med, så skickar vi en länk där du väljer ett nytt lösenord.'}
        </p>
        {result?.formError ? (
          <div id={ids.error} className="login-card__error" role="alert">
            <p>{result.formError}</p>
            {result.linkInvalid ? (
              <p>
                <Link to={passwordPath()}>Skicka en ny länk</Link>
              </p>
            ) : null}
          </div>
        ) : null}
        <Form
          method="post"
          className="login-form"
          noValidate
          aria-describedby={result?.formError ? ids.error : undefined}
          onSubmit={(event) => {
            if (fields.some((field) => localError(field, values))) {
              event.preventDefault();
              setTouched(Object.fromEntries(fields.map((field) => [field, true])));
            }
          }}
        >
          <input type="hidden" name="intent" value={token ? 'set' : 'request'} />
          {token ? <input type="hidden" name="token" value={token} /> : null}
          {fields.map((field) => (
            <LoginField
              key={field}
              id={ids[field]}
              name={field}
              label={LABELS[field]}
              error={fieldError(field)}
              type={field === 'email' ? 'email' : 'password'}
              autoComplete={field === 'email' ? 'username' : 'new-password'}
              inputMode={field === 'email' ? 'email' : undefined}
              value={values[field]}
              onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
              onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
            />
          ))}
          <LoginSubmit submitting={submitting}>
            {token ? 'Spara lösenordet' : 'Skicka länk'}
          </LoginSubmit>
        </Form>
        <p className="login-card__footer">
          <Link to={loginPath()}>Tillbaka till inloggningen</Link>
        </p>
      </section>
    </div>
  );
}
