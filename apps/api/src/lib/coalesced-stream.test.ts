import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { coalescedReadable } from './coalesced-stream.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The chunks a Node consumer receives, as text. */
async function received(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array).toString());
  return chunks;
}

describe('coalescedReadable', () => {
  it('sends the chunks written in one go as one, and a later chunk on its own', async () => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        // The renderer's shell: many small writes in one synchronous flush.
        for (const part of ['<html>', '<head>', '</head>', '<body>']) {
          controller.enqueue(bytes(part));
        }
        // A boundary that waited for data, then the end.
        await sleep(30);
        controller.enqueue(bytes('<p>late</p>'));
        controller.enqueue(bytes('</body></html>'));
        controller.close();
      },
    });
    expect(await received(coalescedReadable(body))).toEqual([
      '<html><head></head><body>',
      '<p>late</p></body></html>',
    ]);
  });

  it('ends with an empty stream and passes a failure on', async () => {
    expect(
      await received(coalescedReadable(new ReadableStream({ start: (c) => c.close() }))),
    ).toEqual([]);
    const failing = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes('a'));
        await sleep(10);
        controller.error(new Error('render failed'));
      },
    });
    await expect(received(coalescedReadable(failing))).rejects.toThrow('render failed');
  });

  it('cancels the source when the consumer goes away', async () => {
    let cancelled: unknown = null;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('first'));
      },
      cancel(reason) {
        cancelled = reason ?? 'cancelled';
      },
    });
    const stream = coalescedReadable(body);
    const failed = once(stream, 'error');
    stream.resume();
    stream.destroy(new Error('visitor left'));
    await failed;
    expect(cancelled).toBeInstanceOf(Error);
  });
});
