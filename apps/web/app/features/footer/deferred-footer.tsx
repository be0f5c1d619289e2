import { Component, Suspense, use, type ReactNode } from 'react';
import type { Footer } from '@bygg/contracts/cms';
import { SiteFooter, SiteFooterFallback } from './site-footer.tsx';

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
    <FooterFailed fallback={<SiteFooter footer={null} organisationName={organisationName} />}>
      <Suspense fallback={<SiteFooterFallback />}>
        <ResolvedFooter footer={footer} organisationName={organisationName} />
      </Suspense>
    </FooterFailed>
  );
}

/**
 * React's `use` rather than React Router's Await (which would put its code in every page's
 * first load, as React Router is one module there; issue 3).
 */
function ResolvedFooter({
  footer,
  organisationName,
}: {
  footer: Promise<Footer | null>;
  organisationName: string;
}) {
  return <SiteFooter footer={use(footer)} organisationName={organisationName} />;
}

/** A footer that failed to load: the footer without its link columns (as Await's errorElement). */
class FooterFailed extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
