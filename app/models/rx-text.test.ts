import { describe, expect, it } from "vitest";
import { parseRxText } from "./rx-text";

const id = { correlationId: "corr-1" };

describe("parseRxText: a clinic form's table", () => {
  // What tesseract gives for a form photographed a little crooked: "0S" for OS, a "t" for "+", a dropped
  // decimal point, "|" from the table's rules, and a Fax next to the phone.
  const form = `@ Boise Family Eye Care
1423 N Maple St, Suite 200
Boise, ID 83702
Phone (208) 555-0142 | Fax (208) 555-0199
CONTACT LENS PRESCRIPTION
Name: DOE, JANE DOB: 04/12/1985
Address: 77 W Cedar Ave City/State/ZIP: Meridian, ID 83642
Exam Date: 03/02/2026
| Eye | PWR | CYL | AXIS | BC | DIA | Brand |
| OD | -2.25 | -0.75 | 180 | 8.6 | 14.5 | Acuvue Oasys for Astigmatism |
| 0S | t1.25 | -125 | O90 | 8.6 | l4.5 | Acuvue Oasys for Astigmatism |
Expires: 03/02/2027 Replacement: 2 weeks
Prescriber
Dr. Maria Lopez, OD
License # OPT12345 NPI 1234567890`;

  it("reads both eyes, the patient, the expiration and the prescriber", () => {
    expect(parseRxText(form, id)).toEqual({
      prescription: {
        OD: {
          sphere: "-2.25",
          cylinder: "-0.75",
          axis: "180",
          baseCurve: "8.6",
          diameter: "14.5",
          brand: "Acuvue Oasys for Astigmatism",
        },
        OS: {
          sphere: "+1.25",
          cylinder: "-1.25",
          axis: "90",
          baseCurve: "8.6",
          diameter: "14.5",
          brand: "Acuvue Oasys for Astigmatism",
        },
      },
      patient: {
        firstName: "Jane",
        lastName: "Doe",
        dateOfBirth: "1985-04-12",
        address1: "77 W Cedar Ave",
        city: "Meridian",
        state: "ID",
        postalCode: "83642",
      },
      expirationDate: "2027-03-02",
      issueDate: "2026-03-02",
      prescriber: {
        name: "Dr. Maria Lopez",
        clinicName: "Boise Family Eye Care",
        phone: "(208) 555-0142",
        license: "OPT12345",
        npi: "1234567890",
      },
      confidence: expect.any(Object),
      correlationId: "corr-1",
    });
  });

  it("aligns a row with empty cells and DS to its header, and takes the brand from below the table", () => {
    const text = `Rx BC DIA SPH CYL AXIS ADD
R 8.4 14.3 -3.00 DS — HIGH
L 8.4 14.3 -3.25 DS — HIGH
Lens Brand: Acuvue Oasys Multifocal (both eyes)`;
    expect(parseRxText(text, id)?.prescription).toEqual({
      OD: { baseCurve: "8.4", diameter: "14.3", sphere: "-3.00", add: "HIGH", brand: "Acuvue Oasys Multifocal" },
      OS: { baseCurve: "8.4", diameter: "14.3", sphere: "-3.25", add: "HIGH", brand: "Acuvue Oasys Multifocal" },
    });
  });

  it("keeps a brand's own digits out of the values (clariti 1 day)", () => {
    const text = `Eye Brand PWR BC DIA
OD clariti 1 day -1.75 8.6 14.1
OS clariti 1 day -2.00 8.6 14.1`;
    expect(parseRxText(text, id)?.prescription.OS).toEqual({
      brand: "clariti 1 day",
      sphere: "-2.00",
      baseCurve: "8.6",
      diameter: "14.1",
    });
  });

  it("reads a transposed table (eyes as columns) and an eye with no lens", () => {
    const text = `OD (Right) OS (Left)
Power -4.50 —
Base Curve 8.7 —
Diameter 14.0 —
Brand / Lens Biofinity No lens`;
    expect(parseRxText(text, id)?.prescription).toEqual({
      OD: { sphere: "-4.50", baseCurve: "8.7", diameter: "14.0", brand: "Biofinity" },
    });
  });

  it("lends the other eye's minus to a sphere whose sign OCR dropped", () => {
    const text = `Eye SPH BC DIA
OD -2.50 8.6 14.2
OS 2.75 8.6 14.2`;
    expect(parseRxText(text, id)?.prescription.OS?.sphere).toBe("-2.75");
  });

  it("drops implausible values rather than guessing", () => {
    const text = `Eye PWR CYL AXIS BC DIA
OD -2.30 +0.80 270 10.2 17.0`;
    expect(parseRxText(text, id)).toBeNull();
  });
});

describe("parseRxText: a letter", () => {
  const letter = `TREASURE VALLEY EYE CLINIC
456 Overland Rd · Nampa, ID 83651
Tel (208) 555-0177
March 3, 2026
To whom it may concern: Mei Chen, DOB 11/30/1992, of 1423 N Maple St, Boise, ID
83702 is a patient of this practice. The contact lens prescription is as follows.
Right eye (OD): Biofinity Toric
Sphere: -3.25 Cylinder: -1.75 Axis: 170 Base Curve: 8.7 Diameter: 14.5
Left eye (OS): Biofinity Toric
Sphere: -3.00 Cylinder: -1.25 Axis: 10 Base Curve: 8.7 Diameter: 14.5
This prescription is valid through March 3, 2027.
Sincerely,
ALAN GRANT, O.D.
License #OD4521`;

  it("reads eyes under their headings, the patient from the sentence, the prescriber from the signature", () => {
    expect(parseRxText(letter, id)).toEqual({
      prescription: {
        OD: {
          brand: "Biofinity Toric",
          sphere: "-3.25",
          cylinder: "-1.75",
          axis: "170",
          baseCurve: "8.7",
          diameter: "14.5",
        },
        OS: {
          brand: "Biofinity Toric",
          sphere: "-3.00",
          cylinder: "-1.25",
          axis: "10",
          baseCurve: "8.7",
          diameter: "14.5",
        },
      },
      patient: {
        firstName: "Mei",
        lastName: "Chen",
        dateOfBirth: "1992-11-30",
        address1: "1423 N Maple St",
        city: "Boise",
        state: "ID",
        postalCode: "83702",
      },
      expirationDate: "2027-03-03",
      issueDate: "2026-03-03",
      prescriber: {
        name: "Dr. Alan Grant",
        clinicName: "Treasure Valley Eye Clinic",
        phone: "(208) 555-0177",
        license: "OD4521",
      },
      confidence: expect.any(Object),
      correlationId: "corr-1",
    });
  });

  it("reads prose and the clinical shorthand", () => {
    const text = `Contact lens prescription for John Smith (date of birth 2/7/1979).
OD (right eye): Acuvue Oasys -2.25 -0.75 x 180, BC 8.6, DIA 14.5
OS (left eye): Air Optix Colors, power PL, BC 8.6, DIA 14.2, color Gemstone Green
Expiration date: 2027-01-15`;
    const analysis = parseRxText(text, id);
    expect(analysis?.prescription).toEqual({
      OD: {
        brand: "Acuvue Oasys",
        sphere: "-2.25",
        cylinder: "-0.75",
        axis: "180",
        baseCurve: "8.6",
        diameter: "14.5",
      },
      OS: { brand: "Air Optix Colors", sphere: "0.00", baseCurve: "8.6", diameter: "14.2", color: "Gemstone Green" },
    });
    expect(analysis?.patient).toEqual({ firstName: "John", lastName: "Smith", dateOfBirth: "1979-02-07" });
    expect(analysis?.expirationDate).toBe("2027-01-15");
  });
});

describe("parseRxText: a box label", () => {
  it("puts the label's values in unknownEye1 with the brand, and ignores the lot, the EXP and the barcode", () => {
    const text = `BAUSCH + LOMB
ULTRA®
FOR ASTIGMATISM
Bausch + Lomb · 6 LENSES
BC DIA PWR CYL AX
8.6 14.5 -2.75 -1.25 20
LOT B12345678 EXP 2028-06 STERILE Rx only
123456 54321`;
    expect(parseRxText(text, { ...id, kind: "box" })).toEqual({
      prescription: {
        unknownEye1: {
          baseCurve: "8.6",
          diameter: "14.5",
          sphere: "-2.75",
          cylinder: "-1.25",
          axis: "20",
          brand: "Bausch + Lomb Ultra for Astigmatism",
        },
      },
      patient: {},
      confidence: expect.any(Object),
      correlationId: "corr-1",
    });
  });

  it("reads labelled values on one line, with the box's D and Ø labels", () => {
    const text = `DAILIES
AquaComfort Plus
Alcon · 30 DAILY LENSES
D -1.50 BC 8.7 Ø 14.0
LOT 987654321 EXP 2029-11`;
    expect(parseRxText(text, { ...id, kind: "box" })?.prescription.unknownEye1).toEqual({
      brand: "Dailies AquaComfort Plus",
      sphere: "-1.50",
      baseCurve: "8.7",
      diameter: "14.0",
    });
  });
});

describe("parseRxText: not a prescription", () => {
  it.each([
    ["a receipt", "FRESH MARKET\n12 Main St\nBANANAS 1.29\nMILK 2% GAL 3.49\nSUBTOTAL 4.78\nTAX 0.29\nTOTAL 5.07"],
    ["OCR noise", "~ ,. ii ;: Ww -- =\n| | l1 I"],
    ["an empty page", ""],
  ])("gives null for %s", (_, text) => {
    expect(parseRxText(text, id)).toBeNull();
  });
});

describe("parseRxText: a handwritten D read as another letter", () => {
  it("takes op, ob and oo before a value for OD", () => {
    for (const label of ["op", "ob", "oo"]) {
      const text = `CONTACT LENS Rx\nPWR BC DIA\n${label} +2.25 8.6 14.1\nos +2.50 8.6 14.2`;
      const read = parseRxText(text, id);
      expect(read?.prescription.OD).toMatchObject({ sphere: "+2.25", baseCurve: "8.6", diameter: "14.1" });
      expect(read?.prescription.OS).toMatchObject({ sphere: "+2.50", baseCurve: "8.6", diameter: "14.2" });
      expect(read?.prescription.unknownEye1).toBeUndefined();
    }
  });

  it("leaves a word starting a sentence alone", () => {
    const read = parseRxText("CONTACT LENS Rx\nob the patient was seen\nOD -1.00 8.6 14.2", id);
    expect(Object.keys(read?.prescription ?? {})).toEqual(["OD"]);
  });
});

describe("parseRxText: handwritten values run together", () => {
  it("splits an axis run into the base curve, and a base curve run into the diameter, on their grids", () => {
    const text = "CONTACT LENS Rx\nR -3.25-0.75X208.514.5\nL -3.25 -1.75 x180 8.614.2";
    const read = parseRxText(text, id);
    expect(read?.prescription.OD).toMatchObject({
      sphere: "-3.25",
      cylinder: "-0.75",
      axis: "20",
      baseCurve: "8.5",
      diameter: "14.5",
    });
    expect(read?.prescription.OS).toMatchObject({
      sphere: "-3.25",
      cylinder: "-1.75",
      axis: "180",
      baseCurve: "8.6",
      diameter: "14.2",
    });
  });

  it("leaves numbers that are not values alone", () => {
    const read = parseRxText("CONTACT LENS Rx\nOD -1.00 8.6 14.2\nInvoice 8.514.5 x2", id);
    expect(read?.prescription.OD).toEqual(expect.objectContaining({ sphere: "-1.00", baseCurve: "8.6" }));
  });
});
