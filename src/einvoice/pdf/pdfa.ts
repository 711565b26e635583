/**
 * What makes a pdf-lib document a PDF/A-3b file, and a ZUGFeRD/Factur-X one when it carries the
 * invoice's XML: an output intent with an sRGB profile, XMP metadata that states the PDF/A part and
 * (for Factur-X) the profile and the XML's name in the Factur-X extension schema, the document
 * information that XMP repeats, a file identifier, and associated files with their relationship.
 * Fonts are embedded by the pages (fonts.ts); nothing here is transparent or encrypted.
 */
import { AFRelationship, type PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { escapeXml } from "../xml.js";
import { srgbProfile } from "./icc.js";

export interface ArchiveInfo {
  title: string;
  author: string;
  subject: string;
  /** When the document was made; stated alike in the information dictionary and the XMP. */
  createdAt: Date;
  /** A stable identifier for the trailer's /ID (e.g. a hash of the invoice number). */
  id: string;
}

/** Factur-X / ZUGFeRD: which profile the attached XML follows, and its file name. */
export interface FacturX {
  conformanceLevel: "EN 16931" | "XRECHNUNG";
  fileName: string;
}

export const PRODUCER = "invoicing-mcp (pdf-lib)";

export interface Attachment {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  description: string;
  relationship: "Alternative" | "Data" | "Supplement" | "Source";
}

/** Attach files (in name order: the embedded-files name tree must be sorted) and make the document PDF/A-3b. */
export async function makeArchival(
  doc: PDFDocument,
  info: ArchiveInfo,
  attachments: readonly Attachment[],
  facturX?: FacturX,
): Promise<void> {
  for (const file of [...attachments].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    await doc.attach(file.bytes, file.name, {
      mimeType: file.mimeType,
      description: file.description,
      creationDate: info.createdAt,
      modificationDate: info.createdAt,
      afRelationship: AFRelationship[file.relationship],
    });
  }
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setAuthor(info.author);
  doc.setSubject(info.subject);
  doc.setCreator("invoicing-mcp");
  doc.setProducer(PRODUCER);
  doc.setCreationDate(info.createdAt);
  doc.setModificationDate(info.createdAt);
  doc.setLanguage("de-DE");

  const context = doc.context;
  const profile = context.stream(srgbProfile(), { N: 3 });
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    DestOutputProfile: context.register(profile),
  });
  doc.catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));

  // PDF/A: the metadata stream is not compressed.
  const xmp = new TextEncoder().encode(xmpPacket(info, facturX));
  const metadata = context.stream(xmp, { Type: "Metadata", Subtype: "XML", Length: xmp.length });
  doc.catalog.set(PDFName.of("Metadata"), context.register(metadata));

  const id = PDFHexString.of(hex(info.id));
  context.trailerInfo.ID = context.obj([id, id]);
}

function hex(text: string): string {
  // 16 bytes from the text, stable: enough for an identifier that only has to be the same each time.
  let a = 0x811c9dc5;
  let b = 0x01000193;
  const out: string[] = [];
  for (let round = 0; round < 4; round++) {
    for (const char of `${round}:${text}`) {
      a = Math.imul(a ^ char.charCodeAt(0), 0x01000193) >>> 0;
      b = Math.imul(b ^ char.charCodeAt(0), 0x5bd1e995) >>> 0;
    }
    out.push(((a ^ b) >>> 0).toString(16).padStart(8, "0"));
  }
  return out.join("");
}

/** An ISO date-time with the offset written out, as XMP wants it (UTC here: "Z"). */
function xmpDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function xmpPacket(info: ArchiveInfo, facturX: FacturX | undefined): string {
  const date = xmpDate(info.createdAt);
  const fx = facturX
    ? `
  <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
   <pdfaExtension:schemas>
    <rdf:Bag>
     <rdf:li rdf:parseType="Resource">
      <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
      <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
      <pdfaSchema:prefix>fx</pdfaSchema:prefix>
      <pdfaSchema:property>
       <rdf:Seq>${[
         ["DocumentFileName", "The name of the embedded XML invoice"],
         ["DocumentType", "INVOICE"],
         ["Version", "The version of the Factur-X XML schema"],
         ["ConformanceLevel", "The profile of the embedded XML invoice"],
       ]
         .map(
           ([name, about]) => `
        <rdf:li rdf:parseType="Resource">
         <pdfaProperty:name>${name}</pdfaProperty:name>
         <pdfaProperty:valueType>Text</pdfaProperty:valueType>
         <pdfaProperty:category>external</pdfaProperty:category>
         <pdfaProperty:description>${about}</pdfaProperty:description>
        </rdf:li>`,
         )
         .join("")}
       </rdf:Seq>
      </pdfaSchema:property>
     </rdf:li>
    </rdf:Bag>
   </pdfaExtension:schemas>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>${escapeXml(facturX.fileName)}</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>${facturX.conformanceLevel}</fx:ConformanceLevel>
  </rdf:Description>`
    : "";
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.subject)}</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>${PRODUCER}</pdf:Producer>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreatorTool>invoicing-mcp</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
  </rdf:Description>${fx}
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
