import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { clientOfferOf } from '@bygg/contracts/trade/client-offers';
import {
  DEDUCTION_TYPE_LABELS,
  type Offer,
  type OfferItem,
  type OfferWork,
  type OfferRow,
  type OfferDeduction,
} from '@bygg/contracts/trade/offers';
import { formatPrice } from '@bygg/domain/money';
import { notify } from '~/components/ui/toaster.tsx';
import { OfferCustomerView, OfferStatusBadge } from '~/components/offer/offer-customer-view.tsx';
import { formatDate } from '~/lib/format.ts';
import { formatHours, formatKronorInput, formatPercent } from '~/lib/offer-form.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { useDashboard } from './dashboard-model.ts';
import { LiveTotals, useDraftTotals, type OfferDraft } from './offer-live-totals.tsx';
import './dashboard.css';
import '~/components/offer/offer.css';

type ActionReply = { ok: true; message: string } | { ok: false; messages: string[] };

/**
 * A form posting to the editor's action: a toast with the outcome (trade-area §5: a 400's
 * messages in a toast), once per reply; `onDone` after a success (e.g. empty the add form).
 *
 * The toast is raised as soon as the action's reply is there, while the page's data is still
 * being reloaded: the reload may remove the form itself (sending makes the offer read-only and
 * takes "Skicka" away), and a toast waiting for 'idle' would then never be shown. `onDone`
 * waits for the reload, so an emptied add form and the new line appear together.
 */
function useOfferForm(onDone?: () => void) {
  const fetcher = useFetcher<ActionReply>();
  const toasted = useRef<unknown>(null);
  const done = useRef<unknown>(null);
  useEffect(() => {
    const reply = fetcher.data;
    if (!reply || fetcher.state === 'submitting') return;
    if (toasted.current !== reply) {
      toasted.current = reply;
      if (reply.ok) notify.success(reply.message);
      else notify.error(reply.messages.join(' '));
    }
    if (fetcher.state === 'idle' && done.current !== reply) {
      done.current = reply;
      if (reply.ok) onDone?.();
    }
  }, [fetcher.state, fetcher.data, onDone]);
  return { fetcher, busy: fetcher.state !== 'idle' };
}

function Field({
  label,
  name,
  defaultValue,
  value,
  onChange,
  required,
  inputMode,
  type = 'text',
  hint,
  autoComplete = 'off',
}: {
  label: string;
  name: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'email';
  type?: string;
  hint?: string;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="dashboard-form__field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        required={required}
        autoComplete={autoComplete}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...(onChange
          ? { value: value ?? '', onChange: (event) => onChange(event.target.value) }
          : { defaultValue })}
      />
      {hint ? (
        <p id={`${id}-hint`} className="dashboard-form__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="offer-editor__section">
      <h2 id={id} className="dashboard__card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Kundofferter/{id} (issue 19): the offer editor, or a sent offer read-only with "Ändra". */
export function OfferEditorPage({ offer }: { offer: Offer }) {
  const { store, eid } = useDashboard();
  const [searchParams] = useSearchParams();
  const [preview, setPreview] = useState(false);
  const [draft, setDraft] = useState<OfferDraft>({});
  const totals = useDraftTotals(offer, draft);
  const editable = offer.editable;
  const pdf = `/${proffsPath(eid, `offer/${offer.id}/pdf/`)}`;
  const customerView = clientOfferOf(offer, { company: 'Ert företag', terms_accepted: false });
  const newVersion = searchParams.get('ny-version') === '1';
  return (
    <div className="container dashboard offer-editor">
      <header className="dashboard__header">
        <p>
          <Link to={`${dashboardPath(store, 'dashboard-quotes')}#kundofferter`}>Alla offerter</Link>
        </p>
        <h1 className="dashboard__title">
          Kundoffert {offer.number}: {offer.title}
        </h1>
        <p>
          <OfferStatusBadge status={offer.status} />
          {offer.version > 1 ? <span> Version {offer.version}</span> : null}
        </p>
        {newVersion ? (
          <p className="dashboard__saved" role="status">
            Det här är en ny version av offerten. Den gamla länken till kunden slutar gälla när du
            skickar den.
          </p>
        ) : null}
      </header>
      <dl className="dashboard-facts">
        <dt>Kund</dt>
        <dd>
          {offer.end_customer.name || '–'}
          {offer.end_customer.email ? ` (${offer.end_customer.email})` : ''}
        </dd>
        <dt>Projekt</dt>
        <dd>
          {offer.project ? (
            <Link to={dashboardPath(store, 'dashboard-project', { id: String(offer.project.id) })}>
              {offer.project.number} {offer.project.name}
            </Link>
          ) : (
            '–'
          )}
        </dd>
        <dt>Giltig till och med</dt>
        <dd>{formatDate(offer.valid_until)}</dd>
        {offer.sent_at ? (
          <>
            <dt>Skickad</dt>
            <dd>{formatDate(offer.sent_at)}</dd>
          </>
        ) : null}
        {offer.approved_at ? (
          <>
            <dt>Godkänd</dt>
            <dd>
              {formatDate(offer.approved_at)}
              {offer.approved_by_name ? ` av ${offer.approved_by_name}` : ''}
            </dd>
          </>
        ) : null}
        {offer.declined_at ? (
          <>
            <dt>Avböjd</dt>
            <dd>{formatDate(offer.declined_at)}</dd>
          </>
        ) : null}
      </dl>

      {editable ? null : <ReadOnlyNotice offer={offer} />}
      {editable ? <HeadForm offer={offer} /> : null}

      <Section id="offert-artiklar" title="Artiklar">
        {offer.items.length === 0 ? <p>Inga artiklar i offerten.</p> : null}
        <ul className="offer-editor__lines">
          {offer.items.map((item) => (
            <ItemLine key={item.id} item={item} editable={editable} />
          ))}
        </ul>
      </Section>

      <Section id="offert-arbete" title="Arbete">
        {offer.work.length === 0 ? <p>Inget arbete i offerten.</p> : null}
        <ul className="offer-editor__lines">
          {offer.work.map((work) => (
            <WorkLine key={work.id} work={work} editable={editable} />
          ))}
        </ul>
        {editable ? <AddWork onDraft={(work) => setDraft((d) => ({ ...d, work }))} /> : null}
      </Section>

      <Section id="offert-rader" title="Övriga rader">
        {offer.rows.length === 0 ? <p>Inga övriga rader.</p> : null}
        <ul className="offer-editor__lines">
          {offer.rows.map((row) => (
            <RowLine key={row.id} row={row} editable={editable} />
          ))}
        </ul>
        {editable ? <AddRow onDraft={(row) => setDraft((d) => ({ ...d, row }))} /> : null}
      </Section>

      <Section id="offert-avdrag" title="ROT- och RUT-avdrag">
        <p className="dashboard-form__hint">
          Avdraget räknas på arbetet inklusive moms som är markerat för ROT eller RUT, inom
          Skatteverkets tak per person och år. Ange den som gör avdraget.
        </p>
        {offer.deductions.length === 0 ? <p>Inget avdrag.</p> : null}
        <ul className="offer-editor__lines">
          {offer.deductions.map((deduction) => (
            <DeductionLine key={deduction.id} deduction={deduction} editable={editable} />
          ))}
        </ul>
        {editable ? <AddDeduction /> : null}
      </Section>

      <Section id="offert-tillagg" title="Tillägg">
        <SurchargeForm
          offer={offer}
          editable={editable}
          onDraft={(surcharge) => setDraft((d) => ({ ...d, surcharge }))}
        />
      </Section>

      <LiveTotals totals={totals} pending={Object.values(draft).some(Boolean)} />

      <div className="offer-editor__actions">
        <button
          type="button"
          className="button"
          aria-expanded={preview}
          aria-controls="offert-forhandsgranskning"
          onClick={() => setPreview((open) => !open)}
        >
          Förhandsgranska
        </button>
        <a className="button" href={pdf} download={`offert-${offer.number}.pdf`}>
          Ladda ner PDF
        </a>
        {editable ? <SendOffer offer={offer} /> : null}
      </div>
      <div id="offert-forhandsgranskning" hidden={!preview}>
        {preview ? (
          <section
            aria-label="Förhandsgranskning: så ser kunden offerten"
            className="offer-preview"
          >
            <p className="dashboard-form__hint">Så här ser kunden offerten.</p>
            <OfferCustomerView offer={customerView} headingId="forhandsgranskning-rubrik" />
          </section>
        ) : null}
      </div>
    </div>
  );
}

function ReadOnlyNotice({ offer }: { offer: Offer }) {
  const { fetcher, busy } = useOfferForm();
  if (offer.status === 'approved') {
    return (
      <p className="dashboard__saved" role="status">
        Kunden har godkänt offerten. Den kan inte längre ändras.
      </p>
    );
  }
  if (offer.replaced_by_offer_id) {
    return (
      <p className="dashboard__problem">
        Det finns en nyare version av offerten.{' '}
        <Link to={`../kundofferter/${offer.replaced_by_offer_id}`} relative="path">
          Öppna den nya versionen
        </Link>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="offer-editor__readonly">
      <p>
        Offerten är skickad och kan inte ändras. Med Ändra gör du en ny version; kunden får en ny
        länk när du skickar den.
      </p>
      <input type="hidden" name="intent" value="new-version" />
      <input type="hidden" name="title" value={offer.title} />
      <button type="submit" className="button button--primary" disabled={busy}>
        Ändra
      </button>
    </fetcher.Form>
  );
}

function HeadForm({ offer }: { offer: Offer }) {
  const { fetcher, busy } = useOfferForm();
  return (
    <Section id="offert-uppgifter" title="Uppgifter">
      <fetcher.Form method="post" className="dashboard-form offer-editor__head">
        <input type="hidden" name="intent" value="head" />
        <Field label="Rubrik" name="title" defaultValue={offer.title} required />
        <Field
          label="Kundens namn"
          name="recipient_name"
          defaultValue={offer.end_customer.name}
          autoComplete="off"
        />
        <Field
          label="Kundens e-postadress"
          name="recipient_email"
          type="email"
          inputMode="email"
          defaultValue={offer.end_customer.email}
          hint="Offerten skickas hit med en länk för att godkänna den."
        />
        <Field
          label="Giltig till och med"
          name="valid_until"
          type="date"
          defaultValue={offer.valid_until}
        />
        <MessageField defaultValue={offer.message} />
        <button type="submit" className="button" disabled={busy}>
          Spara uppgifterna
        </button>
      </fetcher.Form>
    </Section>
  );
}

function MessageField({ defaultValue }: { defaultValue: string }) {
  const id = useId();
  return (
    <div className="dashboard-form__field">
      <label htmlFor={id}>Meddelande till kunden</label>
      <textarea id={id} name="message" rows={3} defaultValue={defaultValue} />
    </div>
  );
}

type LineKind = 'item' | 'work' | 'row' | 'deduction';

/** Spara and Ta bort of a line: the button pressed names the intent (works without script). */
function LineActions({ kind, busy, label }: { kind: LineKind; busy: boolean; label: string }) {
  return (
    <div className="offer-editor__line-actions">
      <button
        type="submit"
        name="intent"
        value={`update-${kind}`}
        className="button"
        disabled={busy}
      >
        Spara<span className="visually-hidden"> {label}</span>
      </button>
      <button
        type="submit"
        name="intent"
        value={`delete-${kind}`}
        className="button"
        disabled={busy}
      >
        Ta bort<span className="visually-hidden"> {label}</span>
      </button>
    </div>
  );
}

/** One line of the offer with its own form (the line's id rides along). */
function LineForm({
  lineId,
  children,
}: {
  lineId: number;
  children: (busy: boolean) => ReactNode;
}) {
  const { fetcher, busy } = useOfferForm();
  return (
    <li className="offer-editor__line">
      <fetcher.Form method="post">
        <input type="hidden" name="line_id" value={lineId} />
        {children(busy)}
      </fetcher.Form>
    </li>
  );
}

function ItemLine({ item, editable }: { item: OfferItem; editable: boolean }) {
  return (
    <LineForm lineId={item.id}>
      {(busy) => (
        <>
          <p className="offer-editor__line-title">{item.title}</p>
          <dl className="offer-editor__line-facts">
            <dt>Ert inköpspris</dt>
            <dd>{formatPrice(item.net_price_ore)} exkl. moms</dd>
            <dt>Marginal</dt>
            <dd>{item.margin_bp === null ? '–' : `${formatPercent(item.margin_bp)} %`}</dd>
            <dt>Summa</dt>
            <dd>{formatPrice(item.sum_ore)} exkl. moms</dd>
          </dl>
          {editable ? (
            <div className="offer-editor__fields">
              <Field
                label={`Antal (${item.unit})`}
                name="quantity"
                inputMode="numeric"
                defaultValue={String(item.quantity)}
                required
              />
              <Field
                label="Ert pris per enhet, kr exkl. moms"
                name="unit_price"
                inputMode="decimal"
                defaultValue={formatKronorInput(item.unit_price_ore)}
                required
              />
            </div>
          ) : (
            <p>
              {item.quantity} {item.unit} à {formatPrice(item.unit_price_ore)} exkl. moms
            </p>
          )}
          {editable ? <LineActions kind="item" busy={busy} label={item.title} /> : null}
        </>
      )}
    </LineForm>
  );
}

function DeductionSelect({ defaultValue }: { defaultValue: string }) {
  const id = useId();
  return (
    <div className="dashboard-form__field">
      <label htmlFor={id}>Avdrag för arbetet</label>
      <select id={id} name="deduction_type" defaultValue={defaultValue}>
        <option value="">Inget avdrag</option>
        <option value="rot">{DEDUCTION_TYPE_LABELS.rot}</option>
        <option value="rut">{DEDUCTION_TYPE_LABELS.rut}</option>
      </select>
    </div>
  );
}

function WorkLine({ work, editable }: { work: OfferWork; editable: boolean }) {
  return (
    <LineForm lineId={work.id}>
      {(busy) =>
        editable ? (
          <>
            <div className="offer-editor__fields">
              <Field label="Arbete" name="title" defaultValue={work.title} required />
              <Field
                label="Timmar"
                name="hours"
                inputMode="decimal"
                defaultValue={formatHours(work.hours_hundredths)}
                required
              />
              <Field
                label="Timpris, kr exkl. moms"
                name="rate"
                inputMode="decimal"
                defaultValue={formatKronorInput(work.rate_ore)}
                required
              />
              <DeductionSelect defaultValue={work.deduction_type ?? ''} />
            </div>
            <p>Summa {formatPrice(work.sum_ore)} exkl. moms</p>
            <LineActions kind="work" busy={busy} label={work.title} />
          </>
        ) : (
          <p>
            {work.title}: {formatHours(work.hours_hundredths)} h à {formatPrice(work.rate_ore)} ={' '}
            {formatPrice(work.sum_ore)} exkl. moms
            {work.deduction_type ? ` (${DEDUCTION_TYPE_LABELS[work.deduction_type]})` : ''}
          </p>
        )
      }
    </LineForm>
  );
}

function RowLine({ row, editable }: { row: OfferRow; editable: boolean }) {
  return (
    <LineForm lineId={row.id}>
      {(busy) =>
        editable ? (
          <>
            <div className="offer-editor__fields">
              <Field label="Text" name="text" defaultValue={row.text} required />
              <Field
                label="Belopp, kr exkl. moms"
                name="amount"
                inputMode="decimal"
                defaultValue={formatKronorInput(row.amount_ore)}
                required
              />
            </div>
            <LineActions kind="row" busy={busy} label={row.text} />
          </>
        ) : (
          <p>
            {row.text}: {formatPrice(row.amount_ore)} exkl. moms
          </p>
        )
      }
    </LineForm>
  );
}

function DeductionLine({ deduction, editable }: { deduction: OfferDeduction; editable: boolean }) {
  const { fetcher, busy } = useOfferForm();
  return (
    <li className="offer-editor__line">
      <p>
        {DEDUCTION_TYPE_LABELS[deduction.type]} för {deduction.person_name}:{' '}
        {formatPrice(deduction.amount_ore)}
        {deduction.capped ? ' (begränsat av årets tak)' : ''}
      </p>
      {editable ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete-deduction" />
          <input type="hidden" name="line_id" value={deduction.id} />
          <button type="submit" className="button" disabled={busy}>
            Ta bort<span className="visually-hidden"> avdraget för {deduction.person_name}</span>
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

/**
 * An add form whose values count in the live totals while typed (`onDraft`), emptied after a
 * successful save.
 */
function useDraftForm<T extends Record<string, string>>(
  empty: T,
  onDraft: (values: T | undefined) => void,
) {
  const [values, setValues] = useState(empty);
  const { fetcher, busy } = useOfferForm(() => {
    setValues(empty);
    onDraft(undefined);
  });
  const update = (key: keyof T) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    onDraft(next);
  };
  return { values, update, fetcher, busy };
}

function AddWork({ onDraft }: { onDraft: (work: OfferDraft['work']) => void }) {
  const { values, update, fetcher, busy } = useDraftForm(
    { title: '', hours: '', rate: '', deduction: '' },
    onDraft,
  );
  const deductionId = useId();
  return (
    <fetcher.Form method="post" className="dashboard-form offer-editor__add">
      <h3 className="offer-editor__add-title">Lägg till arbete</h3>
      <input type="hidden" name="intent" value="add-work" />
      <div className="offer-editor__fields">
        <Field
          label="Arbete"
          name="title"
          value={values.title}
          onChange={update('title')}
          required
        />
        <Field
          label="Timmar"
          name="hours"
          inputMode="decimal"
          value={values.hours}
          onChange={update('hours')}
          required
          hint="T.ex. 7,5"
        />
        <Field
          label="Timpris, kr exkl. moms"
          name="rate"
          inputMode="decimal"
          value={values.rate}
          onChange={update('rate')}
          required
        />
        <div className="dashboard-form__field">
          <label htmlFor={deductionId}>Avdrag för arbetet</label>
          <select
            id={deductionId}
            name="deduction_type"
            value={values.deduction}
            onChange={(event) => update('deduction')(event.target.value)}
          >
            <option value="">Inget avdrag</option>
            <option value="rot">{DEDUCTION_TYPE_LABELS.rot}</option>
            <option value="rut">{DEDUCTION_TYPE_LABELS.rut}</option>
          </select>
        </div>
      </div>
      <button type="submit" className="button" disabled={busy}>
        Lägg till arbetet
      </button>
    </fetcher.Form>
  );
}

function AddRow({ onDraft }: { onDraft: (row: OfferDraft['row']) => void }) {
  const { values, update, fetcher, busy } = useDraftForm({ text: '', amount: '' }, onDraft);
  return (
    <fetcher.Form method="post" className="dashboard-form offer-editor__add">
      <h3 className="offer-editor__add-title">Lägg till rad</h3>
      <input type="hidden" name="intent" value="add-row" />
      <div className="offer-editor__fields">
        <Field label="Text" name="text" value={values.text} onChange={update('text')} required />
        <Field
          label="Belopp, kr exkl. moms"
          name="amount"
          inputMode="decimal"
          value={values.amount}
          onChange={update('amount')}
          required
          hint="Negativt belopp för en rabatt"
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Lägg till raden
      </button>
    </fetcher.Form>
  );
}

function AddDeduction() {
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useOfferForm(() => formRef.current?.reset());
  const typeId = useId();
  return (
    <fetcher.Form method="post" className="dashboard-form offer-editor__add" ref={formRef}>
      <h3 className="offer-editor__add-title">Lägg till avdrag</h3>
      <input type="hidden" name="intent" value="add-deduction" />
      <div className="offer-editor__fields">
        <div className="dashboard-form__field">
          <label htmlFor={typeId}>Avdrag</label>
          <select id={typeId} name="type" defaultValue="rot">
            <option value="rot">{DEDUCTION_TYPE_LABELS.rot}</option>
            <option value="rut">{DEDUCTION_TYPE_LABELS.rut}</option>
          </select>
        </div>
        <Field label="Vem gör avdraget" name="person_name" required autoComplete="off" />
        <Field
          label="Redan använt avdrag i år, kr"
          name="prior"
          inputMode="decimal"
          hint="Det som personen redan fått i ROT eller RUT i år; lämna tomt om inget."
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Lägg till avdraget
      </button>
    </fetcher.Form>
  );
}

function SurchargeForm({
  offer,
  editable,
  onDraft,
}: {
  offer: Offer;
  editable: boolean;
  onDraft: (surcharge: OfferDraft['surcharge']) => void;
}) {
  const current = offer.surcharge;
  const initial = {
    type: current.type,
    value:
      current.type === 'percent' && current.percent_bp !== null
        ? formatPercent(current.percent_bp)
        : current.type === 'amount' && current.amount_ore !== null
          ? formatKronorInput(current.amount_ore)
          : '',
  };
  const [values, setValues] = useState(initial);
  const { fetcher, busy } = useOfferForm(() => onDraft(undefined));
  const update = (next: typeof values) => {
    setValues(next);
    onDraft(next);
  };
  if (!editable) {
    return (
      <p>
        {current.type === 'none'
          ? 'Inget tillägg.'
          : `Tillägg: ${formatPrice(offer.totals.surcharge_ore)} exkl. moms`}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="dashboard-form">
      <input type="hidden" name="intent" value="surcharge" />
      <fieldset className="offer-editor__choice">
        <legend>Typ av tillägg</legend>
        {(
          [
            ['none', 'Inget tillägg'],
            ['percent', 'Procent av summan'],
            ['amount', 'Belopp i kronor'],
          ] as const
        ).map(([type, label]) => (
          <label key={type}>
            <input
              type="radio"
              name="surcharge_type"
              value={type}
              checked={values.type === type}
              onChange={() => update({ ...values, type })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {values.type !== 'none' ? (
        <Field
          label={values.type === 'percent' ? 'Tillägg i procent' : 'Tillägg, kr exkl. moms'}
          name="surcharge_value"
          inputMode="decimal"
          value={values.value}
          onChange={(value) => update({ ...values, value })}
          required
        />
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        Spara tillägget
      </button>
    </fetcher.Form>
  );
}

function SendOffer({ offer }: { offer: Offer }) {
  const [confirming, setConfirming] = useState(false);
  const { fetcher, busy } = useOfferForm(() => setConfirming(false));
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const to = offer.end_customer.email;
  if (!confirming) {
    return (
      <button
        ref={openRef}
        type="button"
        className="button button--primary"
        onClick={() => setConfirming(true)}
      >
        Skicka
      </button>
    );
  }
  return (
    <fetcher.Form
      method="post"
      className="offer-editor__confirm"
      role="group"
      aria-labelledby="skicka-fraga"
    >
      <input type="hidden" name="intent" value="send" />
      <p id="skicka-fraga">
        {to
          ? `Skicka offerten till ${offer.end_customer.name || to} (${to})? Kunden får ett e-postmeddelande med en länk för att godkänna den.`
          : 'Offerten har ingen e-postadress till kunden. Fyll i den under Uppgifter först.'}
      </p>
      <button
        ref={confirmRef}
        type="submit"
        className="button button--primary"
        disabled={busy || !to}
      >
        Ja, skicka offerten
      </button>{' '}
      <button
        type="button"
        className="button"
        onClick={() => {
          setConfirming(false);
          requestAnimationFrame(() => openRef.current?.focus());
        }}
      >
        Avbryt
      </button>
    </fetcher.Form>
  );
}
