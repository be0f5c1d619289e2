import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { notify } from '~/components/ui/toaster.tsx';

/**
 * "Gör offert till kund" (a store quote, an order) and "Skapa offert" (a project): posts the
 * page's own action with intent make-offer, which answers a redirect to the new offer's
 * editor, or the refusal's messages, shown in a toast (trade-area §5).
 */
export function OfferCreateButton({ label, hint }: { label: string; hint?: string }) {
  const fetcher = useFetcher<{ ok: false; messages: string[] }>();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== 'idle' || !reply || seen.current === reply) return;
    seen.current = reply;
    notify.error(reply.messages.join(' '));
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" className="offer-create">
      <input type="hidden" name="intent" value="make-offer" />
      <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
        {label}
      </button>
      {hint ? <p className="dashboard-form__hint">{hint}</p> : null}
    </fetcher.Form>
  );
}
