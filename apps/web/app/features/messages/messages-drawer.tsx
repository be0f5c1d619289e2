import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Drawer } from '~/components/ui/drawer.tsx';
import { MessagesPanel, type MessagesConfig } from './messages-panel.tsx';

/**
 * The messages drawer (trade-area spec §2 "Messages drawer"): the same three levels as the
 * messages page, opened from a button on every dashboard page. Back goes up a level; at the
 * top the drawer's close button closes it, and closing takes the thread out of the address.
 */
export function MessagesDrawer({ config }: { config: MessagesConfig }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.has('konversation') || params.has('projekt'));
  const close = () => {
    setOpen(false);
    if (params.has('konversation') || params.has('projekt')) {
      const search = new URLSearchParams(params);
      search.delete('konversation');
      search.delete('projekt');
      setParams(search, { preventScrollReset: true });
    }
  };
  return (
    <div className="container messages-drawer-bar">
      <button type="button" className="messages__back" onClick={() => setOpen(true)}>
        Meddelanden
      </button>
      <Drawer
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Meddelanden"
        side="right"
      >
        <MessagesPanel config={config} onClose={close} heading="h2" />
      </Drawer>
    </div>
  );
}
