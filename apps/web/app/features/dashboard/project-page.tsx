import { useId, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { InvoicePage } from '@bygg/contracts/trade/invoices';
import type { OfferPage } from '@bygg/contracts/trade/offers';
import type { OrderPage } from '@bygg/contracts/trade/orders';
import { QUOTE_STATUS_LABELS, type QuotePage } from '@bygg/contracts/trade/quotes';
import {
  PROJECT_STATUS_LABELS,
  type Project,
  type ProjectFile,
  type ProjectFileList,
} from '@bygg/contracts/trade/projects';
import type { StoreCustomerUser } from '@bygg/contracts/trade/users';
import {
  ATTACHMENT_ACCEPT,
  IMAGE_ACCEPT,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MESSAGES,
} from '@bygg/contracts/uploads';
import { formatPrice } from '@bygg/domain/money';
import { OfferStatusBadge } from '~/components/offer/offer-customer-view.tsx';
import { LazyImageLightbox, preloadImageLightbox } from '~/components/ui/lazy-image-lightbox.tsx';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { hasRight, useDashboard } from './dashboard-model.ts';
import { INVOICE_STATUS_LABELS } from './invoices-page.tsx';
import { pageParam } from './list-params.ts';
import { OfferCreateButton } from './offer-create-button.tsx';
import { countOf, formatFileSize } from './project-format.ts';
import {
  ProjectForm,
  projectFormValues,
  type EndCustomerChoice,
  type ProjectFormField,
} from './project-form.tsx';
import './dashboard.css';
import './projects.css';

/** The project page's tabs, Swedish in the address (?flik=…). */
export const PROJECT_TABS = [
  'oversikt',
  'bilder',
  'dokument',
  'offerter',
  'ordrar',
  'fakturor',
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

const TAB_LABELS: Record<ProjectTab, string> = {
  oversikt: 'Översikt',
  bilder: 'Bilder',
  dokument: 'Dokument',
  offerter: 'Offerter',
  ordrar: 'Ordrar',
  fakturor: 'Fakturor',
};

/** The right a tab needs (the tabs of lists the API keeps to users with that right). */
const TAB_RIGHTS: Partial<Record<ProjectTab, 'offers' | 'orders' | 'invoices'>> = {
  offerter: 'offers',
  ordrar: 'orders',
  fakturor: 'invoices',
};

/** The tabs a user with these rights sees. */
export function visibleProjectTabs(
  may: (right: 'offers' | 'orders' | 'invoices') => boolean,
): ProjectTab[] {
  return PROJECT_TABS.filter((t) => {
    const right = TAB_RIGHTS[t];
    return right === undefined || may(right);
  });
}

/** The project's quotes, orders and invoices are read this many at a time (?sida=). */
export const PROJECT_LIST_PAGE_SIZE = 25;

/** The list page of the address (?sida=2), 1 when missing or not a page number. */
export function projectListPage(params: URLSearchParams): number {
  return pageParam(params, 100_000);
}

export function projectTab(params: URLSearchParams): ProjectTab | null {
  const tab = params.get('flik') ?? 'oversikt';
  return (PROJECT_TABS as readonly string[]).includes(tab) ? (tab as ProjectTab) : null;
}

/** What an action of the page answers: which form, and how it went. */
export type ProjectActionData = {
  intent: string;
  saved: string | null;
  error: string | null;
  fieldErrors: Partial<Record<ProjectFormField, string>>;
};

export type ProjectPageProps = {
  project: Project;
  tab: ProjectTab;
  /** The page of the tab's list (quotes, orders, invoices). */
  listPage: number;
  images: ProjectFileList | null;
  documents: ProjectFileList | null;
  invoices: InvoicePage | null;
  invoicesRefused: string | null;
  /** The project's store quotes (tab offerter) and orders (tab ordrar), or the refusal. */
  quotes: QuotePage | null;
  quotesRefused: string | null;
  orders: OrderPage | null;
  ordersRefused: string | null;
  /** The project's offers to its end customer (tab offerter, issue 19), or the refusal. */
  offers: OfferPage | null;
  offersRefused: string | null;
  companyUsers: StoreCustomerUser[] | null;
  /** The company's customers for the form's choice (null: not offered, e.g. no right). */
  endCustomers?: EndCustomerChoice[] | null;
  result: ProjectActionData | undefined;
};

function Message({
  result,
  intents,
}: {
  result: ProjectActionData | undefined;
  intents: string[];
}) {
  if (!result || !intents.includes(result.intent)) return null;
  if (result.error) {
    return (
      <p className="dashboard__problem" role="alert">
        {result.error}
      </p>
    );
  }
  return result.saved ? (
    <p className="dashboard__saved" role="status">
      {result.saved}
    </p>
  ) : null;
}

/** Checks the chosen files before sending: the same limits the API answers with. */
function chosenFilesProblem(files: FileList | null): string | null {
  if (!files || files.length === 0) return UPLOAD_MESSAGES.noFile;
  if (files.length > UPLOAD_MAX_FILES) return UPLOAD_MESSAGES.tooMany;
  for (const file of Array.from(files)) {
    if (file.size === 0) return `${file.name}: ${UPLOAD_MESSAGES.empty}`;
    if (file.size > UPLOAD_MAX_BYTES) return `${file.name}: ${UPLOAD_MESSAGES.tooLarge}`;
  }
  return null;
}

function UploadForm({
  intent,
  label,
  accept,
  hint,
  busy,
}: {
  intent: 'upload-images' | 'upload-documents';
  label: string;
  accept: string;
  hint: string;
  busy: boolean;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="project-upload"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
        const found = chosenFilesProblem(input?.files ?? null);
        setProblem(found);
        if (found) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <div className="dashboard-form__field">
        <label htmlFor={`${id}-file`}>{label}</label>
        <input
          id={`${id}-file`}
          type="file"
          name="file"
          multiple
          accept={accept}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={() => setProblem(null)}
        />
        <p id={`${id}-hint`} className="dashboard-form__hint">
          {hint}
        </p>
        {problem ? (
          <p id={`${id}-problem`} className="dashboard-form__error">
            {problem}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Ladda upp
        </button>
      </div>
    </Form>
  );
}

function DeleteFileForm({ file }: { file: ProjectFile }) {
  return (
    <Form method="post" className="project-file__delete">
      <input type="hidden" name="intent" value="delete-file" />
      <input type="hidden" name="file_id" value={file.id} />
      <button type="submit" className="dashboard-link-button">
        Ta bort<span className="visually-hidden"> {file.filename}</span>
      </button>
    </Form>
  );
}

/** The end customer's access (issue 19): e-mail them a link to the project, or close it. */
function Invitation({
  project,
  result,
  busy,
}: Pick<ProjectPageProps, 'project' | 'result'> & { busy: boolean }) {
  return (
    <section className="dashboard__card" aria-labelledby="project-invite-heading">
      <h2 id="project-invite-heading" className="dashboard__card-title">
        Kundens åtkomst
      </h2>
      {project.end_customer.id === null ? (
        <p>Välj en kund ur kundregistret under Ändra projektet för att kunna bjuda in kunden.</p>
      ) : (
        <>
          <p>
            {project.end_customer.name} får en länk via e-post och kan se projektet, bilder och
            dokument, godkänna villkoren och skriva till er. En ny inbjudan ersätter den förra
            länken.
          </p>
          <div className="project-invite__actions">
            <Form method="post">
              <input type="hidden" name="intent" value="invite" />
              <button type="submit" className="button button--primary" disabled={busy}>
                Bjud in kunden
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-invite" />
              <button type="submit" className="button" disabled={busy}>
                Stäng kundens åtkomst
              </button>
            </Form>
          </div>
        </>
      )}
      <Message result={result} intents={['invite', 'revoke-invite']} />
    </section>
  );
}

function Overview({
  project,
  companyUsers,
  endCustomers,
  result,
  busy,
}: Pick<ProjectPageProps, 'project' | 'companyUsers' | 'endCustomers' | 'result'> & {
  busy: boolean;
}) {
  const address = [project.address.street, `${project.address.postcode} ${project.address.city}`]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const facts: [string, string][] = [
    ['Projektnummer', project.number],
    ['Status', PROJECT_STATUS_LABELS[project.status]],
    [
      'Slutkund',
      [project.end_customer.name, project.end_customer.reference].filter(Boolean).join(', ') || '–',
    ],
    ['Adress', address || '–'],
    ['Butik', project.store.name],
    [
      'Skapat',
      `${formatDate(project.created_at)}${project.created_by ? ` av ${project.created_by.name}` : ''}`,
    ],
  ];
  const { invoiced, ordered, quoted } = project.job_cost;
  return (
    <div className="dashboard__grid">
      <section className="dashboard__card" aria-labelledby="project-facts-heading">
        <h2 id="project-facts-heading" className="dashboard__card-title">
          Uppgifter
        </h2>
        <dl className="dashboard-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {project.description ? <p className="project-description">{project.description}</p> : null}
        <Form method="post" className="project-status-form">
          <input type="hidden" name="intent" value="status" />
          <input
            type="hidden"
            name="status"
            value={project.status === 'active' ? 'finished' : 'active'}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {project.status === 'active' ? 'Markera som avslutat' : 'Återöppna projektet'}
          </button>
        </Form>
        <Message result={result} intents={['status']} />
      </section>
      <section className="dashboard__card" aria-labelledby="project-cost-heading">
        <h2 id="project-cost-heading" className="dashboard__card-title">
          Jobbkostnad
        </h2>
        {ordered || quoted ? (
          <dl className="dashboard-facts">
            {ordered ? (
              <div>
                <dt>Beställt exkl. moms</dt>
                <dd>
                  {formatPrice(ordered.net_ore)} ({countOf(ordered.count, 'order', 'ordrar')})
                </dd>
              </div>
            ) : null}
            {quoted ? (
              <div>
                <dt>Offererat exkl. moms</dt>
                <dd>
                  {formatPrice(quoted.net_ore)} (
                  {countOf(quoted.count, 'öppen offert', 'öppna offerter')})
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {invoiced ? (
          <dl className="dashboard-facts">
            <div>
              <dt>Fakturerat exkl. moms</dt>
              <dd>{formatPrice(invoiced.net_ore)}</dd>
            </div>
            <div>
              <dt>Fakturerat inkl. moms</dt>
              <dd>{formatPrice(invoiced.total_ore)}</dd>
            </div>
            <div>
              <dt>Antal fakturor</dt>
              <dd>{invoiced.count}</dd>
            </div>
          </dl>
        ) : (
          <p>Fakturerade belopp visas för användare med behörighet till fakturor.</p>
        )}
        <p className="dashboard-form__hint">
          {countOf(project.image_count, 'bild', 'bilder')} och{' '}
          {countOf(project.document_count, 'dokument', 'dokument')} i projektet.
        </p>
      </section>
      <section className="dashboard__card" aria-labelledby="project-users-heading">
        <h2 id="project-users-heading" className="dashboard__card-title">
          Behörighet till projektet
        </h2>
        {project.users.length > 0 ? (
          <ul className="project-users">
            {project.users.map((user) => (
              <li key={user.id}>{user.name}</li>
            ))}
          </ul>
        ) : (
          <p>Bara företagets administratörer har tillgång.</p>
        )}
        {companyUsers ? (
          <Form method="post" className="dashboard-form">
            <input type="hidden" name="intent" value="users" />
            <fieldset className="dashboard-form__fields">
              <legend>Vilka användare ska ha tillgång?</legend>
              {companyUsers.map((user) => (
                <label key={user.id} className="dashboard-form__check">
                  <input
                    type="checkbox"
                    name="user_id"
                    value={user.id}
                    defaultChecked={project.users.some((u) => u.id === user.id)}
                  />
                  {user.name}
                  {user.role === 'admin' ? ' (administratör, ser alla projekt)' : ''}
                </label>
              ))}
            </fieldset>
            <div>
              <button type="submit" className="button button--primary" disabled={busy}>
                Spara behörighet
              </button>
            </div>
          </Form>
        ) : null}
        <Message result={result} intents={['users']} />
      </section>
      <Invitation project={project} result={result} busy={busy} />
      <section className="dashboard__card project-edit" aria-labelledby="project-edit-heading">
        <h2 id="project-edit-heading" className="dashboard__card-title">
          Ändra projektet
        </h2>
        <Message result={result} intents={['save']} />
        <ProjectForm
          key={project.updated_at}
          intent="save"
          initial={projectFormValues(project)}
          fieldErrors={result?.intent === 'save' ? result.fieldErrors : {}}
          submitLabel="Spara ändringar"
          busy={busy}
          endCustomers={endCustomers ?? null}
          endCustomerId={project.end_customer.id}
        />
      </section>
    </div>
  );
}

function Images({
  project,
  images,
  result,
  busy,
}: {
  project: Project;
  images: ProjectFileList;
  result: ProjectActionData | undefined;
  busy: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const slides = images.results.map((image) => ({ src: image.url, alt: image.filename }));
  return (
    <section aria-labelledby="project-images-heading">
      <h2 id="project-images-heading" className="dashboard__card-title">
        Bilder
      </h2>
      <div className="dashboard__card project-upload-card">
        <UploadForm
          intent="upload-images"
          label="Välj bilder"
          accept={IMAGE_ACCEPT}
          hint="Alla bildformat, högst 20 MB per bild och 10 bilder åt gången."
          busy={busy}
        />
        <Message result={result} intents={['upload-images', 'delete-file']} />
      </div>
      {images.count === 0 ? (
        <p className="project-empty">Projektet har inga bilder ännu.</p>
      ) : (
        <ul className="project-images">
          {images.results.map((image, index) => (
            <li key={image.id} className="project-images__item">
              <button
                type="button"
                className="project-images__open"
                onPointerEnter={() => void preloadImageLightbox()}
                onFocus={() => void preloadImageLightbox()}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setOpen(index);
                }}
              >
                {image.thumbnail ? (
                  <img src={image.thumbnail} alt="" loading="lazy" />
                ) : (
                  <span className="project-images__none" aria-hidden="true">
                    Ingen förhandsvisning
                  </span>
                )}
                <span className="visually-hidden">Visa {image.filename} i stort format</span>
              </button>
              <p className="project-images__name">{image.filename}</p>
              <p className="dashboard-list__meta">
                <a href={`${image.url}?download=1`} download={image.filename}>
                  Ladda ner<span className="visually-hidden"> {image.filename}</span>
                </a>{' '}
                <DeleteFileForm file={image} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <LazyImageLightbox
        images={slides}
        index={open}
        onIndexChange={setOpen}
        title={`Bilder i ${project.name}`}
        returnFocusTo={opener}
      />
    </section>
  );
}

function Documents({
  documents,
  zipAction,
  result,
  busy,
}: {
  documents: ProjectFileList;
  zipAction: string;
  result: ProjectActionData | undefined;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="project-documents-heading">
      <h2 id="project-documents-heading" className="dashboard__card-title">
        Dokument
      </h2>
      <div className="dashboard__card project-upload-card">
        <UploadForm
          intent="upload-documents"
          label="Välj dokument"
          accept={ATTACHMENT_ACCEPT}
          hint="PDF, Word, Excel, OpenDocument, CSV, text och bilder, högst 20 MB per fil och 10 filer åt gången."
          busy={busy}
        />
        <Message result={result} intents={['upload-documents', 'delete-file']} />
      </div>
      {documents.count === 0 ? (
        <p className="project-empty">Projektet har inga dokument ännu.</p>
      ) : (
        <>
          {/* A plain form: the zip comes back as a download, the page stays. */}
          <form method="post" action={zipAction} className="project-zip">
            <button type="submit" className="button button--secondary">
              Ladda ner alla dokument (zip)
            </button>
          </form>
          <div className="dashboard-table-wrap">
            <table className="dashboard-table project-files">
              <caption className="visually-hidden">Dokument, {documents.count} st</caption>
              <thead>
                <tr>
                  <th scope="col">Namn</th>
                  <th scope="col">Storlek</th>
                  <th scope="col">Uppladdat</th>
                  <th scope="col">
                    <span className="visually-hidden">Ta bort</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {documents.results.map((file) => (
                  <tr key={file.id}>
                    <th scope="row">
                      <a href={file.url} download={file.filename}>
                        {file.filename}
                      </a>
                    </th>
                    <td>{formatFileSize(file.size)}</td>
                    <td>
                      {formatDate(file.created_at)}
                      {file.uploaded_by ? `, ${file.uploaded_by}` : ''}
                    </td>
                    <td>
                      <DeleteFileForm file={file} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** One of the project's lists (a tab): the refusal, the empty text, or the table. */
function ProjectList({
  name,
  title,
  refused,
  list,
  flik,
  empty,
  columns,
  amountColumn,
  children,
}: {
  name: string;
  title: string;
  refused: string | null;
  /** The page of the list that was read; null while refused. */
  list: { count: number; page: number; shown: number } | null;
  /** The tab in the address (?flik=…), for the page links. */
  flik: ProjectTab;
  empty: string;
  /** Column headings; the one at `amountColumn` is an amount (right-aligned). */
  columns: string[];
  amountColumn: number;
  children: ReactNode;
}) {
  const headingId = `project-${name}-heading`;
  const count = list?.count ?? null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard__card-title">
        {title}
      </h2>
      {refused ? <Refusal message={refused} /> : null}
      {count === 0 ? <p className="project-empty">{empty}</p> : null}
      {list && list.count > 0 && list.shown === 0 ? (
        <p className="project-empty">
          Sidan finns inte. <Link to={`?flik=${flik}`}>Till första sidan</Link>
        </p>
      ) : null}
      {list && list.count > 0 && list.shown > 0 ? (
        <div className="dashboard-table-wrap">
          <table className="dashboard-table">
            <caption className="visually-hidden">
              Projektets {title.toLowerCase()}, {list.count} st
            </caption>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={index === amountColumn ? 'dashboard-table__amount' : undefined}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      ) : null}
      {list && list.shown > 0 ? <ListPager list={list} flik={flik} title={title} /> : null}
    </section>
  );
}

/**
 * Which entries of a project's list are shown, and plain links to the pages before and after
 * (PROJECT_LIST_PAGE_SIZE at a time; they work without JavaScript).
 */
function ListPager({
  list,
  flik,
  title,
}: {
  list: { count: number; page: number; shown: number };
  flik: ProjectTab;
  title: string;
}) {
  const first = (list.page - 1) * PROJECT_LIST_PAGE_SIZE + 1;
  const last = first + list.shown - 1;
  const pages = Math.ceil(list.count / PROJECT_LIST_PAGE_SIZE);
  if (pages <= 1) return null;
  const href = (page: number) => (page === 1 ? `?flik=${flik}` : `?flik=${flik}&sida=${page}`);
  return (
    <nav className="project-pager" aria-label={`Sidor: ${title.toLowerCase()}`}>
      <p className="project-pager__status">
        Visar {first}–{last} av {list.count}
      </p>
      <ul className="project-pager__links">
        {list.page > 1 ? (
          <li>
            <Link to={href(list.page - 1)} rel="prev" preventScrollReset>
              Föregående {PROJECT_LIST_PAGE_SIZE}
            </Link>
          </li>
        ) : null}
        {list.page < pages ? (
          <li>
            <Link to={href(list.page + 1)} rel="next" preventScrollReset>
              Visa nästa {Math.min(PROJECT_LIST_PAGE_SIZE, list.count - last)}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The list as ProjectList shows it: how many there are, which page, how many on it. */
function listOf(page: { count: number; results: readonly unknown[] } | null, listPage: number) {
  return page ? { count: page.count, page: listPage, shown: page.results.length } : null;
}

type ListProps = { refused: string | null; listPage: number; flik: ProjectTab };

function Invoices({
  invoices,
  refused,
  listPage,
  flik,
}: ListProps & { invoices: InvoicePage | null }) {
  return (
    <ProjectList
      name="invoices"
      title="Fakturor"
      refused={refused}
      list={listOf(invoices, listPage)}
      flik={flik}
      empty="Inga fakturor är kopplade till projektet."
      columns={['Faktura', 'Datum', 'Status', 'Belopp inkl. moms', 'PDF']}
      amountColumn={3}
    >
      {invoices?.results.map((invoice) => (
        <tr key={invoice.number}>
          <th scope="row">{invoice.number}</th>
          <td>{formatDate(invoice.issued_at)}</td>
          <td>{INVOICE_STATUS_LABELS[invoice.status]}</td>
          <td className="dashboard-table__amount">{formatPrice(invoice.total_ore)}</td>
          <td>
            <a
              href={`/${proffsPath(invoice.store.external_id, `invoice/${invoice.number}/pdf/`)}`}
              download={`faktura-${invoice.number}.pdf`}
            >
              Ladda ner<span className="visually-hidden"> faktura {invoice.number}</span>
            </a>
          </td>
        </tr>
      ))}
    </ProjectList>
  );
}

function Quotes({ quotes, refused, listPage, flik }: ListProps & { quotes: QuotePage | null }) {
  const { store } = useDashboard();
  return (
    <ProjectList
      name="quotes"
      title="Butiksofferter"
      refused={refused}
      list={listOf(quotes, listPage)}
      flik={flik}
      empty="Inga butiksofferter är kopplade till projektet."
      columns={['Offert', 'Giltig till', 'Status', 'Belopp exkl. moms']}
      amountColumn={3}
    >
      {quotes?.results.map((quote) => (
        <tr key={quote.id}>
          <th scope="row">
            <Link to={dashboardPath(store, 'dashboard-store-quote', { id: String(quote.id) })}>
              {quote.number} {quote.title}
            </Link>
          </th>
          <td>{formatDate(quote.valid_until)}</td>
          <td>{QUOTE_STATUS_LABELS[quote.status]}</td>
          <td className="dashboard-table__amount">{formatPrice(quote.total_ore)}</td>
        </tr>
      ))}
    </ProjectList>
  );
}

/** The project's offers to its customer: one page of them (the list is short in practice). */
function CustomerOffers({
  offers,
  refused,
  flik,
}: {
  offers: OfferPage | null;
  refused: string | null;
  flik: ProjectTab;
}) {
  const { store } = useDashboard();
  return (
    <>
      <ProjectList
        name="offers"
        title="Kundofferter"
        refused={refused}
        list={
          offers ? { count: offers.results.length, page: 1, shown: offers.results.length } : null
        }
        flik={flik}
        empty="Projektet har inga kundofferter än."
        columns={['Offert', 'Kund', 'Status', 'Summa inkl. moms']}
        amountColumn={3}
      >
        {offers?.results.map((offer) => (
          <tr key={offer.id}>
            <th scope="row">
              <Link to={dashboardPath(store, 'dashboard-customer-offer', { id: String(offer.id) })}>
                {offer.number} {offer.title}
              </Link>
            </th>
            <td>{offer.end_customer.name || '–'}</td>
            <td>
              <OfferStatusBadge status={offer.status} />
            </td>
            <td className="dashboard-table__amount">{formatPrice(offer.total_incl_vat_ore)}</td>
          </tr>
        ))}
      </ProjectList>
      {refused ? null : <OfferCreateButton label="Skapa offert" />}
    </>
  );
}

function Orders({ orders, refused, listPage, flik }: ListProps & { orders: OrderPage | null }) {
  const { store } = useDashboard();
  return (
    <ProjectList
      name="orders"
      title="Ordrar"
      refused={refused}
      list={listOf(orders, listPage)}
      flik={flik}
      empty="Inga ordrar är kopplade till projektet."
      columns={['Order', 'Datum', 'Status', 'Belopp exkl. moms']}
      amountColumn={3}
    >
      {orders?.results.map((order) => (
        <tr key={order.id}>
          <th scope="row">
            <Link to={dashboardPath(store, 'dashboard-order', { id: String(order.id) })}>
              {order.number}
            </Link>
          </th>
          <td>{formatDate(order.created_at)}</td>
          <td>{order.status_label}</td>
          <td className="dashboard-table__amount">{formatPrice(order.total_excl_vat_ore)}</td>
        </tr>
      ))}
    </ProjectList>
  );
}

/** Projekt (trade-area §2 /projekt/{id}/): the project with its tabs. */
export function ProjectPage(props: ProjectPageProps) {
  const { project, tab, images, documents, invoices, invoicesRefused, companyUsers, result } =
    props;
  const { quotes, quotesRefused, orders, ordersRefused, offers, offersRefused } = props;
  const { store, access } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-project', { id: String(project.id) });
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const loading = navigation.state === 'loading' && navigation.location.pathname === here;
  const tabs = visibleProjectTabs((right) => hasRight(access, right));
  const uploading = busy && String(navigation.formData?.get('intent') ?? '').startsWith('upload-');
  return (
    <div className="container dashboard">
      <nav aria-label="Brödsmulor" className="project-breadcrumbs">
        <Link to={dashboardPath(store, 'dashboard-projects')}>Projekt</Link>
      </nav>
      <header className="dashboard__header">
        <h1 className="dashboard__title">{project.name}</h1>
        <p className="dashboard__lead">
          {project.number} ·{' '}
          <span className={`project-status project-status--${project.status}`}>
            {PROJECT_STATUS_LABELS[project.status]}
          </span>
          {project.end_customer.name ? ` · ${project.end_customer.name}` : ''}
        </p>
      </header>
      <nav aria-label="Projektets delar" className="project-tabs">
        <ul>
          {tabs.map((t) => (
            <li key={t}>
              <Link
                to={t === 'oversikt' ? here : `${here}?flik=${t}`}
                aria-current={t === tab ? 'page' : undefined}
                className="project-tabs__link"
                preventScrollReset
              >
                {TAB_LABELS[t]}
                {t === 'bilder' ? ` (${project.image_count})` : ''}
                {t === 'dokument' ? ` (${project.document_count})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loading ? <DashboardLoading label="Hämtar …" /> : null}
      {uploading ? <DashboardLoading label="Laddar upp …" /> : null}
      {busy && !uploading ? <DashboardLoading label="Sparar …" /> : null}
      {tab === 'oversikt' ? (
        <Overview
          project={project}
          companyUsers={companyUsers}
          endCustomers={props.endCustomers ?? null}
          result={result}
          busy={busy}
        />
      ) : null}
      {tab === 'bilder' && images ? (
        <Images project={project} images={images} result={result} busy={busy} />
      ) : null}
      {tab === 'dokument' && documents ? (
        <Documents
          documents={documents}
          zipAction={dashboardPath(store, 'dashboard-project-zip', { id: String(project.id) })}
          result={result}
          busy={busy}
        />
      ) : null}
      {tab === 'offerter' ? (
        <CustomerOffers offers={offers} refused={offersRefused} flik={tab} />
      ) : null}
      {tab === 'offerter' ? (
        <Quotes quotes={quotes} refused={quotesRefused} listPage={props.listPage} flik={tab} />
      ) : null}
      {tab === 'ordrar' ? (
        <Orders orders={orders} refused={ordersRefused} listPage={props.listPage} flik={tab} />
      ) : null}
      {tab === 'fakturor' ? (
        <Invoices
          invoices={invoices}
          refused={invoicesRefused}
          listPage={props.listPage}
          flik={tab}
        />
      ) : null}
    </div>
  );
}

/** The project page for a user without the projects right: the API's refusal. */
export function ProjectRefusal({ message }: { message: string }) {
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Projekt</h1>
      </header>
      <Refusal message={message} />
    </div>
  );
}
