import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Database } from '@bygg/db/client';
import { and, eq, sql } from '@bygg/db/orm';
import { tradeProjectFiles, tradeProjects } from '@bygg/db/schema/index';
import { DEMO_PROJECTS } from '@bygg/db/seed/projects';
import type { ReceivedFile } from '../../../lib/uploads/receive.ts';
import type { FileStorage } from '../../../lib/uploads/storage.ts';
import { removeStored, storeFiles } from '../../../lib/uploads/store.ts';

/**
 * A picture of the site: a house front drawn as SVG and rendered to JPEG by sharp, so no
 * binary file is kept in the repository.
 */
async function sitePicture(name: string): Promise<Buffer> {
  const label = name.replace(/[<>&"]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#9cc9ef"/><stop offset="1" stop-color="#e6f2fb"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <rect y="620" width="1200" height="180" fill="#6f9a54"/>
    <polygon points="300,330 600,140 900,330" fill="#8e2f25"/>
    <rect x="340" y="330" width="520" height="300" fill="#c9a46a"/>
    <rect x="560" y="470" width="90" height="160" fill="#5b3b22"/>
    <rect x="400" y="390" width="110" height="90" fill="#f4f7fb" stroke="#fff" stroke-width="8"/>
    <rect x="700" y="390" width="110" height="90" fill="#f4f7fb" stroke="#fff" stroke-width="8"/>
    <rect x="40" y="40" width="${Math.min(1120, 24 * label.length + 60)}" height="80" rx="10" fill="rgba(255,255,255,0.85)"/>
    <text x="70" y="95" font-family="sans-serif" font-size="40" fill="#1d2b36">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A one-page drawing list as a PDF. */
async function drawingPdf(project: { number: string; name: string }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Ritning ${project.number}`);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(`Ritning ${project.number}`, { x: 50, y: 780, size: 22, font: bold });
  page.drawText(project.name, { x: 50, y: 750, size: 14, font });
  page.drawRectangle({
    x: 50,
    y: 360,
    width: 495,
    height: 360,
    borderColor: rgb(0.2, 0.2, 0.2),
    borderWidth: 2,
  });
  page.drawLine({ start: { x: 50, y: 540 }, end: { x: 545, y: 540 }, thickness: 1 });
  page.drawLine({ start: { x: 300, y: 360 }, end: { x: 300, y: 720 }, thickness: 1 });
  page.drawText('Planritning, skala 1:50', { x: 50, y: 330, size: 11, font });
  return Buffer.from(await pdf.save());
}

/**
 * The demo projects' files (issue 18): a generated site picture and a drawing for each demo
 * project that should have them and has none yet. The server calls it after the first seed;
 * it goes through the same storage and library as an upload.
 */
export async function addDemoProjectFiles(db: Database, storage: FileStorage): Promise<number> {
  let added = 0;
  for (const demo of DEMO_PROJECTS.filter((d) => d.files)) {
    const [project] = await db
      .select({
        id: tradeProjects.id,
        createdBy: tradeProjects.createdByUserId,
        files: sql<number>`(select count(*)::int from ${tradeProjectFiles} f where f.project_id = ${tradeProjects.id})`,
      })
      .from(tradeProjects)
      .where(
        and(eq(tradeProjects.companyId, demo.companyId), eq(tradeProjects.number, demo.number)),
      );
    if (!project || Number(project.files) > 0) continue;
    const picture: ReceivedFile = {
      field: 'file',
      originalName: 'Fasad.jpg',
      name: 'Fasad.jpg',
      mime: 'image/jpeg',
      ext: 'jpg',
      kind: 'image',
      bytes: await sitePicture(demo.name),
    };
    const drawing: ReceivedFile = {
      field: 'file',
      originalName: `Ritning ${demo.number}.pdf`,
      name: `Ritning ${demo.number}.pdf`,
      mime: 'application/pdf',
      ext: 'pdf',
      kind: 'document',
      bytes: await drawingPdf(demo),
    };
    const stored = await storeFiles(storage, `projects/${project.id}`, [picture, drawing]);
    try {
      await db.insert(tradeProjectFiles).values(
        stored.map((file) => ({
          projectId: project.id,
          kind: file.kind,
          storageKey: file.storageKey,
          originalName: file.originalName,
          sanitisedName: file.sanitisedName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          thumbnailKey: file.thumbnailKey,
          width: file.width,
          height: file.height,
          uploadedByUserId: project.createdBy,
        })),
      );
    } catch (error) {
      await removeStored(storage, stored);
      throw error;
    }
    added += stored.length;
  }
  return added;
}
