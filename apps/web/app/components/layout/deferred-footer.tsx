import { Suspense } from 'react';
import { Await } from 'react-router';
import type { Footer } from '@bygg/contracts/cms';
import { SiteFooter, SiteFooterFallback } from '~/features/footer/site-footer.tsx';

/**
 * The footer as the root loader sends it: a promise that streams in after the page. Its own
 * module so the root can load it as a chunk of its own (issue 3): it is below the fold and
 * its links work as plain links until it has hydrated.
 */
export function DeferredFooter({
  footer,
  organisationName,
}: {
  footer: Promise<Footer | null>;
  organisationName: string;
}) {
  return (
    <Suspense fallback={<SiteFooterFallback />}>
      <Await
        resolve={footer}
        errorElement={<SiteFooter footer={null} organisationName={organisationName} />}
      >
        {(resolved) => <SiteFooter footer={resolved} organisationName={organisationName} />}
      </Await>
    </Suspense>
  );
}
