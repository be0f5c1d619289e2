/**
 * Uploaded files (issue 18; trade-area spec §5 "Attachments accepted"): the limits and the
 * messages the API answers with, shared with the web app so that it can check before sending.
 */

/** The largest file accepted, in bytes (each file of a request). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** The most files one request may carry. */
export const UPLOAD_MAX_FILES = 10;

/** What the file inputs accept (a hint for the browser; the server checks the bytes). */
export const IMAGE_ACCEPT = 'image/*';
export const ATTACHMENT_ACCEPT = [
  'image/*',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.odt',
  '.ods',
  '.csv',
  '.txt',
].join(',');

export const UPLOAD_MESSAGES = {
  noFile: 'Välj minst en fil att ladda upp',
  tooLarge: 'Filen är för stor (högst 20 MB)',
  tooMany: 'För många filer på en gång (högst 10)',
  notMultipart: 'Filer skickas som multipart/form-data',
  notImage: 'Filen är ingen bild',
  notAllowed:
    'Filtypen stöds inte. Tillåtna är bilder, PDF, Word, Excel, OpenDocument-text och -kalkylblad, CSV och vanlig text',
  empty: 'Filen är tom',
} as const;
