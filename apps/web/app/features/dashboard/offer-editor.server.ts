import { OfferSchema, type Offer } from '@bygg/contracts/trade/offers';
import {
  errorMessagesOf,
  parseHours,
  parseKronor,
  parsePercent,
  parseQuantity,
} from '~/lib/offer-form.ts';
import { proffsPath, TradeRequestError, type Method } from '~/lib/trade-request.ts';
import type { tradeRequestFor } from '~/lib/trade-request.server.ts';

/**
 * The offer editor's mutations (issue 19, /kundofferter/{id}/): one form field `intent` names
 * the call of trade-area §7 "Offers" it makes. What the user typed is read here (kronor, hours,
 * percent) and a value that is not a number is answered like the API's 400, so the page shows
 * one kind of message in its toast either way.
 */
export type OfferEditResult =
  { ok: true; message: string; offer: Offer } | { ok: false; messages: string[]; status: number };

type Call = { method: Method; path: string; body?: Record<string, unknown>; done: string };

const LINE_KINDS = { item: 'item', work: 'work', row: 'row', deduction: 'deduction' } as const;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function lineId(form: FormData): number | null {
  const id = Number(text(form, 'line_id'));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

class FormProblem extends Error {}

function need<T>(value: T | null, message: string): T {
  if (value === null) throw new FormProblem(message);
  return value;
}

/** The call an intent makes, with its body; a FormProblem for what the user typed wrong. */
function callFor(offerId: number, form: FormData): Call {
  const intent = text(form, 'intent');
  const base = `offer/${offerId}/`;
  const [verb, kind] = intent.split('-') as [string, string | undefined];
  if (kind && kind in LINE_KINDS && (verb === 'update' || verb === 'delete')) {
    const id = need(lineId(form), 'Raden finns inte i offerten.');
    const path = `${base}${kind}/${id}/`;
    if (verb === 'delete') return { method: 'DELETE', path, done: 'Raden är borttagen.' };
    return { method: 'PUT', path, body: lineBody(kind, form, offerId), done: 'Raden är sparad.' };
  }
  if (verb === 'add' && kind && kind in LINE_KINDS) {
    return {
      method: 'POST',
      path: `${base}${kind}/`,
      body: lineBody(kind, form, offerId),
      done: 'Raden är tillagd.',
    };
  }
  switch (intent) {
    case 'surcharge': {
      const type = text(form, 'surcharge_type');
      const value = text(form, 'surcharge_value');
      const body =
        type === 'percent'
          ? { type, percent_bp: need(parsePercent(value), 'Ange tillägget i procent, t.ex. 10.') }
          : type === 'amount'
            ? { type, amount_ore: need(parseKronor(value), 'Ange tillägget i kronor.') }
            : { type: 'none' };
      return { method: 'PUT', path: `${base}surcharge/`, body, done: 'Tillägget är sparat.' };
    }
    case 'head': {
      const body: Record<string, unknown> = {
        title: text(form, 'title'),
        recipient_name: text(form, 'recipient_name'),
        recipient_email: text(form, 'recipient_email').trim(),
        message: text(form, 'message'),
      };
      const validUntil = text(form, 'valid_until');
      if (validUntil !== '') body.valid_until = validUntil;
      return { method: 'PATCH', path: base, body, done: 'Dina ändringar är sparade.' };
    }
    case 'new-version':
      // A sent offer is read-only: any edit makes the next version (the API's rule); the
      // title as it is, is that edit.
      return {
        method: 'PATCH',
        path: base,
        body: { title: text(form, 'title') },
        done: 'En ny version av offerten är skapad. Skicka den när du är klar.',
      };
    case 'send': {
      const message = text(form, 'message');
      return {
        method: 'POST',
        path: `${base}send/`,
        body: message.trim() === '' ? {} : { message },
        done: 'Offerten är skickad till kunden.',
      };
    }
    default:
      throw new FormProblem('Okänd åtgärd.');
  }
}

function lineBody(kind: string, form: FormData, offerId: number): Record<string, unknown> {
  switch (kind) {
    case 'item': {
      const body: Record<string, unknown> = {
        quantity: need(parseQuantity(text(form, 'quantity')), 'Antalet måste vara minst 1.'),
      };
      if (text(form, 'external_id') !== '') {
        body.external_id = text(form, 'external_id');
        body.offer_id = offerId;
        body.title = text(form, 'title');
      }
      if (text(form, 'unit_price') !== '') {
        body.unit_price_ore = need(
          parseKronor(text(form, 'unit_price')),
          'Ange ert pris i kronor, t.ex. 149,50.',
        );
      }
      return body;
    }
    case 'work': {
      const deduction = text(form, 'deduction_type');
      return {
        title: text(form, 'title'),
        hours_hundredths: need(parseHours(text(form, 'hours')), 'Ange timmar, t.ex. 7,5.'),
        rate_ore: need(parseKronor(text(form, 'rate')), 'Ange timpriset i kronor, t.ex. 550.'),
        deduction_type: deduction === 'rot' || deduction === 'rut' ? deduction : null,
      };
    }
    case 'row':
      return {
        text: text(form, 'text'),
        amount_ore: need(parseKronor(text(form, 'amount')), 'Ange beloppet i kronor.'),
      };
    default: {
      const type = text(form, 'type');
      const body: Record<string, unknown> = { type, person_name: text(form, 'person_name') };
      const prior = text(form, 'prior');
      if (prior.trim() !== '') {
        const ore = need(parseKronor(prior), 'Ange tidigare avdrag i kronor, t.ex. 0.');
        body[type === 'rut' ? 'prior_rut_ore' : 'prior_rot_ore'] = ore;
      }
      return body;
    }
  }
}

/** Makes the intent's call; the reply's offer, or the messages of a refusal for the toast. */
export async function editOffer(
  api: ReturnType<typeof tradeRequestFor>,
  eid: string,
  offerId: number,
  form: FormData,
): Promise<OfferEditResult> {
  let call: Call;
  try {
    call = callFor(offerId, form);
  } catch (error) {
    if (error instanceof FormProblem) return { ok: false, messages: [error.message], status: 400 };
    throw error;
  }
  try {
    const reply = await api.request(call.method, proffsPath(eid, call.path), call.body);
    return { ok: true, message: call.done, offer: OfferSchema.parse(reply.data) };
  } catch (error) {
    if (error instanceof TradeRequestError && error.status >= 400 && error.status < 500) {
      return {
        ok: false,
        status: error.status,
        messages: errorMessagesOf(error.response.data, 'Offerten kunde inte sparas.'),
      };
    }
    console.error('An offer call failed:', error);
    return {
      ok: false,
      status: 503,
      messages: ['Offerten kunde inte sparas just nu. Försök igen om en stund.'],
    };
  }
}

/** Where a new offer comes from: a store quote, an order, or a project's offers tab. */
export type OfferSource =
  | { kind: 'quote'; id: number }
  | { kind: 'order'; id: number }
  | { kind: 'project'; id: number; title: string };

/**
 * "Gör offert till kund" and "Skapa offert": POST offer/from_quote/, offer/from_order/ or
 * offer/ and the new offer's id for the editor; or a refusal's messages for the toast.
 */
export async function createOffer(
  api: ReturnType<typeof tradeRequestFor>,
  eid: string,
  source: OfferSource,
): Promise<{ ok: true; id: number } | { ok: false; messages: string[]; status: number }> {
  const [path, body] =
    source.kind === 'quote'
      ? ['offer/from_quote/', { quote_id: source.id }]
      : source.kind === 'order'
        ? ['offer/from_order/', { order_id: source.id }]
        : ['offer/', { title: source.title, project_id: source.id }];
  try {
    const reply = await api.post(proffsPath(eid, path), body);
    return { ok: true, id: OfferSchema.parse(reply.data).id };
  } catch (error) {
    if (error instanceof TradeRequestError && error.status >= 400 && error.status < 500) {
      return {
        ok: false,
        status: error.status,
        messages: errorMessagesOf(error.response.data, 'Offerten kunde inte skapas.'),
      };
    }
    console.error('Creating an offer failed:', error);
    return {
      ok: false,
      status: 503,
      messages: ['Offerten kunde inte skapas just nu. Försök igen om en stund.'],
    };
  }
}
