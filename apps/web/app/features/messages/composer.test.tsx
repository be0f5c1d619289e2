import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { attachmentLabel, NO_CONVERSATION_LABEL } from '@bygg/contracts/trade/conversations';
import { Composer, lastMessageLabel } from './messages-panel.tsx';

describe('the message composer', () => {
  it('sends on Enter, breaks the line on Shift+Enter and clears the text after sending', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<Composer onSend={onSend} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Skriv ett meddelande' });
    await user.type(box, 'Rad ett{Shift>}{Enter}{/Shift}Rad två');
    expect(box.value).toBe('Rad ett\nRad två');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Rad ett\nRad två', []);
    expect(box.value).toBe('');
  });

  it('sends nothing without text or a file', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<Composer onSend={onSend} />);
    await user.type(screen.getByRole('textbox', { name: 'Skriv ett meddelande' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Skicka' }).disabled).toBe(true);
  });

  it('keeps several files, each removable, and sends a file without text', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn(() => Promise.resolve(true));
    const { container } = render(<Composer onSend={onSend} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const a = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['text'], 'b.txt', { type: 'text/plain' });
    await user.upload(input, [a, b]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Ta bort b.txt' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(onSend).toHaveBeenCalledWith('', [a]);
    expect(screen.queryByRole('list', { name: 'Valda filer' })).toBeNull();
  });

  it('keeps the text after a failed send and offers to try again', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<Composer onSend={onSend} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Skriv ett meddelande' });
    await user.type(box, 'Viktigt{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Meddelandet kunde inte skickas.');
    expect(box.value).toBe('Viktigt');
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(box.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the label of a thread in the list (spec §8)', () => {
  it('names an empty thread, a message and a message of files only', () => {
    expect(lastMessageLabel(null)).toBe(NO_CONVERSATION_LABEL);
    expect(NO_CONVERSATION_LABEL).toBe('Ingen konversation påbörjad');
    expect(attachmentLabel(1)).toBe('Bilaga: 1 fil');
    expect(attachmentLabel(3)).toBe('Bilaga: 3 filer');
  });
});
