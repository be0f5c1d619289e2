import { Form, Link, useNavigation } from 'react-router';
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectPage,
  type ProjectSummary,
} from '@bygg/contracts/trade/projects';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import './dashboard.css';
import './projects.css';

/** The list's filters as the address has them (Swedish): sok, status, sida. */
export type ProjectFilterValues = { sok: string; status: string };

/** The address's filters: the form's values and the API query (empty ones left out). */
export function projectFilters(params: URLSearchParams): {
  values: ProjectFilterValues;
  query: Record<string, string | number>;
  page: number;
} {
  const values = {
    sok: (params.get('sok') ?? '').trim().slice(0, 100),
    status: (params.get('status') ?? '').trim().slice(0, 20),
  };
  const page = Number(params.get('sida') ?? '1');
  const query: Record<string, string | number> = {};
  if (values.sok) query.search = values.sok;
  if (values.status) query.status = values.status;
  return { values, query, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

type ProjectsPageProps = {
  filters: ProjectFilterValues;
  projects: ProjectPage | null;
  page: number;
  pageCount: number;
  refused: string | null;
};

function ProjectItem({ project }: { project: ProjectSummary }) {
  const { store } = useDashboard();
  const href = dashboardPath(store, 'dashboard-project', { id: String(project.id) });
  const where = [project.address.street, project.address.city].filter(Boolean).join(', ');
  return (
    <li className="dashboard-list__item project-item">
      {project.thumbnail ? (
        <img className="project-item__image" src={project.thumbnail} alt="" loading="lazy" />
      ) : (
        <span className="project-item__image project-item__image--empty" aria-hidden="true" />
      )}
      <div className="project-item__body">
        <h2 className="dashboard-list__title">
          <Link to={href}>{project.name}</Link>
        </h2>
        <p className="dashboard-list__text">
          {project.number}
          {project.end_customer.name ? ` · ${project.end_customer.name}` : ''}
          {where ? ` · ${where}` : ''}
        </p>
        <p className="dashboard-list__meta">
          <span className={`project-status project-status--${project.status}`}>
            {PROJECT_STATUS_LABELS[project.status]}
          </span>{' '}
          · {project.image_count} bilder · {project.document_count} dokument · ändrat{' '}
          {formatDate(project.updated_at)}
        </p>
      </div>
    </li>
  );
}

/** Projekt (trade-area §2 /projekt/): the user's projects in the store, search and filters. */
export function ProjectsPage({ filters, projects, page, pageCount, refused }: ProjectsPageProps) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-projects');
  const filtered = filters.sok !== '' || filters.status !== '';
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (filters.sok) params.set('sok', filters.sok);
    if (filters.status) params.set('status', filters.status);
    params.set('sida', String(to));
    return `${here}?${params.toString()}`;
  };
  return (
    <div className="container dashboard">
      <header className="dashboard__header project-header">
        <h1 className="dashboard__title">Projekt</h1>
        {refused ? null : (
          <Link
            className="button button--primary"
            to={dashboardPath(store, 'dashboard-project-create')}
          >
            Skapa projekt
          </Link>
        )}
      </header>
      {refused ? (
        <Refusal message={refused} />
      ) : (
        <>
          <Form
            method="get"
            action={here}
            className="dashboard-filters project-filters"
            role="search"
            aria-label="Sök bland projekten"
          >
            <label>
              Sök
              <input
                type="search"
                name="sok"
                defaultValue={filters.sok}
                placeholder="Namn, nummer, kund eller adress"
              />
            </label>
            <label>
              Status
              <select name="status" defaultValue={filters.status}>
                <option value="">Alla</option>
                {PROJECT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {PROJECT_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button button--primary">
              Sök
            </button>
          </Form>
          {navigation.state === 'loading' && navigation.location.pathname === here ? (
            <DashboardLoading label="Hämtar projekten …" />
          ) : null}
          {projects && projects.results.length === 0 ? (
            <div className="dashboard__card project-empty">
              {filtered ? (
                <p>Inga projekt matchar sökningen.</p>
              ) : (
                <>
                  <p>Du har inga projekt i den här butiken ännu.</p>
                  <p>
                    <Link to={dashboardPath(store, 'dashboard-project-create')}>
                      Skapa ditt första projekt
                    </Link>
                  </p>
                </>
              )}
            </div>
          ) : null}
          {projects && projects.results.length > 0 ? (
            <>
              <p className="dashboard-list__meta" aria-live="polite">
                {projects.count} {projects.count === 1 ? 'projekt' : 'projekt'}
              </p>
              <ul className="dashboard-list">
                {projects.results.map((project) => (
                  <ProjectItem key={project.id} project={project} />
                ))}
              </ul>
            </>
          ) : null}
          {pageCount > 1 ? (
            <nav className="dashboard-pager" aria-label="Sidor">
              {page > 1 ? <Link to={pageLink(page - 1)}>Föregående</Link> : null}
              <span>
                Sida {page} av {pageCount}
              </span>
              {page < pageCount ? <Link to={pageLink(page + 1)}>Nästa</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
