import { data, redirect } from 'react-router';
import { ConversationPageSchema, ConversationSchema } from '@bygg/contracts/trade/conversations';
import {
  EndCustomerFileListSchema,
  EndCustomerProjectViewSchema,
} from '@bygg/contracts/trade/end-customers';
import type { Route } from './+types/customer-project';
import {
  CustomerProjectInvalid,
  CustomerProjectPage,
  projectIdOf,
  type CustomerProjectActionData,
} from '~/features/dashboard/customer-project-page.tsx';
import { CustomerMessages, customerConversation } from '~/features/messages/customer-messages.tsx';
import { customerProjectPath } from '~/lib/paths.ts';
import { PROJECT_TOKEN_PATTERN, projectTokenSetCookie } from '~/lib/project-token.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// The end customer's project view (trade-area §2 /kund/{storeslug}/dashboard/projekt/{id},
// issue 19): the invitation's link carries ?token=; the page checks it with the API, keeps it
// in an HttpOnly cookie of the store's project folder, by project (ADR 046), and drops it from
// the address. The request helper then sends this project's token as a bearer value. noindex;
// nothing but this project.

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title:
      loaderData && 'project' in loaderData && loaderData.project
        ? `${loaderData.project.name} – Projekt`
        : 'Projekt',
  },
  { name: 'robots', content: 'noindex, nofollow' },
];

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });

function customerProjectId(params: { id?: string }): number {
  const id = projectIdOf(params.id);
  if (id === null) throw notFound();
  return id;
}

const api = (path: string) => `api/proffs/end-customer/${path}`;

const invalid = () =>
  data({ invalid: true as const }, { status: 401, headers: { 'Cache-Control': NO_STORE } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = customerProjectId(params);
  const here = customerProjectPath(params.storeSlug, id);
  const token = new URL(request.url).searchParams.get('token');
  const helper = tradeRequestFor(request);
  if (token !== null) {
    if (!PROJECT_TOKEN_PATTERN.test(token)) return invalid();
    try {
      await helper.get(api(`project/${id}/`), undefined, {
        headers: { authorization: `Bearer ${token}` },
      });
    } catch (error) {
      if (error instanceof TradeRequestError && [401, 404].includes(error.status)) return invalid();
      throw error;
    }
    // Kept as a cookie of this project's pages; the address no longer shows it.
    return redirect(here, {
      headers: {
        'Set-Cookie': projectTokenSetCookie(request, here, id, token),
        'Cache-Control': NO_STORE,
      },
    });
  }
  try {
    const project = EndCustomerProjectViewSchema.parse(
      (await helper.get(api(`project/${id}/`))).data,
    );
    if (project.store.slug !== params.storeSlug) throw notFound();
    const [images, documents, threads] = await Promise.all([
      helper.get(api(`project/${id}/images/`)),
      helper.get(api(`project/${id}/attachments/`)),
      helper.get(api('conversation/'), { project_id: id }),
    ]);
    const first = ConversationPageSchema.parse(threads.data).results[0];
    const thread = first
      ? customerConversation(
          here,
          ConversationSchema.parse((await helper.get(api(`conversation/${first.id}/`))).data),
        )
      : null;
    return data(
      {
        invalid: false as const,
        project,
        images: EndCustomerFileListSchema.parse(images.data),
        documents: EndCustomerFileListSchema.parse(documents.data),
        thread,
        here,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 401) return invalid();
    if (error instanceof TradeRequestError && [400, 404].includes(error.status)) throw notFound();
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = customerProjectId(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const helper = tradeRequestFor(request);
  const reply = (result: CustomerProjectActionData, status = 200) =>
    data(result, { status, headers: { 'Cache-Control': NO_STORE } });
  try {
    if (intent === 'accept-terms') {
      await helper.put(api(`project/${id}/accept_terms/`));
      return reply({ intent, ok: true, message: 'Tack! Du har godkänt villkoren.' });
    }
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 401) {
      return reply(
        { intent, ok: false, message: 'Länken har gått ut. Be om en ny inbjudan.' },
        401,
      );
    }
    console.error('The end customer’s action failed:', error);
    return reply({ intent, ok: false, message: 'Det gick inte att spara. Försök igen.' }, 503);
  }
  throw data(null, { status: 400, headers: { 'Cache-Control': NO_STORE } });
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function CustomerProjectRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.invalid) return <CustomerProjectInvalid />;
  return (
    <CustomerProjectPage
      data={loaderData}
      result={actionData}
      messages={
        <CustomerMessages
          here={loaderData.here}
          thread={loaderData.thread}
          companyName={loaderData.project.end_customer.customer.name}
        />
      }
    />
  );
}
