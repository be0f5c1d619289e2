import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@bygg/contracts/trade/conversations';
import { CustomerMessages, customerConversation } from './customer-messages.tsx';

const HERE = '/kund/stockholm/dashboard/projekt/15';
const API = '/api/proffs/end-customer/conversation/7/attachment';

function message(id: number, text: string, attachments: Message['attachments'] = []): Message {
  return {
    id,
    conversation_id: 7,
    project_id: 15,
    text,
    attachments,
    sent_at: '2026-11-25T08:00:00.000Z',
    sent_from_proffs: true,
    side: 'proffs',
    sender_name: 'Olle Lindqvist',
    is_own: false,
    is_read: true,
    end_customer: { id: 3, name: 'Eva Ek' },
  };
}

function thread(messages: Message[]): Conversation {
  return {
    id: 7,
    name: 'Lindqvist Bygg',
    project_id: 15,
    store: { external_id: 'S1', name: 'Stockholm' },
    company: { id: 1, name: 'Lindqvist Bygg' },
    handled: false,
    messages,
    has_older: false,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the end customer’s messages', () => {
  it('point a message’s files at the project page’s own paths, which add the token', () => {
    const read = customerConversation(
      HERE,
      thread([
        message(1, 'Bilder', [
          {
            id: 4,
            filename: 'altan.png',
            file_attachment: null,
            image_attachment: { url: `${API}/4/`, thumbnails: [{ url: `${API}/4/thumbnail/` }] },
          },
          {
            id: 5,
            filename: 'matt.pdf',
            file_attachment: `${API}/5/`,
            image_attachment: null,
          },
        ]),
      ]),
    );
    const [image, pdf] = read.messages[0]?.attachments ?? [];
    expect(image?.image_attachment).toEqual({
      url: `${HERE}/meddelanden/7/bilaga/4`,
      thumbnails: [{ url: `${HERE}/meddelanden/7/bilaga/4/miniatyr` }],
    });
    expect(pdf?.file_attachment).toBe(`${HERE}/meddelanden/7/bilaga/5`);
    expect(JSON.stringify(read)).not.toContain('/api/');
  });

  it('shows a failed send with a retry and keeps the text; the retry sends it', async () => {
    const user = userEvent.setup();
    const sent = message(2, 'När börjar ni?');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(
        Response.json({ conversation_id: 7, message: { ...sent, is_own: true } }, { status: 201 }),
      );
    vi.stubGlobal('fetch', fetch);
    render(
      <CustomerMessages
        here={HERE}
        thread={thread([message(1, 'Hej!')])}
        companyName="Lindqvist"
      />,
    );
    expect(screen.getByText('Hej!')).toBeTruthy();
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Skriv ett meddelande' });
    await user.type(box, 'När börjar ni?{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Meddelandet kunde inte skickas.'),
    );
    expect(box.value).toBe('När börjar ni?');
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'Could not send the message:',
      expect.any(Error),
    );
    vi.mocked(console.error).mockClear();
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText('När börjar ni?', { selector: 'p' })).toBeTruthy();
    expect(box.value).toBe('');
    expect(fetch).toHaveBeenCalledTimes(2);
    const [path, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(path).toBe(`${HERE}/meddelanden`);
    expect((init.body as FormData).get('conversation_id')).toBe('7');
  });
});
