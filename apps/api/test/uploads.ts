import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A file to put in a multipart request: its form field, name, bytes and claimed type. */
export type UploadPart = { field?: string; name: string; bytes: Uint8Array; type?: string };

/**
 * A multipart/form-data body and its content-type header, as a browser's FormData sends it
 * (for app.inject). Text fields go in `fields`.
 */
export async function multipartBody(
  parts: readonly UploadPart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const part of parts) {
    form.append(
      part.field ?? 'file',
      new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }),
      part.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** A real PNG of the given size (a colour gradient), made with sharp. */
export async function pngBytes(width = 64, height = 48): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A real one-page PDF with a line of text, made with pdf-lib. */
export async function pdfBytes(text = 'Ritning'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, {
    x: 50,
    y: 780,
    size: 18,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save());
}
