import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { fetchEmbed, readEmbedConfig, type EmbedConfig } from '~/lib/content/embed.ts';

// The overlay's code is only downloaded for editors.
const EditorOverlay = lazy(() => import('./editor-overlay.tsx'));

/**
 * Asks the content service for the editor overlay once the page is interactive (trade-area
 * spec §7: GET {base}/embed/ with credentials; 204 or 403 mean none). Visitors without a
 * session cookie cannot be editors, so they are not asked at all.
 */
export function EditorBootstrap({ signedIn }: { signedIn: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  const [config, setConfig] = useState<EmbedConfig | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    fetchEmbed().then(
      (markup) => {
        const target = container.current;
        if (!active || !target) return;
        // The markup is the API's inert bootstrap (hidden, JSON only): inserted as the spec's
        // client does, then read.
        target.innerHTML = markup ?? '';
        setConfig(markup ? readEmbedConfig(target) : null);
      },
      (error: unknown) => console.warn('The editor overlay could not be loaded:', error),
    );
    return () => {
      active = false;
    };
  }, [signedIn]);

  return (
    <>
      <div ref={container} hidden />
      {config && signedIn ? (
        <Suspense fallback={null}>
          <EditorOverlay config={config} />
        </Suspense>
      ) : null}
    </>
  );
}
