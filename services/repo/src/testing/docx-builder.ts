import { Document, HeadingLevel, ImageRun, Packer, Paragraph, type ParagraphChild, Table, TextRun } from 'docx';
import { readDocx } from '../qu/formats/docx-read';

/** Word files built in tests the way Word writes them (the docx package), and read back. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const picture = (data = PNG, alt = '') =>
  new ImageRun({
    type: data === PNG ? 'png' : 'gif',
    data,
    transformation: { width: 20, height: 20 },
    ...(alt ? { altText: { name: alt, description: alt, title: alt } } : {}),
  });
/** A paragraph of runs; a string is plain text, `'\n'` a line break typed with Shift+Enter. */
export const para = (...parts: (string | ParagraphChild)[]) =>
  new Paragraph({
    children: parts.map((p) => (p === '\n' ? new TextRun({ break: 1 }) : typeof p === 'string' ? new TextRun(p) : p)),
  });
export const heading = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_2 });
export type Block = string | Paragraph | Table;
export const docx = (blocks: Block[], numbering?: ConstructorParameters<typeof Document>[0]['numbering']) =>
  Packer.toBuffer(
    new Document({
      numbering,
      sections: [{ children: blocks.map((b) => (typeof b === 'string' ? new Paragraph(b) : b)) }],
    }),
  );
export const read = async (...blocks: Block[]) => readDocx(await docx(blocks));
export const errors = (r: Awaited<ReturnType<typeof readDocx>>) => r.items.map((i) => i.error ?? i.note);
