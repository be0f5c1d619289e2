import { useState } from 'react';
import { buildConsentModeScript } from '~/lib/analytics/consent-mode.ts';

type AnalyticsHeadProps = { gtmId: string | null; marketing: boolean; nonce?: string };

/**
 * The consent-mode head script, server rendered before any tag-manager script. Its text is
 * fixed at the first render: a script element runs once, and later consent changes go through
 * `applyMarketingConsent` instead of a new script.
 */
export function AnalyticsHead({ gtmId, marketing, nonce }: AnalyticsHeadProps) {
  const [script] = useState(() => buildConsentModeScript({ gtmId, marketing }));
  return <script id="consent-mode" nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
