/** Reads back what a test stamped: the decoded content streams of each PDF page. */
import zlib from "node:zlib";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from "pdf-lib";

/** The page content streams, inflated, one string per page. */
export async function pdfPageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : [contents!];
    return refs
      .map((ref) => {
        const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
        if (!(stream instanceof PDFRawStream)) return "";
        const filter = stream.dict.get(PDFName.of("Filter"));
        const raw = Buffer.from(stream.contents);
        return (filter === PDFName.of("FlateDecode") ? zlib.inflateSync(raw) : raw).toString(
          "latin1",
        );
      })
      .join("\n");
  });
}

/** How pdf-lib writes a standard-font text: a hex string of its WinAnsi bytes. */
export function winAnsiHex(text: string): string {
  return Buffer.from(text, "latin1").toString("hex").toUpperCase();
}
