import { useMemo, useState } from 'react';
import {
  ConversationSchema,
  SentMessageSchema,
  type Conversation,
  type Message,
} from '@bygg/contracts/trade/conversations';
import { ConversationView, type ConversationSource } from './messages-panel.tsx';

/**
 * The end customer's conversation with the trade customer on their project page (trade-area
 * §7 "End-customer project", issue 20): the trade side's ConversationView — polling every
 * 30 s, older messages on scrolling up, attachments, the composer — read and written through
 * the page's resource route `{project}/meddelanden` (routes/customer-project-messages.tsx),
 * because the project token is an HttpOnly cookie that only the web server adds as a bearer.
 */

/** The web app's path of the project's messages (JSON), below the project's page. */
export function customerMessagesPath(here: string): string {
  return `${here}/meddelanden`;
}

/** The web app's path of a message's file or its thumbnail (participants only, via the token). */
export function customerMessageFilePath(
  here: string,
  conversationId: number,
  fileId: number,
  thumbnail = false,
): string {
  return `${customerMessagesPath(here)}/${conversationId}/bilaga/${fileId}${thumbnail ? '/miniatyr' : ''}`;
}

/** A message as the end customer's browser fetches it: its files point at the web app. */
export function customerMessage(here: string, message: Message): Message {
  return {
    ...message,
    attachments: message.attachments.map((file) => {
      const url = customerMessageFilePath(here, message.conversation_id, file.id);
      return {
        ...file,
        file_attachment: file.file_attachment === null ? null : url,
        image_attachment:
          file.image_attachment === null
            ? null
            : {
                url,
                thumbnails: [
                  {
                    url: customerMessageFilePath(here, message.conversation_id, file.id, true),
                  },
                ],
              },
      };
    }),
  };
}

/** A thread as the end customer's browser fetches it (customerMessage for each message). */
export function customerConversation(here: string, conversation: Conversation): Conversation {
  return {
    ...conversation,
    messages: conversation.messages.map((message) => customerMessage(here, message)),
  };
}

async function json(reply: Response): Promise<unknown> {
  if (!reply.ok) throw new Error(`The messages answered ${reply.status}`);
  return reply.json();
}

export function CustomerMessages({
  here,
  thread,
  companyName,
}: {
  here: string;
  /** The project's thread as the loader read it; null before the first message. */
  thread: Conversation | null;
  companyName: string;
}) {
  const [id, setId] = useState<number | null>(thread?.id ?? null);
  const source = useMemo<ConversationSource>(() => {
    const path = customerMessagesPath(here);
    return {
      read: async (conversation, before) => {
        const query = new URLSearchParams({ konversation: String(conversation) });
        if (before) query.set('before', String(before));
        const reply = await fetch(`${path}?${query}`, { headers: { accept: 'application/json' } });
        return ConversationSchema.parse(await json(reply));
      },
      send: async (form) => {
        const reply = await fetch(path, {
          method: 'POST',
          body: form,
          headers: { accept: 'application/json' },
        });
        return SentMessageSchema.parse(await json(reply));
      },
      poll: true,
    };
  }, [here]);
  return (
    <section className="dashboard__card" aria-labelledby="customer-messages-heading">
      <h2 id="customer-messages-heading" className="dashboard__card-title">
        Meddelanden med {companyName}
      </h2>
      <div className="messages messages--embedded">
        <ConversationView
          key={id ?? 'ny'}
          source={source}
          id={id}
          initial={id === thread?.id ? thread : null}
          onStarted={setId}
          onChanged={() => undefined}
        />
      </div>
    </section>
  );
}
