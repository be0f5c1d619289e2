import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { passwordPath } from '~/lib/paths.ts';
import { LoginField, LoginSubmit } from './login-field.tsx';
import type { LoginActionData } from './login-form.server.ts';
import './login.css';

type LoginPageProps = {
  /** Where to return after login (already checked to be a local path). */
  next: string;
  result: LoginActionData | undefined;
  organisationName: string;
  /** The intro above the form: an editable content node. */
  intro: ReactNode;
};

const REQUIRED = { username: 'Ange din e-postadress', password: 'Ange ditt lösenord' } as const;

/**
 * The login page (spec §2 /login): e-mail and password, errors only after a field was
 * touched (spec §5) or after a submit, the password can be shown (spec §4), and the server's
 * answer (wrong e-mail or password, service down) is announced above the form.
 */
export function LoginPage({ next, result, organisationName, intro }: LoginPageProps) {
  const ids = { username: useId(), password: useId(), error: useId() };
  const navigation = useNavigation();
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'login';
  const [values, setValues] = useState({ username: result?.username ?? '', password: '' });
  const [touched, setTouched] = useState({ username: false, password: false });
  const [showPassword, setShowPassword] = useState(false);

  const fieldError = (field: 'username' | 'password') =>
    result?.fieldErrors[field] ??
    (touched[field] && !values[field].trim() ? REQUIRED[field] : null);

  return (
    <div className="container login-page">
      <section className="login-card" aria-labelledby="login-heading">
        <h1 id="login-heading" className="login-card__title">
          Logga in
        </h1>
        <div className="login-card__intro">{intro}</div>
        {result?.formError ? (
          <p id={ids.error} className="login-card__error" role="alert">
            {result.formError}
          </p>
        ) : null}
        <Form
          method="post"
          className="login-form"
          noValidate
          aria-describedby={result?.formError ? ids.error : undefined}
          onSubmit={(event) => {
            // Both fields are required: show what is missing instead of posting.
            if (!values.username.trim() || !values.password) {
              event.preventDefault();
              setTouched({ username: true, password: true });
            }
          }}
        >
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="next" value={next} />
          {(['username', 'password'] as const).map((field) => {
            const isPassword = field === 'password';
            return (
              <LoginField
                key={field}
                id={ids[field]}
                name={field}
                label={isPassword ? 'Lösenord' : 'E-postadress'}
                error={fieldError(field)}
                type={isPassword ? (showPassword ? 'text' : 'password') : 'email'}
                autoComplete={isPassword ? 'current-password' : 'username'}
                inputMode={isPassword ? undefined : 'email'}
                value={values[field]}
                onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
                onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
                addon={
                  isPassword ? (
                    <button
                      type="button"
                      className="button button--secondary login-form__toggle"
                      aria-pressed={showPassword}
                      aria-controls={ids.password}
                      onClick={() => setShowPassword((shown) => !shown)}
                    >
                      {showPassword ? 'Dölj' : 'Visa'}
                      <span className="visually-hidden"> lösenord</span>
                    </button>
                  ) : undefined
                }
              />
            );
          })}
          <LoginSubmit submitting={submitting}>
            {submitting ? 'Loggar in…' : 'Logga in'}
          </LoginSubmit>
        </Form>
        <p className="login-card__forgot">
          <Link to={passwordPath()}>Glömt lösenord?</Link>
        </p>
        <p className="login-card__footer">
          Har du inget proffskonto hos {organisationName}? Kontakta din butik så hjälper de dig.
        </p>
      </section>
    </div>
  );
}
