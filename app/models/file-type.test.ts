import { describe, expect, it } from "vitest";
import {
  ACCEPTED_FILES_TEXT,
  canPreview,
  classificationText,
  MAX_UPLOAD_BYTES,
  ORIGINAL_FILE_NAME_MAX,
  rxImageFileName,
  sanitizeFileName,
  sniffFileType,
  sniffType,
  UPLOAD_ACCEPT,
  UPLOAD_EXTENSIONS,
  UPLOAD_MESSAGES,
  uploadProblem,
} from "./file-type";

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === "string" ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

/** An ISO-BMFF ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]) {
  const size = 16 + compatible.length * 4;
  return bytes(0, 0, 0, size, "ftyp", major, 0, 0, 0, 0, ...compatible, 0, 0, 0, 8, "meta");
}

describe("sniffFileType: the accepted types by their magic bytes", () => {
  it.each([
    ["a PDF (%PDF-)", bytes("%PDF-1.7\n"), "pdf"],
    ["a JPEG (FF D8 FF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF"), "jpeg"],
    ["a JPEG with EXIF first (FF D8 FF E1)", bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, "Exif"), "jpeg"],
    ["a PNG (its 8-byte signature)", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR"), "png"],
    ["a little-endian TIFF (II*\\0)", bytes("II", 0x2a, 0, 8, 0, 0, 0), "tiff"],
    ["a big-endian TIFF (MM\\0*)", bytes("MM", 0, 0x2a, 0, 0, 0, 8), "tiff"],
    ["a HEIC (ftyp heic)", ftyp("heic", "mif1", "heic"), "heic"],
    ["a HEIC (ftyp heix)", ftyp("heix", "mif1"), "heic"],
    ["a HEIC sequence (ftyp hevc)", ftyp("hevc", "msf1"), "heic"],
    ["a HEIC sequence (ftyp hevx)", ftyp("hevx"), "heic"],
    ["a HEIF (ftyp mif1) naming heic", ftyp("mif1", "heic"), "heic"],
    ["a HEIF sequence (ftyp msf1)", ftyp("msf1", "hevc"), "heic"],
  ] as const)("%s", (_, input, expected) => {
    expect(sniffFileType(input)).toBe(expected);
  });

  it.each([
    ["nothing", bytes()],
    ["a few bytes of junk", bytes(1, 2, 3)],
    ["text", bytes("hello, this is not a prescription")],
    ["a GIF", bytes("GIF89a", 1, 0, 1, 0)],
    ["a WebP", bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 ")],
    ["a BMP", bytes("BM", 0, 0, 0, 0)],
    ["an AVIF (ftyp avif)", ftyp("avif", "mif1", "miaf")],
    ["an AVIF behind the generic HEIF brand", ftyp("mif1", "avif", "miaf")],
    ["an MP4 (ftyp isom)", ftyp("isom", "iso2", "mp41")],
    ["a PDF signature not at the start", bytes(" %PDF-1.7")],
    ["a truncated PNG signature", bytes(0x89, "PNG")],
    ["a truncated JPEG signature", bytes(0xff, 0xd8)],
    ["a BigTIFF", bytes("II", 0x2b, 0, 8, 0, 0, 0)],
  ] as const)("refuses %s", (_, input) => {
    expect(sniffFileType(input)).toBeNull();
  });
});

describe("the HEIC rule: the ftyp box's brands", () => {
  it.each(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"])(
    "an HEVC-coded brand as the major brand (%s) is HEIC, whatever else it names",
    (brand) => {
      expect(sniffFileType(ftyp(brand))).toBe("heic");
      expect(sniffFileType(ftyp(brand, "mif1", "miaf"))).toBe("heic");
    },
  );

  it.each(["mif1", "msf1"])("the generic HEIF brand %s is HEIC unless its compatible brands say AV1", (brand) => {
    expect(sniffFileType(ftyp(brand))).toBe("heic");
    expect(sniffFileType(ftyp(brand, "miaf", "MiHE"))).toBe("heic");
    expect(sniffFileType(ftyp(brand, "avif", "heic"))).toBe("heic");
    expect(sniffFileType(ftyp(brand, "avif"))).toBeNull();
    expect(sniffFileType(ftyp(brand, "avis"))).toBeNull();
  });

  it.each(["avif", "avis", "isom", "mp42", "qt  ", "crx ", "HEIC"])("another major brand (%s) is not HEIC", (brand) => {
    expect(sniffFileType(ftyp(brand, "heic"))).toBeNull();
  });

  it("reads the compatible brands only as far as the box goes", () => {
    // The box holds no compatible brand; "avif" follows it, in the next box.
    expect(sniffFileType(bytes(0, 0, 0, 16, "ftyp", "mif1", 0, 0, 0, 0, "avif"))).toBe("heic");
  });
});

describe("sniffType: the reader's wider view", () => {
  it("names WebP and GIF, which an upload is refused as", () => {
    expect(sniffType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffType(bytes("GIF89a", 1, 0, 1, 0))).toBe("gif");
    expect(sniffType(bytes("GIF87a", 1, 0, 1, 0))).toBe("gif");
  });

  it("agrees with sniffFileType on every accepted type", () => {
    expect(sniffType(bytes("%PDF-1.7"))).toBe("pdf");
    expect(sniffType(ftyp("mif1", "heic"))).toBe("heic");
    expect(sniffType(ftyp("mif1", "avif"))).toBeNull();
    expect(sniffType(bytes("RIFF", 0, 0, 0, 0, "AVI "))).toBeNull();
  });
});

describe("uploadProblem: checked before decoding, with the page's messages", () => {
  const png = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a);
  it("takes an accepted type within the limit, whatever its name says", () => {
    expect(uploadProblem({ size: 1234, head: png })).toBeNull();
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES, head: bytes("%PDF-1.4") })).toBeNull();
  });
  it("refuses an empty file, one over 10 MB and one of another kind", () => {
    expect(uploadProblem({ size: 0, head: bytes() })).toBe(UPLOAD_MESSAGES.empty);
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES + 1, head: png })).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(uploadProblem({ size: 10, head: bytes("GIF89a") })).toBe(UPLOAD_MESSAGES.unsupported);
  });
  it("states the limit as the pages say it, and keeps the spec's two messages", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(ACCEPTED_FILES_TEXT).toBe("PDF, JPEG, PNG, HEIC or TIFF, up to 10 MB");
    expect(UPLOAD_MESSAGES.shrink).toBe("Error shrinking image");
    expect(UPLOAD_MESSAGES.noImage).toBe("No image available");
  });
});

describe("names", () => {
  it("stores rx_image-{timestamp}.jpg for images and .pdf for PDFs", () => {
    expect(rxImageFileName(1767225600123, "jpeg")).toBe("rx_image-1767225600123.jpg");
    expect(rxImageFileName(1767225600123, "pdf")).toBe("rx_image-1767225600123.pdf");
  });

  it("keeps the spec's extensions in the file picker's accept list", () => {
    for (const extension of UPLOAD_EXTENSIONS) expect(UPLOAD_ACCEPT.split(",")).toContain(`.${extension}`);
  });

  it("sanitises the original name: no path, control characters or markup; length capped with its extension", () => {
    expect(sanitizeFileName("C:\\Users\\ann\\My Rx.jpg")).toBe("My Rx.jpg");
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName('rx\u0000\u001b"<script>.png')).toBe("rxscript.png");
    expect(sanitizeFileName("  lots   of\tspace .pdf ")).toBe("lots of space .pdf");
    expect(sanitizeFileName("\u202egnp.exe")).toBe("gnp.exe");
    expect(sanitizeFileName("...")).toBe("prescription");
    expect(sanitizeFileName("")).toBe("prescription");
    const long = sanitizeFileName(`${"a".repeat(500)}.heic`);
    expect(long).toHaveLength(ORIGINAL_FILE_NAME_MAX);
    expect(long.endsWith(".heic")).toBe(true);
  });

  it("previews only what a browser can show as an image", () => {
    expect(canPreview("jpeg")).toBe(true);
    expect(canPreview("png")).toBe(true);
    expect(canPreview("heic")).toBe(false);
    expect(canPreview("tiff")).toBe(false);
    expect(canPreview("pdf")).toBe(false);
    expect(canPreview(null)).toBe(false);
  });
});

describe("classificationText", () => {
  it("says in words what the reader found, and what happens to a PDF or an unread image", () => {
    expect(classificationText("Prescription", "image/jpeg")).toBe("It looks like a prescription.");
    expect(classificationText("Box", "image/jpeg")).toBe("It looks like a contact lens box.");
    expect(classificationText("Human", "image/jpeg")).toMatch(/^It looks like a photo of a person/);
    expect(classificationText("Other", "image/jpeg")).toMatch(/^We couldn't recognise a prescription/);
    expect(classificationText(null, "application/pdf")).toMatch(/PDF/);
    expect(classificationText(null, "image/jpeg")).toMatch(/^Our team will read it/);
  });
});
