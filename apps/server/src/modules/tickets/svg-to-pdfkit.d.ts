/// <reference types="pdfkit" />

/** svg-to-pdfkit ships no types: the part of its API the ticket PDF uses (see its README). */
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    /** As SVG's attribute, e.g. 'xMidYMid slice'. */
    preserveAspectRatio?: string;
    /** Treat SVG px as PDF points (else 1 px = 0.75 pt). */
    assumePt?: boolean;
    /** Which registered pdfkit font draws a <text> of this family and style. */
    fontCallback?: (
      family: string,
      isBold: boolean,
      isItalic: boolean,
      fontOptions: { fauxItalic: boolean; fauxBold: boolean },
    ) => string;
    /** Where an <image> href is loaded from; the ticket's images never load any. */
    imageCallback?: (link: string) => string | null;
    /** Called for every unsupported feature; the default prints to the console. */
    warningCallback?: (message: string) => void;
  }

  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SvgToPdfOptions,
  ): void;
}
