import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CmsBlocks } from '~/components/cms-blocks/cms-blocks.tsx';
import { Modal } from '~/components/ui/modal.tsx';
import { mustWaitForOtherDialog } from '~/lib/auto-dialogs.ts';
import { mayShowNewsletter, msUntilDue, SHOWN_KEY, TIMER_START_KEY } from './newsletter-rule.ts';
import type { NewsletterContent } from './newsletter-rule.ts';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the modal may then show again next visit, no more.
  }
}

/**
 * The newsletter modal, CMS driven (spec §2, §4). The timer starts on the first page view
 * and keeps counting across pages; the content is fetched once, after hydration.
 */
export function NewsletterModal({
  enabled,
  consentGiven,
}: {
  enabled: boolean;
  consentGiven: boolean;
}) {
  const { pathname } = useLocation();
  const [content, setContent] = useState<NewsletterContent | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    // Shown before: not even the content is fetched.
    if (readStorage(SHOWN_KEY) === 'true') return;
    if (readStorage(TIMER_START_KEY) === null) writeStorage(TIMER_START_KEY, String(Date.now()));
    const controller = new AbortController();
    fetch('/resurser/nyhetsbrev', {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then((response) => (response.ok ? (response.json() as Promise<NewsletterContent>) : null))
      .then((loaded) => setContent(loaded))
      .catch(() => {
        // No content, no modal: the shop works the same without it.
      });
    return () => controller.abort();
  }, [enabled]);

  useEffect(() => {
    const shownBefore = readStorage(SHOWN_KEY) === 'true';
    const base = { enabled, consentGiven, shownBefore, contentLoaded: content !== null, pathname };
    if (open || !mayShowNewsletter({ ...base, dialogOpen: false })) return;
    const start = Number(readStorage(TIMER_START_KEY) ?? Date.now());
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const wait = msUntilDue(Number.isFinite(start) ? start : Date.now(), Date.now());
      if (wait > 0) {
        timer = setTimeout(check, wait);
      } else if (mustWaitForOtherDialog()) {
        // Another dialog is open or about to open (the store selector, spec §4): try again a
        // little later rather than stack two.
        timer = setTimeout(check, 5_000);
      } else {
        writeStorage(SHOWN_KEY, 'true');
        setOpen(true);
      }
    };
    check();
    return () => clearTimeout(timer);
  }, [enabled, consentGiven, content, pathname, open]);

  if (!content) return null;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={content.title}
      {...(content.description ? { description: content.description } : {})}
    >
      <div className="newsletter-modal">
        <CmsBlocks blocks={content.blocks} />
      </div>
    </Modal>
  );
}
