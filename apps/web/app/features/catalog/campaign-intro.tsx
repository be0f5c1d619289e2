import { Link } from 'react-router';
import type { Campaign } from '@bygg/contracts/catalog';
import { formatDayMonth } from '~/lib/format.ts';
import { usePaths } from '~/lib/paths.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';

/** Under a campaign page's heading: when it runs, or that it is over. */
export function CampaignIntro({ campaign }: { campaign: Campaign }) {
  return campaign.is_active ? (
    <p className="campaign-intro">
      Kampanjpriser t.o.m.{' '}
      <time dateTime={campaign.ends_at}>{formatDayMonth(campaign.ends_at)}</time>, så länge lagret
      räcker.
    </p>
  ) : (
    <p className="campaign-intro campaign-intro--ended" role="status">
      Kampanjen pågick {formatDayMonth(campaign.starts_at)} – {formatDayMonth(campaign.ends_at)} och
      har avslutats.
    </p>
  );
}

/** /kampanjer: the campaigns running now, each a card linking to its page. */
export function CampaignIndex({ campaigns, base }: { campaigns: Campaign[]; base: string }) {
  const paths = usePaths();
  return (
    <div className="container campaign-index">
      <Breadcrumbs
        crumbs={[
          { name: 'Hem', href: paths.home() },
          { name: 'Kampanjer', href: base },
        ]}
      />
      <h1 className="listing__heading">Kampanjer</h1>
      {campaigns.length === 0 ? (
        <p>Just nu har vi inga kampanjer. Titta gärna in igen snart.</p>
      ) : (
        <ul className="campaign-index__list">
          {campaigns.map((campaign) => (
            <li key={campaign.id} className="campaign-card">
              <h2 className="campaign-card__title">
                <Link to={`${base}/${campaign.slug}`}>{campaign.title}</Link>
              </h2>
              <p className="campaign-card__dates">
                t.o.m. <time dateTime={campaign.ends_at}>{formatDayMonth(campaign.ends_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
