import { useRef, useState, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Conversation } from '@bygg/contracts/trade/conversations';
import type {
  EndCustomerFileList,
  EndCustomerProjectView,
} from '@bygg/contracts/trade/end-customers';
import { LazyImageLightbox, preloadImageLightbox } from '~/components/ui/lazy-image-lightbox.tsx';
import { formatDateTime } from '~/lib/format.ts';
import { DashboardLoading } from './dashboard-parts.tsx';
import './dashboard.css';
import './projects.css';

/** What the end customer's page shows (the API's reply, files pointing at the web app). */
export type CustomerProjectData = {
  project: EndCustomerProjectView;
  images: EndCustomerFileList;
  documents: EndCustomerFileList;
  thread: Conversation | null;
  /** The project view's own path: files and the privacy page live below it. */
  here: string;
};

export type CustomerProjectActionData = { intent: string; ok: boolean; message: string };

/** A project id of the address, or null (the page then answers 404). */
export function projectIdOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The web app's path of a project file (it adds the project token as a bearer value). */
export function customerFilePath(here: string, fileId: number, thumbnail = false): string {
  return `${here}/fil/${fileId}${thumbnail ? '/miniatyr' : ''}`;
}

/** The terms the end customer accepts (recorded with the time by accept_terms). */
export function projectTerms(companyName: string): string[] {
  return [
    `${companyName} visar här projektets uppgifter, bilder och dokument. Länken är personlig: dela den inte med andra.`,
    `${companyName} behandlar dina kontaktuppgifter och meddelanden för att utföra projektet, enligt integritetspolicyn.`,
    'Offerter och ändringar i projektet godkänner du var för sig; att godkänna villkoren beställer ingenting.',
  ];
}

function Outcome({
  result,
  intent,
}: {
  result: CustomerProjectActionData | undefined;
  intent: string;
}) {
  if (!result || result.intent !== intent) return null;
  return (
    <p
      className={result.ok ? 'dashboard__saved' : 'dashboard__problem'}
      role={result.ok ? 'status' : 'alert'}
    >
      {result.message}
    </p>
  );
}

function Header({ project }: { project: EndCustomerProjectView }) {
  const logo = project.end_customer.customer.logo;
  return (
    <header className="customer-project__brand">
      {logo ? (
        <img
          className="customer-project__logo"
          src={logo.thumbnails[0]?.url ?? logo.url}
          alt={project.end_customer.customer.name}
        />
      ) : (
        <p className="customer-project__company">{project.end_customer.customer.name}</p>
      )}
    </header>
  );
}

function Terms({
  project,
  result,
  busy,
  here,
}: {
  project: EndCustomerProjectView;
  result: CustomerProjectActionData | undefined;
  busy: boolean;
  here: string;
}) {
  return (
    <section className="dashboard__card" aria-labelledby="customer-terms-heading">
      <h2 id="customer-terms-heading" className="dashboard__card-title">
        Villkor
      </h2>
      <ul>
        {projectTerms(project.end_customer.customer.name).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <p>
        <Link to={`${here}/integritetspolicy`}>Läs integritetspolicyn</Link>
      </p>
      {project.terms_accepted_at ? (
        <p className="dashboard__saved" role="status">
          Du godkände villkoren {formatDateTime(project.terms_accepted_at)}.
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="accept-terms" />
          <button type="submit" className="button button--primary" disabled={busy}>
            Jag godkänner villkoren
          </button>
        </Form>
      )}
      <Outcome result={result} intent="accept-terms" />
    </section>
  );
}

function Images({
  images,
  here,
  name,
}: {
  images: EndCustomerFileList;
  here: string;
  name: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const slides = images.results.map((image) => ({
    src: customerFilePath(here, image.id),
    alt: image.filename,
  }));
  return (
    <section aria-labelledby="customer-images-heading">
      <h2 id="customer-images-heading" className="dashboard__card-title">
        Bilder
      </h2>
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
                  <img src={customerFilePath(here, image.id, true)} alt="" loading="lazy" />
                ) : (
                  <span className="project-images__none" aria-hidden="true">
                    Ingen förhandsvisning
                  </span>
                )}
                <span className="visually-hidden">Visa {image.filename} i stort format</span>
              </button>
              <p className="project-images__name">{image.filename}</p>
            </li>
          ))}
        </ul>
      )}
      <LazyImageLightbox
        images={slides}
        index={open}
        onIndexChange={setOpen}
        title={`Bilder i ${name}`}
        returnFocusTo={opener}
      />
    </section>
  );
}

function Documents({ documents, here }: { documents: EndCustomerFileList; here: string }) {
  return (
    <section aria-labelledby="customer-documents-heading">
      <h2 id="customer-documents-heading" className="dashboard__card-title">
        Dokument
      </h2>
      {documents.count === 0 ? (
        <p className="project-empty">Projektet har inga dokument ännu.</p>
      ) : (
        <ul className="dashboard-list">
          {documents.results.map((file) => (
            <li key={file.id} className="dashboard-list__item">
              <a href={customerFilePath(here, file.id)} download={file.filename}>
                {file.filename}
              </a>
              <span className="dashboard-list__meta">
                {' '}
                · {Math.max(1, Math.round(file.size / 1024))} kB
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The end customer's project view (trade-area §2 /kund/{storeslug}/dashboard/projekt/{id}). */
export function CustomerProjectPage({
  data,
  result,
  messages,
}: {
  data: CustomerProjectData;
  result: CustomerProjectActionData | undefined;
  /** The conversation with the trade customer (features/messages, composed by the route). */
  messages: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { project, here } = data;
  const address = [
    project.address.street,
    [project.address.postcode, project.address.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="container dashboard customer-project">
      <Header project={project} />
      <header className="dashboard__header">
        <h1 className="dashboard__title">{project.name}</h1>
      </header>
      {busy ? <DashboardLoading label="Sparar …" /> : null}
      <section className="dashboard__card" aria-label="Projektets uppgifter">
        <dl className="customer-project__facts">
          <dt>Projektnummer</dt>
          <dd>{project.number}</dd>
          <dt>Kund</dt>
          <dd>{project.end_customer.name}</dd>
          {address ? (
            <>
              <dt>Adress</dt>
              <dd>{address}</dd>
            </>
          ) : null}
          <dt>Utförs av</dt>
          <dd>{project.end_customer.customer.name}</dd>
        </dl>
        {project.description ? <p>{project.description}</p> : null}
      </section>
      <Terms project={project} result={result} busy={busy} here={here} />
      <Images images={data.images} here={here} name={project.name} />
      <Documents documents={data.documents} here={here} />
      {messages}
    </div>
  );
}

/** A link that no longer works (expired, revoked, or never valid). */
export function CustomerProjectInvalid() {
  return (
    <div className="container dashboard customer-project">
      <h1 className="dashboard__title">Länken fungerar inte</h1>
      <p role="alert">
        Länken är ogiltig eller har gått ut. Be den som bjöd in dig att skicka en ny inbjudan.
      </p>
    </div>
  );
}
