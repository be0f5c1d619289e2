import {
  ConversationSchema,
  MESSAGE_FILES_MAX,
  SentMessageSchema,
} from '@bygg/contracts/trade/conversations';
import { UPLOAD_MAX_BYTES } from '@bygg/contracts/uploads';
import type { Route } from './+types/customer-project-messages';
import { customerConversation, customerMessage } from '~/features/messages/customer-messages.tsx';
import { customerProjectPath } from '~/lib/paths.ts';
import { projectTokenCookie, projectTokenFor } from '~/lib/project-token.ts';
import { NO_STORE } from '~/lib/personal-page.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// The end customer's messages (…/projekt/{id}/meddelanden, issue 20): a resource route that
// the project page's conversation reads (GET ?konversation=&before=) and writes (POST,
// multipart: text, attachments, conversation_id) in the browser. The request helper adds the
// project token from its HttpOnly cookie; the API decides what the token may see. The files'
// addresses are the web app's (…/meddelanden/{conversation}/bilaga/{file}).

const api = (path: string) => `api/proffs/end-customer/${path}`;

/** The most a message's form may weigh: the API's files at their limit, and its text fields. */
const MESSAGE_FORM_MAX_BYTES = MESSAGE_FILES_MAX * UPLOAD_MAX_BYTES + 1024 * 1024;

function idOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

function reply(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': NO_STORE } });
}

/** The API's refusal passed on (401 expired link, 400/413 a file refused, 404 not theirs). */
function refused(error: unknown): Response {
  if (error instanceof TradeRequestError && [400, 401, 404, 413].includes(error.status)) {
    return reply({ detail: error.message }, error.status);
  }
  console.error('The end customer’s messages failed:', error);
  return reply({ detail: 'Meddelandena kunde inte hämtas.' }, 503);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const search = new URL(request.url).searchParams;
  const conversation = idOf(search.get('konversation'));
  const before = search.get('before') === null ? null : idOf(search.get('before'));
  if (id === null || conversation === null || (search.has('before') && before === null)) {
    return reply({ detail: 'Ogiltig förfrågan.' }, 400);
  }
  try {
    const thread = ConversationSchema.parse(
      (
        await tradeRequestFor(request).get(
          api(`conversation/${conversation}/`),
          before ? { before } : undefined,
        )
      ).data,
    );
    return reply(customerConversation(customerProjectPath(params.storeSlug, id), thread));
  } catch (error) {
    return refused(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = idOf(params.id);
  if (id === null || request.method !== 'POST') return reply({ detail: 'Ogiltig förfrågan.' }, 400);
  // The form is read into memory here before the API sees it: not without this project's token
  // nor beyond what the API would take.
  const cookie = projectTokenCookie(request.headers.get('cookie'));
  if (projectTokenFor(cookie, new URL(request.url).pathname) === null) {
    return reply({ detail: 'Länken har gått ut. Be om en ny inbjudan.' }, 401);
  }
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(length)) return reply({ detail: 'Längden saknas.' }, 411);
  if (length > MESSAGE_FORM_MAX_BYTES) return reply({ detail: 'Filerna är för stora.' }, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return reply({ detail: 'Ogiltig förfrågan.' }, 400);
  }
  const out = new FormData();
  out.set('text', String(form.get('text') ?? ''));
  const conversation = idOf(form.get('conversation_id')?.toString());
  // The first message starts the project's thread.
  if (conversation) out.set('conversation_id', String(conversation));
  else out.set('project_id', String(id));
  for (const file of form.getAll('attachments')) {
    if (typeof file !== 'string') out.append('attachments', file, file.name);
  }
  try {
    const sent = SentMessageSchema.parse(
      (await tradeRequestFor(request).post(api('conversation/'), out)).data,
    );
    const here = customerProjectPath(params.storeSlug, id);
    return reply({ ...sent, message: customerMessage(here, sent.message) }, 201);
  } catch (error) {
    return refused(error);
  }
}
