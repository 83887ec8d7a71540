// Pages drawn here (not by the fixture generator) in the shapes issue 24 says a new user tried: eyes as columns,
// portal cards side by side, a receipt with values under the eye heading, labelled boxes, a compact note with
// acuity and keratometry lines. `npx tsx scripts/rx-words.ts --draw` renders them, runs the reader's OCR and
// writes their word boxes to tests/fixtures/rx-words/drawn-*.json, for the layout parser's unit tests.
import sharp from "sharp";

/** A text at x, y (its baseline), in a font size (22 unless given). */
type Item = [x: number, y: number, text: string, size?: number];

export interface DrawnPage {
  items: Item[];
  /** Rectangles (x, y, width, height) around the values, as a form's boxes. */
  rects?: Array<[number, number, number, number]>;
  prescription: Record<string, Record<string, string>>;
}

const boxRow = (y: number) => [40, 180, 320, 460, 600].map((x): [number, number, number, number] => [x, y, 130, 80]);

export const DRAWN: Record<string, DrawnPage> = {
  columns: {
    items: [
      [60, 60, "Harbor Eye Associates", 34],
      [60, 110, "Contact Lens Prescription", 26],
      [60, 170, "Patient: Lee, Ana"],
      [300, 250, "Right eye"],
      [520, 250, "Left eye"],
      [60, 300, "Sphere"],
      [300, 300, "-1.25"],
      [520, 300, "-1.50"],
      [60, 350, "Add"],
      [300, 350, "MED"],
      [520, 350, "MED"],
      [60, 400, "BC"],
      [300, 400, "8.6"],
      [520, 400, "8.6"],
      [60, 450, "Diameter"],
      [300, 450, "14.0"],
      [520, 450, "14.0"],
      [60, 500, "Brand"],
      [300, 500, "Biofinity Multifocal"],
      [520, 500, "Biofinity Multifocal"],
    ],
    prescription: {
      OD: { sphere: "-1.25", add: "MED", baseCurve: "8.6", diameter: "14.0", brand: "Biofinity Multifocal" },
      OS: { sphere: "-1.50", add: "MED", baseCurve: "8.6", diameter: "14.0", brand: "Biofinity Multifocal" },
    },
  },
  cards: {
    items: [
      [60, 60, "MyEyes Patient Portal", 30],
      [60, 130, "Right Eye (OD)", 26],
      [560, 130, "Left Eye (OS)", 26],
      [60, 190, "Power"],
      [220, 190, "-3.25"],
      [560, 190, "Power"],
      [720, 190, "-3.00"],
      [60, 240, "BC"],
      [220, 240, "8.4"],
      [560, 240, "BC"],
      [720, 240, "8.4"],
      [60, 290, "DIA"],
      [220, 290, "14.0"],
      [560, 290, "DIA"],
      [720, 290, "14.0"],
      [60, 340, "Brand"],
      [220, 340, "Acuvue Oasys"],
      [560, 340, "Brand"],
      [720, 340, "Acuvue Oasys"],
      [60, 420, "Expires 05/01/2027"],
    ],
    prescription: {
      OD: { sphere: "-3.25", baseCurve: "8.4", diameter: "14.0", brand: "Acuvue Oasys" },
      OS: { sphere: "-3.00", baseCurve: "8.4", diameter: "14.0", brand: "Acuvue Oasys" },
    },
  },
  receipt: {
    items: [
      [60, 60, "VISION MART #112"],
      [60, 100, "CONTACT LENS RX"],
      [60, 150, "OD (RIGHT)"],
      [60, 190, "SPH -2.50"],
      [60, 230, "BC 8.6"],
      [60, 270, "DIA 14.2"],
      [60, 320, "OS (LEFT)"],
      [60, 360, "SPH -2.25"],
      [60, 400, "BC 8.6"],
      [60, 440, "DIA 14.2"],
      [60, 490, "VA OD 20/20 OS 20/25"],
      [60, 530, "TOTAL 89.99"],
    ],
    prescription: {
      OD: { sphere: "-2.50", baseCurve: "8.6", diameter: "14.2" },
      OS: { sphere: "-2.25", baseCurve: "8.6", diameter: "14.2" },
    },
  },
  boxes: {
    items: [
      [60, 60, "Lakeside Optometry", 30],
      [60, 130, "RIGHT EYE (OD)", 24],
      ...["SPH", "CYL", "AXIS", "BC", "DIA"].map((label, i): Item => [60 + 140 * i, 180, label, 16]),
      ...["-4.75", "-1.25", "20", "8.7", "14.5"].map((value, i): Item => [60 + 140 * i, 220, value]),
      [60, 290, "LEFT EYE (OS)", 24],
      ...["SPH", "CYL", "AXIS", "BC", "DIA"].map((label, i): Item => [60 + 140 * i, 340, label, 16]),
      ...["-4.25", "-0.75", "170", "8.7", "14.5"].map((value, i): Item => [60 + 140 * i, 380, value]),
    ],
    rects: [...boxRow(160), ...boxRow(320)],
    prescription: {
      OD: { sphere: "-4.75", cylinder: "-1.25", axis: "20", baseCurve: "8.7", diameter: "14.5" },
      OS: { sphere: "-4.25", cylinder: "-0.75", axis: "170", baseCurve: "8.7", diameter: "14.5" },
    },
  },
  compact: {
    items: [
      [60, 60, "Dr. Ann Lee, OD"],
      [60, 110, "Rx for John Smith, DOB 02/03/1980"],
      [60, 170, "CL Rx: OD Acuvue Oasys -0.50 DS BC 8.4 DIA 14.0"],
      [60, 220, "OS Acuvue Oasys for Astigmatism -2.00 -2.25 x 90 BC 8.6 DIA 14.5"],
      [60, 270, "VA with lenses: OD 20/20 OS 20/30"],
      [60, 320, "K: 43.25/44.00 @ 180"],
    ],
    prescription: {
      OD: { sphere: "-0.50", baseCurve: "8.4", diameter: "14.0", brand: "Acuvue Oasys" },
      OS: {
        sphere: "-2.00",
        cylinder: "-2.25",
        axis: "90",
        baseCurve: "8.6",
        diameter: "14.5",
        brand: "Acuvue Oasys for Astigmatism",
      },
    },
  },
};

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function drawPage(page: DrawnPage): Promise<Buffer> {
  const texts = page.items
    .map(
      ([x, y, text, size]) =>
        `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size ?? 22}">${escape(text)}</text>`,
    )
    .join("");
  const rects = (page.rects ?? [])
    .map(
      ([x, y, w, h]) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="black" stroke-width="2"/>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="650"><rect width="100%" height="100%" fill="white"/>${texts}${rects}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
