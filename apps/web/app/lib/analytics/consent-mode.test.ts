import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyMarketingConsent,
  buildConsentModeScript,
  marketingGranted,
  NO_GTM_ID_WARNING,
  tagManagerUrl,
} from './consent-mode.ts';

type TestWindow = Window & Record<string, unknown> & { dataLayer?: unknown[] };
const w = window as unknown as TestWindow;

function resetWindow() {
  for (const key of ['dataLayer', 'gtag', '__byggMarketingConsent', '__byggAnalyticsInitialised'])
    delete w[key];
  document.head.querySelectorAll('script').forEach((script) => script.remove());
}

/** Runs the head script as the browser would, in this jsdom window. */
function runHeadScript(input: { gtmId: string | null; marketing: boolean }) {
  new Function(buildConsentModeScript(input))();
}

function commands(): unknown[][] {
  return (w.dataLayer ?? []).map((entry) =>
    typeof entry === 'object' && entry !== null && 'length' in entry
      ? Array.from(entry as ArrayLike<unknown>)
      : [entry],
  );
}

function tagManagerScripts() {
  return document.head.querySelectorAll('script[src*="googletagmanager.com"]');
}

afterEach(() => {
  resetWindow();
  vi.restoreAllMocks();
});

describe('consent mode head script', () => {
  it('denies all four storage types by default and loads nothing without consent', () => {
    runHeadScript({ gtmId: 'GTM-ABC123', marketing: false });
    expect(commands()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
    ]);
    expect(tagManagerScripts()).toHaveLength(0);
    expect(marketingGranted()).toBe(false);
  });

  it('grants all four after the defaults when the marketing cookie is true, then loads GTM', () => {
    runHeadScript({ gtmId: 'GTM-ABC123', marketing: true });
    const [first, second, third] = commands();
    expect(first?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(second).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    ]);
    expect(third?.[0]).toMatchObject({ event: 'gtm.js' });
    const scripts = tagManagerScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    );
    expect(marketingGranted()).toBe(true);
  });

  it("hands the page's CSP nonce on to the tag manager's script (ADR 023)", () => {
    const head = document.createElement('script');
    // A browser hides the attribute's value once the policy applies; the property keeps it.
    head.setAttribute('nonce', 'r4nd0mN0nce==');
    document.head.append(head);
    runHeadScript({ gtmId: 'GTM-ABC123', marketing: true });
    expect((tagManagerScripts()[0] as HTMLScriptElement | undefined)?.nonce).toBe('r4nd0mN0nce==');
  });

  it("warns 'No GTM_ID provided, unable to send analytics.' once and loads nothing without an id", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    runHeadScript({ gtmId: null, marketing: true });
    applyMarketingConsent(true, null);
    expect(warn.mock.calls).toEqual([[NO_GTM_ID_WARNING]]);
    expect(tagManagerScripts()).toHaveLength(0);
  });

  it('escapes values so they cannot close the script element', () => {
    const script = buildConsentModeScript({ gtmId: 'GTM-X</script><script>', marketing: true });
    expect(script).not.toContain('</script>');
    expect(script).toContain('GTM-X\\u003c/script>');
  });

  it('decides the tag-manager script from the id and the consent together', () => {
    expect(tagManagerUrl(null, true)).toBeNull();
    expect(tagManagerUrl('GTM-ABC123', false)).toBeNull();
    expect(tagManagerUrl('GTM-ABC123', true)).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    );
  });
});

describe('consent changes on the page', () => {
  it('grants, loads the tag manager once, and denies again', () => {
    runHeadScript({ gtmId: 'GTM-ABC123', marketing: false });
    applyMarketingConsent(true, 'GTM-ABC123');
    applyMarketingConsent(true, 'GTM-ABC123');
    expect(tagManagerScripts()).toHaveLength(1);
    applyMarketingConsent(false, 'GTM-ABC123');
    expect(marketingGranted()).toBe(false);
    const updates = commands().filter((c) => c[0] === 'consent' && c[1] === 'update');
    expect(updates.map((c) => (c[2] as Record<string, string>).ad_storage)).toEqual([
      'granted',
      'granted',
      'denied',
    ]);
  });
});
