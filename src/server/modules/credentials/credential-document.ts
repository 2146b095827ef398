// Reading and checking an uploaded license or insurance document (decision 0046). The type comes from the bytes,
// never from the file name or the part's declared type: a PDF, a JPEG or a PNG, at most 10 MB.
//
// - An image is decoded under a pixel ceiling (a decompression bomb, a tiny file declaring 30000x30000, is refused
//   before it is decoded) and re-encoded in its own format without its metadata (EXIF, GPS, comments). Whatever
//   else the file carried (an HTML page or a PDF appended or hidden in a chunk: a polyglot) is not in the pixels,
//   so it is not in what we store.
// - A PDF cannot be re-encoded, so it is refused unless it is plainly a document: it starts with %PDF- at byte 0
//   (a PDF header after other bytes is a polyglot), has no HTML in it, no active content (JavaScript, a launch
//   action, an embedded file; in the bytes, names written with #xx escapes included, and as pdf.js reads it), and
//   parses with 1 to 20 pages.
//
// Every refusal is a 400 naming the `document` field, before anything is stored.
import sharp from 'sharp';
import { getDocumentProxy } from 'unpdf';
import { CREDENTIAL_LIMITS } from '#domain/schemas/pro-profile.schema';
import { AppError } from '#server/errors';

export const DOCUMENT_MESSAGES = {
  missing: 'Attach the document: a PDF, JPEG or PNG',
  tooLarge: `The document must be at most ${CREDENTIAL_LIMITS.maxDocumentBytes / (1024 * 1024)} MB`,
  wrongType: 'The document must be a PDF, JPEG or PNG file',
  pdfNotAtStart: 'The PDF must start with its PDF header: this file has other content before it',
  html: 'The document contains web page code (HTML); upload a plain PDF, JPEG or PNG',
  activeContent:
    'The PDF contains active content (JavaScript, a launch action or an embedded file); print it to a plain PDF and upload that',
  unreadablePdf: 'The PDF could not be read; upload it again or as a JPEG or PNG',
  pages: `The PDF must have 1 to ${CREDENTIAL_LIMITS.maxPdfPages} pages`,
  tooManyPixels: 'The image is too large in pixels; scan or photograph it at a lower resolution',
  unreadableImage: 'The image could not be read; upload it again or as a PDF',
} as const;

/** A scan or photo of a document needs far fewer pixels than this; more is a decompression bomb. */
export const MAX_DOCUMENT_PIXELS = 40_000_000;
/** Stored images keep their text legible: at most this many pixels on the longer side. */
const MAX_DOCUMENT_SIDE = 4000;

export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';
export interface CheckedDocument {
  type: DocumentType;
  data: Buffer;
}

const refuse = (message: string) => new AppError('VALIDATION', message, { document: message });

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The type the first bytes say, or null. */
export function sniffDocumentType(bytes: Buffer): DocumentType | null {
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'application/pdf';
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

// HTML a browser would run if it ever rendered the file as a page.
// Whole tags, so compressed bytes almost never match by chance.
const HTML_MARKERS = /<(?:html|script|!doctype html|iframe)[\s>]/i;
// PDF names that act: JavaScript (/JS, /JavaScript), launching a program (/Launch), files inside (/EmbeddedFile,
// /EmbeddedFiles). A name ends at a delimiter or white space, so /JSomething is not /JS. Looked for in the
// dictionaries, outside the streams' (compressed) data, where random bytes would match; what a compressed object
// stream holds, pdf.js reads below.
const ACTIVE_NAMES = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?)(?=[\s/<>[\]()%{}]|$)/;

/** The PDF's text with name escapes (#4A = J) decoded, so /J#61vaScript reads /JavaScript. */
function decodeNameEscapes(latin1: string): string {
  return latin1.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

interface AnnotationLike {
  annotationType?: number;
  actions?: Record<string, unknown> | null;
  file?: unknown;
  unsafeUrl?: string;
}
/** pdf.js's AnnotationType.FILEATTACHMENT. */
const FILE_ATTACHMENT = 17;
const activeAnnotation = (a: AnnotationLike) =>
  a.annotationType === FILE_ATTACHMENT ||
  a.file != null ||
  (a.actions != null && Object.keys(a.actions).length > 0) ||
  (typeof a.unsafeUrl === 'string' && !/^(?:https?:|mailto:)/i.test(a.unsafeUrl.trim()));

async function checkPdf(bytes: Buffer): Promise<CheckedDocument> {
  const text = bytes.toString('latin1');
  if (HTML_MARKERS.test(text)) throw refuse(DOCUMENT_MESSAGES.html);
  const dictionaries = text.replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, ' ');
  if (ACTIVE_NAMES.test(dictionaries) || ACTIVE_NAMES.test(decodeNameEscapes(dictionaries))) {
    throw refuse(DOCUMENT_MESSAGES.activeContent);
  }
  let pages: number;
  try {
    // A copy: pdf.js takes over (detaches) the buffer it is given.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true, verbosity: 0 });
    try {
      pages = pdf.numPages;
      // What pdf.js finds once compressed object streams are read: document scripts, actions, attachments.
      const [hasScripts, scripts, attachments] = await Promise.all([
        pdf.hasJSActions(),
        pdf.getJSActions(),
        pdf.getAttachments(),
      ]);
      const some = (v: object | null) =>
        v != null && (v instanceof Map ? v.size > 0 : Object.keys(v).length > 0);
      if (hasScripts || some(scripts) || some(attachments)) throw refuse(DOCUMENT_MESSAGES.activeContent);
      // Each page's annotations: a script action, an attached file, a link that launches a file or runs script.
      if (pages <= CREDENTIAL_LIMITS.maxPdfPages) {
        for (let n = 1; n <= pages; n++) {
          const annotations = (await (await pdf.getPage(n)).getAnnotations()) as AnnotationLike[];
          if (annotations.some(activeAnnotation)) throw refuse(DOCUMENT_MESSAGES.activeContent);
        }
      }
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(DOCUMENT_MESSAGES.unreadablePdf);
  }
  if (pages < 1 || pages > CREDENTIAL_LIMITS.maxPdfPages) throw refuse(DOCUMENT_MESSAGES.pages);
  return { type: 'application/pdf', data: bytes };
}

async function reencodeImage(bytes: Buffer, type: 'image/jpeg' | 'image/png'): Promise<CheckedDocument> {
  let width = 0;
  let height = 0;
  let format: string | undefined;
  try {
    // The header only: nothing is decoded yet.
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = m.width ?? 0;
    height = m.height ?? 0;
    format = m.format;
  } catch {
    throw refuse(DOCUMENT_MESSAGES.unreadableImage);
  }
  if (format !== (type === 'image/png' ? 'png' : 'jpeg')) throw refuse(DOCUMENT_MESSAGES.wrongType);
  if (width * height > MAX_DOCUMENT_PIXELS) throw refuse(DOCUMENT_MESSAGES.tooManyPixels);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAX_DOCUMENT_SIDE, MAX_DOCUMENT_SIDE, { fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (withMetadata): EXIF, GPS and comments are dropped.
    const data =
      type === 'image/png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    return { type, data };
  } catch {
    throw refuse(DOCUMENT_MESSAGES.unreadableImage);
  }
}

/** Checks an upload and answers what to store; throws a 400 at `document` for anything else. */
export async function checkCredentialDocument(bytes: Buffer): Promise<CheckedDocument> {
  if (bytes.length === 0) throw refuse(DOCUMENT_MESSAGES.missing);
  if (bytes.length > CREDENTIAL_LIMITS.maxDocumentBytes) throw refuse(DOCUMENT_MESSAGES.tooLarge);
  const type = sniffDocumentType(bytes);
  if (type === 'application/pdf') return checkPdf(bytes);
  if (type) return reencodeImage(bytes, type);
  // A PDF header further in: another file in front of a PDF, which a browser or a reader may take for either.
  if (bytes.includes(PDF_MAGIC)) throw refuse(DOCUMENT_MESSAGES.pdfNotAtStart);
  throw refuse(DOCUMENT_MESSAGES.wrongType);
}

/** The download name: never the uploader's file name. */
export function documentFileName(kind: string, id: string, type: string): string {
  const ext = type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
  return `${kind}-${id.slice(0, 8)}.${ext}`;
}
