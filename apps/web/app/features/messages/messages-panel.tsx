import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  attachmentLabel,
  ConversationPageSchema,
  ConversationSchema,
  MESSAGES_DEBOUNCE_MS,
  MESSAGES_POLL_MS,
  NEW_MESSAGES_THRESHOLD_PX,
  NO_CONVERSATION_LABEL,
  OLDER_MESSAGES_WAIT_MS,
  SentMessageSchema,
  type Conversation,
  type ConversationSummary,
  type Message,
  type SentMessage,
} from '@bygg/contracts/trade/conversations';
import { browserTradeRequest, proffsPath } from '~/lib/trade-request.ts';
import './messages.css';

/**
 * The messages (trade-area spec §2 "Messages drawer", §4, §8, §9; issue 20), the same panel
 * for the trade customer (/meddelanden/ under the dashboard) and the store's staff
 * (/butik/{store}/meddelanden): three levels — all threads, a project's participants, one
 * conversation — kept in the address (?projekt=, ?konversation=), so Back removes the
 * conversation id and goes up one level, or closes. Data is read in the browser through the
 * trade request helper; threads are polled every 30 s (not for central store users).
 */
export type MessagesConfig = {
  eid: string;
  side: 'proffs' | 'store';
  /** Spec §4: polling is skipped for central store users. */
  poll: boolean;
  /** The customer's store, for a first message when there is no thread yet. */
  storeName: string;
};

/** 'ny': the customer's first message to the store (no thread yet). */
const NEW_THREAD = 'ny';

function basePath(config: MessagesConfig): string {
  return proffsPath(config.eid, config.side === 'store' ? 'staff/conversation/' : 'conversation/');
}

/**
 * Where one conversation is read and written: the trade customer's and the staff's through the
 * trade request helper (sourceOf), the end customer's through their project page's resource
 * route (customer-messages.tsx), which adds the project token.
 */
export type ConversationSource = {
  /** The thread's latest messages, or those older than the message id `before`. */
  read: (id: number, before?: number) => Promise<Conversation>;
  /** Sends a message (multipart: text, attachments, conversation_id when the thread exists). */
  send: (form: FormData, id: number | null) => Promise<SentMessage>;
  /** Spec §4: polling every 30 s, not for central store users. */
  poll: boolean;
  /** The store's staff mark a thread handled (absent for the others). */
  setHandled?: (id: number, handled: boolean) => Promise<void>;
};

function sourceOf(config: MessagesConfig): ConversationSource {
  const base = basePath(config);
  return {
    read: async (id, before) =>
      ConversationSchema.parse(
        (await browserTradeRequest().get(`${base}${id}/`, before ? { before } : undefined)).data,
      ),
    send: async (form, id) => {
      // The customer's first message to the store starts the thread.
      if (id === null) form.set('store_id', config.eid);
      return SentMessageSchema.parse((await browserTradeRequest().post(base, form)).data);
    },
    poll: config.poll,
    setHandled:
      config.side === 'store'
        ? async (id, handled) => {
            await browserTradeRequest().put(`${base}${id}/handled/`, { handled });
          }
        : undefined,
  };
}

/** What the list shows of a thread's last message (spec §8). */
export function lastMessageLabel(message: Message | null): string {
  if (!message) return NO_CONVERSATION_LABEL;
  if (message.text.trim() !== '') return message.text;
  return attachmentLabel(message.attachments.length);
}

const TIME = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

export function MessagesPanel({
  config,
  onClose,
  heading = 'h1',
}: {
  config: MessagesConfig;
  /** The drawer's close: Back at the top level closes it. */
  onClose?: () => void;
  heading?: 'h1' | 'h2';
}) {
  const [params, setParams] = useSearchParams();
  const conversation = params.get('konversation');
  const project = params.get('projekt');
  const [threads, setThreads] = useState<ConversationSummary[] | null>(null);
  const [listError, setListError] = useState(false);
  const [status, setStatus] = useState<'all' | 'open' | 'handled'>('all');
  // One source per config: a new one each render would read the thread again each render.
  const source = useMemo(() => sourceOf(config), [config]);

  const loadThreads = useCallback(async () => {
    try {
      const reply = await browserTradeRequest().get(basePath(config), {
        page_size: 200,
        ...(config.side === 'store' ? { status } : {}),
      });
      setThreads(ConversationPageSchema.parse(reply.data).results);
      setListError(false);
    } catch (error) {
      console.error('Could not load the conversations:', error);
      setListError(true);
    }
  }, [config, status]);

  useEffect(() => {
    // The first read in a timer callback, like the polls (no state set inside the effect).
    const first = window.setTimeout(() => void loadThreads(), 0);
    const timer = config.poll
      ? window.setInterval(() => void loadThreads(), MESSAGES_POLL_MS)
      : undefined;
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [loadThreads, config.poll, conversation]);

  const go = (next: { konversation?: string | null; projekt?: string | null }) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === undefined) search.delete(key);
      else search.set(key, value);
    }
    setParams(search, { preventScrollReset: true });
  };

  const current = threads?.find((t) => String(t.id) === conversation) ?? null;
  const back = () => {
    if (conversation) {
      // Up from a conversation: to its project's participants, or to all threads.
      go({ konversation: null, projekt: current?.project_id ? String(current.project_id) : null });
    } else if (project) {
      go({ projekt: null });
    } else {
      onClose?.();
    }
  };
  const Heading = heading;
  const title =
    conversation === NEW_THREAD
      ? config.storeName
      : conversation
        ? (current?.name ?? 'Konversation')
        : project
          ? `Projekt ${project}`
          : 'Meddelanden';

  return (
    <section className="messages" aria-labelledby="messages-heading">
      <div className="messages__top">
        {conversation || project ? (
          <button type="button" className="messages__back" onClick={back}>
            Tillbaka
          </button>
        ) : null}
        {/* In the drawer the drawer's own title names the top level. */}
        <Heading
          id="messages-heading"
          className={
            onClose && !conversation && !project
              ? 'messages__title visually-hidden'
              : 'messages__title'
          }
        >
          {title}
        </Heading>
      </div>
      {conversation ? (
        <ConversationView
          key={conversation}
          source={source}
          id={conversation === NEW_THREAD ? null : Number(conversation)}
          onStarted={(id) => go({ konversation: String(id) })}
          onChanged={() => void loadThreads()}
        />
      ) : (
        <>
          {config.side === 'store' ? (
            <label className="messages__filter">
              Visa{' '}
              <select
                value={status}
                onChange={(event) => setStatus(event.target.value as typeof status)}
              >
                <option value="all">Alla</option>
                <option value="open">Ohanterade</option>
                <option value="handled">Hanterade</option>
              </select>
            </label>
          ) : null}
          {listError ? (
            <p role="alert" className="messages__error">
              Meddelandena kunde inte hämtas.{' '}
              <button type="button" onClick={() => void loadThreads()}>
                Försök igen
              </button>
            </p>
          ) : null}
          {threads === null && !listError ? (
            <p className="messages__loading" role="status">
              Hämtar meddelanden…
            </p>
          ) : null}
          {threads ? (
            <ThreadList
              config={config}
              threads={threads}
              project={project ? Number(project) : null}
              onOpen={(id) => go({ konversation: id })}
              onProject={(id) => go({ projekt: String(id) })}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function ThreadList({
  config,
  threads,
  project,
  onOpen,
  onProject,
}: {
  config: MessagesConfig;
  threads: ConversationSummary[];
  project: number | null;
  onOpen: (id: string) => void;
  onProject: (id: number) => void;
}) {
  // Level 2: a project's participants. Level 1: the threads without a project, one entry per
  // project, and for the customer their store even before the first message.
  const shown = threads.filter((t) =>
    project === null ? t.project_id === null : t.project_id === project,
  );
  const projects =
    project === null
      ? [
          ...new Set(
            threads.filter((t) => t.project_id !== null).map((t) => t.project_id as number),
          ),
        ]
      : [];
  const noStoreThread =
    config.side === 'proffs' && project === null && !threads.some((t) => t.project_id === null);
  if (shown.length === 0 && projects.length === 0 && !noStoreThread) {
    return <p className="messages__empty">{NO_CONVERSATION_LABEL}</p>;
  }
  return (
    <ul className="messages__threads">
      {noStoreThread ? (
        <li>
          <ThreadButton
            name={config.storeName}
            preview={NO_CONVERSATION_LABEL}
            onClick={() => onOpen(NEW_THREAD)}
          />
        </li>
      ) : null}
      {shown.map((thread) => (
        <li key={thread.id}>
          <ThreadButton
            name={thread.name}
            detail={
              config.side === 'store' && thread.store_customer_login
                ? thread.store_customer_login.name
                : null
            }
            preview={lastMessageLabel(thread.last_message)}
            time={thread.last_message?.sent_at ?? null}
            unread={thread.unread_count}
            handled={config.side === 'store' ? thread.handled : false}
            onClick={() => onOpen(String(thread.id))}
          />
        </li>
      ))}
      {projects.map((id) => {
        const unread = threads
          .filter((t) => t.project_id === id)
          .reduce((sum, t) => sum + t.unread_count, 0);
        return (
          <li key={`p${id}`}>
            <ThreadButton
              name={`Projekt ${id}`}
              preview="Deltagare i projektet"
              unread={unread}
              onClick={() => onProject(id)}
            />
          </li>
        );
      })}
    </ul>
  );
}

function ThreadButton({
  name,
  detail = null,
  preview,
  time = null,
  unread = 0,
  handled = false,
  onClick,
}: {
  name: string;
  detail?: string | null;
  preview: string;
  time?: string | null;
  unread?: number;
  handled?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="messages__thread" onClick={onClick}>
      <span className="messages__thread-name">
        {name}
        {detail ? <span className="messages__thread-detail"> · {detail}</span> : null}
        {unread > 0 ? (
          <span className="messages__badge">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">, {unread} olästa</span>
          </span>
        ) : null}
        {handled ? <span className="messages__handled">Hanterad</span> : null}
      </span>
      <span className="messages__thread-preview">{preview}</span>
      {time ? <time dateTime={time}>{TIME.format(new Date(time))}</time> : null}
    </button>
  );
}

/** One conversation: its messages (polled, older ones on scrolling up) and the composer. */
export function ConversationView({
  source,
  id,
  initial = null,
  onStarted,
  onChanged,
}: {
  source: ConversationSource;
  id: number | null;
  /** The thread as the page's loader read it (shown before the first read in the browser). */
  initial?: Conversation | null;
  onStarted: (id: number) => void;
  onChanged: () => void;
}) {
  const [thread, setThread] = useState<Conversation | null>(initial);
  const [messages, setMessages] = useState<Message[]>(initial?.messages ?? []);
  const [hasOlder, setHasOlder] = useState(initial?.has_older ?? false);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>(
    id === null || initial ? 'ready' : 'loading',
  );
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [widget, setWidget] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const olderTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const scrollToBottom = () => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  };
  const distanceFromBottom = () => {
    const box = scroller.current;
    return box ? box.scrollHeight - box.scrollTop - box.clientHeight : 0;
  };

  const fetchLatest = useCallback(async () => {
    if (id === null) return;
    const latest = await source.read(id);
    setThread(latest);
    setMessages((known) => {
      if (known.length === 0) {
        setHasOlder(latest.has_older);
        return latest.messages;
      }
      const lastId = known.at(-1)?.id ?? 0;
      const fresh = latest.messages.filter((m) => m.id > lastId);
      if (fresh.length === 0) return known;
      // The other party wrote while the reader is scrolled up: the widget, not a jump.
      if (fresh.some((m) => !m.is_own) && distanceFromBottom() > NEW_MESSAGES_THRESHOLD_PX) {
        stickToBottom.current = false;
        setWidget(true);
      } else {
        stickToBottom.current = true;
      }
      return [...known, ...fresh];
    });
  }, [source, id]);

  // A thread the page's loader read is not read again at once; the polls follow.
  const seeded = useRef(initial !== null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    const first = window.setTimeout(() => {
      if (seeded.current) return;
      fetchLatest()
        .then(() => {
          if (live) setState('ready');
          onChanged();
        })
        .catch((error: unknown) => {
          console.error('Could not load the conversation:', error);
          if (live) setState('error');
        });
    }, 0);
    const timer = window.setInterval(() => {
      if (!source.poll) return;
      fetchLatest().catch((error: unknown) =>
        console.error('Could not poll the conversation:', error),
      );
    }, MESSAGES_POLL_MS);
    return () => {
      live = false;
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
    // onChanged is the list's reload; a new function each render must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetchLatest, source.poll, id]);

  useEffect(() => {
    if (stickToBottom.current) scrollToBottom();
  }, [messages]);

  useEffect(
    () => () => {
      if (olderTimer.current) clearTimeout(olderTimer.current);
    },
    [],
  );

  const loadOlder = async () => {
    const first = messages[0];
    if (!first || id === null) return;
    setLoadingOlder(true);
    // Spec §4: older messages load after a 500 ms wait, then keep the reader's place.
    await new Promise((resolve) => setTimeout(resolve, OLDER_MESSAGES_WAIT_MS));
    try {
      const older = await source.read(id, first.id);
      const box = scroller.current;
      const before = box?.scrollHeight ?? 0;
      stickToBottom.current = false;
      setMessages((known) => [...older.messages, ...known]);
      setHasOlder(older.has_older);
      requestAnimationFrame(() => {
        if (box) box.scrollTop += box.scrollHeight - before;
      });
    } catch (error) {
      // Spec §8: a failure loading older messages is only logged.
      console.error('Could not load older messages:', error);
    } finally {
      setLoadingOlder(false);
    }
  };

  const onScroll = () => {
    if (distanceFromBottom() <= NEW_MESSAGES_THRESHOLD_PX) setWidget(false);
    const box = scroller.current;
    if (!box || box.scrollTop > 40 || !hasOlder || loadingOlder) return;
    // Debounced (spec §9: 200 ms), so one scroll to the top asks once.
    if (olderTimer.current) clearTimeout(olderTimer.current);
    olderTimer.current = setTimeout(() => void loadOlder(), MESSAGES_DEBOUNCE_MS);
  };

  const send = async (text: string, files: File[]): Promise<boolean> => {
    const form = new FormData();
    form.set('text', text);
    if (id !== null) form.set('conversation_id', String(id));
    for (const file of files) form.append('attachments', file, file.name);
    try {
      const sent = await source.send(form, id);
      if (id === null) {
        onStarted(sent.conversation_id);
        return true;
      }
      stickToBottom.current = true;
      setWidget(false);
      setMessages((known) =>
        known.some((m) => m.id === sent.message.id) ? known : [...known, sent.message],
      );
      onChanged();
      return true;
    } catch (error) {
      // Spec §8: logged and false; the composer shows it and keeps the text (issue 20).
      console.error('Could not send the message:', error);
      return false;
    }
  };

  const setHandled = async (handled: boolean) => {
    if (id === null || !source.setHandled) return;
    try {
      await source.setHandled(id, handled);
      setThread((t) => (t ? { ...t, handled } : t));
      onChanged();
    } catch (error) {
      console.error('Could not mark the conversation:', error);
    }
  };

  return (
    <div className="messages__conversation">
      {source.setHandled && thread ? (
        <div className="messages__actions">
          <span>{thread.handled ? 'Hanterad' : 'Ohanterad'}</span>
          <button type="button" onClick={() => void setHandled(!thread.handled)}>
            {thread.handled ? 'Markera som ohanterad' : 'Markera som hanterad'}
          </button>
        </div>
      ) : null}
      <div
        className="messages__scroller"
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="log"
        aria-label="Meddelanden i konversationen"
        aria-busy={state === 'loading' || loadingOlder}
      >
        {loadingOlder ? (
          <p className="messages__loading" role="status">
            Hämtar äldre meddelanden…
          </p>
        ) : null}
        {state === 'loading' ? (
          <p className="messages__loading" role="status">
            Hämtar konversationen…
          </p>
        ) : null}
        {state === 'error' ? (
          <p role="alert" className="messages__error">
            Konversationen kunde inte hämtas.
          </p>
        ) : null}
        {state === 'ready' && messages.length === 0 ? (
          <p className="messages__empty">{NO_CONVERSATION_LABEL}</p>
        ) : null}
        <ol className="messages__list">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      </div>
      {widget ? (
        <button
          type="button"
          className="messages__widget"
          onClick={() => {
            stickToBottom.current = true;
            scrollToBottom();
            setWidget(false);
          }}
        >
          Nya meddelanden
        </button>
      ) : null}
      <Composer onSend={send} />
    </div>
  );
}

/** Who wrote a message whose sender has no name. */
const SENDER_FALLBACK: Record<Message['side'], string> = {
  proffs: 'Kund',
  store: 'Butiken',
  end_customer: 'Slutkund',
};

function MessageItem({ message }: { message: Message }) {
  return (
    <li className={`message ${message.is_own ? 'message--own' : 'message--theirs'}`}>
      <p className="message__meta">
        <span>{message.sender_name || SENDER_FALLBACK[message.side]}</span>{' '}
        <time dateTime={message.sent_at}>{TIME.format(new Date(message.sent_at))}</time>
      </p>
      {message.text ? <p className="message__text">{message.text}</p> : null}
      {message.attachments.length > 0 ? (
        <ul className="message__files" aria-label="Bilagor">
          {message.attachments.map((file) => (
            <li key={file.id}>
              {file.image_attachment ? (
                <a href={file.image_attachment.url} target="_blank" rel="noreferrer">
                  <img
                    src={file.image_attachment.thumbnails[0]?.url ?? file.image_attachment.url}
                    alt={file.filename}
                    className="message__thumbnail"
                    loading="lazy"
                  />
                </a>
              ) : (
                <a href={file.file_attachment ?? '#'} download={file.filename}>
                  {file.filename}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Spec §5: the types a message may carry. */
const ACCEPT =
  'image/*,.pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.csv,.txt,application/pdf,text/plain,text/csv';

export function Composer({
  onSend,
}: {
  onSend: (text: string, files: File[]) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const empty = text.trim() === '' && files.length === 0;

  const submit = async () => {
    // Spec §5: a message needs text or a file; nothing is sent otherwise.
    if (empty || sending) return;
    setSending(true);
    const ok = await onSend(text, files);
    setSending(false);
    setFailed(!ok);
    if (ok) {
      setText('');
      setFiles([]);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Spec §2: Enter without Shift sends; Shift+Enter breaks the line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {failed ? (
        <p role="alert" className="messages__error">
          Meddelandet kunde inte skickas.{' '}
          <button type="button" onClick={() => void submit()}>
            Försök igen
          </button>
        </p>
      ) : null}
      <label htmlFor={textId} className="visually-hidden">
        Skriv ett meddelande
      </label>
      <textarea
        id={textId}
        className="composer__text"
        value={text}
        rows={2}
        placeholder="Skriv ett meddelande"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {files.length > 0 ? (
        <ul className="composer__files" aria-label="Valda filer">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>{file.name}</span>
              <button
                type="button"
                aria-label={`Ta bort ${file.name}`}
                onClick={() => setFiles((all) => all.filter((_, i) => i !== index))}
              >
                Ta bort
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="composer__actions">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label="Bifoga filer"
          tabIndex={-1}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            setFiles((all) => [...all, ...chosen]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className="composer__attach"
          onClick={() => fileInput.current?.click()}
        >
          Bifoga filer
        </button>
        <button
          type="submit"
          className="composer__send"
          disabled={empty || sending}
          aria-disabled={empty || sending}
        >
          {sending ? 'Skickar…' : 'Skicka'}
        </button>
      </div>
    </form>
  );
}
