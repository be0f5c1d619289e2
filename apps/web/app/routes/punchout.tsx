import { useEffect, useRef } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/punchout';
import { formatPrice } from '@bygg/domain/money';
import {
  openPunchout,
  punchoutCart,
  punchoutSession,
  transferPunchout,
} from '~/features/punchout/punchout.server.ts';
import '~/features/punchout/punchout.css';

// The OCI punch-out entry (storefront spec §2 /punchout, issue 22, ADR 043). A purchasing
// system opens the shop with USERNAME, PASSWORD and HOOK_URL (a GET link or a POSTed form);
// the buyer shops in punch-out mode, and here "Överför till inköpssystem" posts the cart
// back to HOOK_URL as an OCI form instead of a checkout.

export const meta: Route.MetaFunction = () => [
  { title: 'Punch-out – överför varukorgen till ditt inköpssystem' },
  { name: 'robots', content: 'noindex' },
];

/** Read by the one-origin host (apps/api/src/host.ts) and never sent to the browser. */
const FORM_ACTION_HEADER = 'x-bygg-form-action';

const OCI_FIELDS = ['USERNAME', 'PASSWORD', 'HOOK_URL'] as const;

function ociLogin(values: (name: string) => string | null) {
  const [USERNAME, PASSWORD, HOOK_URL] = OCI_FIELDS.map((name) => values(name) ?? '');
  return { USERNAME: USERNAME ?? '', PASSWORD: PASSWORD ?? '', HOOK_URL: HOOK_URL ?? '' };
}

/** Opens the session and sends the buyer to the start page in punch-out mode. */
async function open(request: Request, login: ReturnType<typeof ociLogin>) {
  const result = await openPunchout(request, login);
  if (!result.ok) {
    return data({ kind: 'refused' as const, message: result.message }, { status: result.status });
  }
  throw redirect('/', { headers: result.headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has('HOOK_URL')) {
    return open(
      request,
      ociLogin((name) => url.searchParams.get(name)),
    );
  }
  const session = await punchoutSession(request).catch((error: unknown) => {
    console.error('Could not read the punch-out session:', error);
    throw data(null, { status: 503 });
  });
  if (!session) return { kind: 'none' as const };
  const cart = await punchoutCart(request).catch((error: unknown) => {
    console.error('Could not read the punch-out cart:', error);
    throw data(null, { status: 503 });
  });
  return { kind: 'session' as const, session, cart };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.has('HOOK_URL')) {
    return open(
      request,
      ociLogin((name) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : null;
      }),
    );
  }
  if (form.get('intent') !== 'transfer') {
    return data({ kind: 'refused' as const, message: 'Okänd åtgärd.' }, { status: 400 });
  }
  const result = await transferPunchout(request);
  if (!result.ok) {
    return data({ kind: 'failed' as const, message: result.message }, { status: result.status });
  }
  const headers = new Headers(result.headers);
  // The page that posts the cart on must be allowed to post to the buyer's system: the host
  // adds this origin (checked against the buyer's hosts by the API) to the page's form-action.
  headers.set(FORM_ACTION_HEADER, new URL(result.transfer.hook_url).origin);
  return data({ kind: 'transfer' as const, transfer: result.transfer }, { headers });
}

/** The transfer page's document carries the hook's origin for its CSP (see action). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const origin = actionHeaders.get(FORM_ACTION_HEADER);
  return origin ? { [FORM_ACTION_HEADER]: origin } : new Headers();
};

/** The OCI form to HOOK_URL, sent at once (and by its button without JavaScript). */
function TransferForm({
  transfer,
}: {
  transfer: { hook_url: string; fields: Array<{ name: string; value: string }>; lines: number };
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, []);
  return (
    <form ref={ref} method="post" action={transfer.hook_url} className="punchout__transfer">
      {transfer.fields.map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      <p role="status">
        Varukorgen ({transfer.lines} {transfer.lines === 1 ? 'rad' : 'rader'}) skickas till ditt
        inköpssystem …
      </p>
      <button type="submit" className="button button--primary">
        Skicka till inköpssystemet
      </button>
    </form>
  );
}

export default function PunchoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  if (actionData?.kind === 'transfer') {
    return (
      <div className="container punchout">
        <h1>Överför till inköpssystem</h1>
        <TransferForm transfer={actionData.transfer} />
      </div>
    );
  }
  const refused = actionData?.kind === 'refused' ? actionData.message : null;
  if (loaderData.kind === 'refused' || refused) {
    return (
      <div className="container punchout">
        <h1>Punch-out kunde inte starta</h1>
        <p role="alert" className="punchout__error">
          {refused ?? (loaderData.kind === 'refused' ? loaderData.message : '')}
        </p>
        <p>
          Kontrollera inställningarna för butiken i ditt inköpssystem, eller kontakta din butik.
        </p>
      </div>
    );
  }
  if (loaderData.kind === 'none') {
    return (
      <div className="container punchout">
        <h1>Punch-out</h1>
        <p>
          Här öppnar ditt företags inköpssystem butiken (OCI punch-out). Du handlar som vanligt, och
          i stället för att betala i kassan skickas varukorgen tillbaka till inköpssystemet, där
          beställningen godkänns.
        </p>
        <p>
          Ingen punch-out-session är öppen i den här webbläsaren. Öppna butiken från ditt
          inköpssystem, eller <Link to="/">handla som vanligt</Link>.
        </p>
      </div>
    );
  }
  const { session, cart } = loaderData;
  const lines = cart?.items ?? [];
  const host = (() => {
    try {
      return new URL(session.hook_url).host;
    } catch {
      return session.hook_url;
    }
  })();
  const failed = actionData?.kind === 'failed' ? actionData.message : null;
  return (
    <div className="container punchout">
      <h1>Överför till inköpssystem</h1>
      <p>
        Du handlar åt <strong>{session.company ?? session.buyer}</strong>. Varukorgen skickas
        tillbaka till inköpssystemet ({host}) där beställningen görs.
      </p>
      {lines.length === 0 ? (
        <p>
          Varukorgen är tom. <Link to="/produkter">Hitta produkter</Link> att lägga i den.
        </p>
      ) : (
        <table className="punchout__lines">
          <caption className="visually-hidden">Varor som överförs</caption>
          <thead>
            <tr>
              <th scope="col">Vara</th>
              <th scope="col">Antal</th>
              <th scope="col">Summa exkl. moms</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">
                  {line.title}
                  <span className="punchout__article">Art.nr {line.article_id}</span>
                </th>
                <td>
                  {line.quantity} {line.unit}
                </td>
                <td>{formatPrice(line.sum_excl_vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {failed ? (
        <p role="alert" className="punchout__error">
          {failed}
        </p>
      ) : null}
      {/* A document POST: the transfer page must be a document of its own, whose policy lets
          its form post to the buyer's system. */}
      <Form method="post" reloadDocument className="punchout__actions">
        <input type="hidden" name="intent" value="transfer" />
        <button
          type="submit"
          className="button button--primary"
          disabled={lines.length === 0 || busy}
          aria-busy={busy}
        >
          {busy ? 'Överför …' : 'Överför till inköpssystem'}
        </button>
        <Link to="/produkter" className="button button--secondary">
          Fortsätt handla
        </Link>
      </Form>
    </div>
  );
}
