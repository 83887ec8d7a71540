import { describe, expect, it } from "vitest";
import { isConfident } from "./rx-analysis";
import { parseRxPage } from "./rx-layout";
import { pageFromText } from "./rx-layout-rows";
import { hasLensValues } from "./rx-text";

// Pages built from text keep each word at its character position, so columns aligned with spaces line up as
// they would on paper: the geometry the layout parser reads.
const id = { correlationId: "corr-1" };
const read = (text: string, options: { addLabels?: string[] } = {}) =>
  parseRxPage(pageFromText(text), { ...id, ...options });

describe("parseRxPage: eyes as columns", () => {
  it("puts each value under its eye heading and keeps an ADD word", () => {
    const analysis = read(`Contact Lens Prescription
Patient: Ana Ruiz
              Right eye      Left eye
Sphere        -1.25          -1.50
Base curve    8.6            8.6
Diameter      14.2           14.2
Add           MED            MED
Brand         Biofinity      Biofinity Multifocal`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-1.25", baseCurve: "8.6", diameter: "14.2", add: "MED", brand: "Biofinity" },
      OS: { sphere: "-1.50", baseCurve: "8.6", diameter: "14.2", add: "MED", brand: "Biofinity Multifocal" },
    });
    expect(isConfident(analysis!, "OD.sphere")).toBe(true);
  });

  it("reads eye headings OCR glued to their names: 'OD(Right)', a cut-short 'os(Lef)', 'Right(OD)'", () => {
    for (const heading of ["OD(Right)      os(Lef)", "Right(OD)      Left(OS)", "0D(Righ)       OS(Left):"]) {
      const analysis = read(`Contact Lens Rx
Name: Chloe Jackson
              ${heading}
Sphere        -1.50          -1.75
Base Curve    8.5            8.5
DIAM          14.3           14.3`);
      expect(analysis?.prescription, heading).toEqual({
        OD: { sphere: "-1.50", baseCurve: "8.5", diameter: "14.3" },
        OS: { sphere: "-1.75", baseCurve: "8.5", diameter: "14.3" },
      });
    }
  });

  it("maps an ADD word onto the product's own labels", () => {
    const analysis = read(
      `              OD             OS
Power         -1.25          -1.50
Add           MED            HIGH`,
      { addLabels: ["LOW", "MID", "HIGH"] },
    );
    expect(analysis?.prescription.OD?.add).toBe("MID");
    expect(analysis?.prescription.OS?.add).toBe("HIGH");
  });
});

describe("parseRxPage: sections under an eye heading", () => {
  it("reads portal cards, one per eye", () => {
    const analysis = read(`My Prescriptions
Right Eye (OD)
Power -2.00
BC 8.4
DIA 14.0
Brand Acuvue Oasys
Left Eye (OS)
Power -2.75
BC 8.4
DIA 14.0
Brand Acuvue Oasys`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-2.00", baseCurve: "8.4", diameter: "14.0", brand: "Acuvue Oasys" },
      OS: { sphere: "-2.75", baseCurve: "8.4", diameter: "14.0", brand: "Acuvue Oasys" },
    });
  });

  it("reads a receipt whose values follow the eye heading on later lines", () => {
    const analysis = read(`EYE CARE PLUS
RX CONTACT LENS
OD (RIGHT)
SPH: -3.25
CYL: -0.75
AXIS: 180
OS (LEFT)
SPH: -3.00
CYL: -1.25
AXIS: 170
TOTAL 45.00`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-3.25", cylinder: "-0.75", axis: "180" },
      OS: { sphere: "-3.00", cylinder: "-1.25", axis: "170" },
    });
  });

  it("reads labelled boxes, the value under its label", () => {
    const analysis = read(`RIGHT EYE
SPH      CYL      AXIS     BC      DIA
-1.75    -0.50    90       8.5     14.5
LEFT EYE
SPH      CYL      AXIS     BC      DIA
-2.25             100      8.5     14.5`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-1.75", cylinder: "-0.50", axis: "90", baseCurve: "8.5", diameter: "14.5" },
      OS: { sphere: "-2.25", axis: "100", baseCurve: "8.5", diameter: "14.5" },
    });
  });
});

describe("parseRxPage: tables with eyes as rows", () => {
  it("reads each cell under its label, PWR for SPH, empty cells left empty", () => {
    const analysis = read(`Eye    PWR      CYL      AXIS    BC     DIA
OD     -4.00    -1.25    010     8.6    14.5
OS     -3.75    —        —       8.6    14.5`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-4.00", cylinder: "-1.25", axis: "10", baseCurve: "8.6", diameter: "14.5" },
      OS: { sphere: "-3.75", baseCurve: "8.6", diameter: "14.5" },
    });
  });
});

describe("parseRxPage: compact notation", () => {
  it("reads DS, sph, plano and the sphere-cylinder-axis shorthand", () => {
    const analysis = read(`Contact lens Rx:
OD: Biofinity -0.50 DS BC 8.6 DIA 14.0
OS: Biofinity Toric -2.00 -2.25 x 90 BC 8.7 DIA 14.5`);
    expect(analysis?.prescription).toEqual({
      OD: { brand: "Biofinity", sphere: "-0.50", baseCurve: "8.6", diameter: "14.0" },
      OS: {
        brand: "Biofinity Toric",
        sphere: "-2.00",
        cylinder: "-2.25",
        axis: "90",
        baseCurve: "8.7",
        diameter: "14.5",
      },
    });
  });

  it("reads 'sph' after a value and plano", () => {
    const analysis = read(`OD: Acuvue Oasys -1.25 sph 8.4 14.0
OS: Acuvue Oasys plano 8.4 14.0`);
    expect(analysis?.prescription.OD?.sphere).toBe("-1.25");
    expect(analysis?.prescription.OD?.baseCurve).toBe("8.4");
    expect(analysis?.prescription.OS?.sphere).toBe("0.00");
  });
});

describe("parseRxPage: lines that are not lens values", () => {
  it("skips visual acuity, keratometry, PD and vertex", () => {
    const analysis = read(`OD: -2.25 BC 8.6 DIA 14.2
OS: -2.50 BC 8.6 DIA 14.2
VA with lenses: OD 20/20 OS 20/30
K: 43.25/44.00 @ 180
PD 62
Vertex 12 mm`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-2.25", baseCurve: "8.6", diameter: "14.2" },
      OS: { sphere: "-2.50", baseCurve: "8.6", diameter: "14.2" },
    });
  });

  it("answers spectaclesOnly for a glasses prescription, with no lens values", () => {
    const analysis = read(`Northside Optometry
Spectacle Rx
Eye   SPH     CYL     AXIS   PRISM   BASE   ADD
OD    -2.00   -0.50   180    1.0     BI     +2.00
OS    -1.75   -0.75   170    1.0     BO     +2.00
Patient: Jane Doe`);
    expect(analysis?.spectaclesOnly).toBe(true);
    expect(analysis?.prescription).toEqual({});
    expect(hasLensValues(analysis)).toBe(false);
  });

  it("reads the contact lens part of a page that also holds a glasses prescription", () => {
    const analysis = read(`Glasses prescription
OD -2.00 -0.50 x 180
OS -1.75 -0.75 x 170
Contact lens prescription
OD: -1.75 BC 8.6 DIA 14.2
OS: -1.50 BC 8.6 DIA 14.2`);
    expect(analysis?.spectaclesOnly).toBeUndefined();
    expect(analysis?.prescription.OD?.sphere).toBe("-1.75");
    expect(analysis?.prescription.OS?.sphere).toBe("-1.50");
  });

  it("gives null for an appointment card with no lens values", () => {
    expect(
      read(`Riverside Vision Clinic
Your next appointment: 04/12/2027 at 10:30
Dr. Maria Lopez, OD
(208) 555-0142`),
    ).toBeNull();
  });
});

describe("parseRxPage: plausibility and confidence", () => {
  it("lowers the confidence of a large difference between the eyes", () => {
    const analysis = read(`Eye    PWR      BC     DIA
OD     +13.00   8.6    14.2
OS     +1.50    8.6    14.2`);
    expect(analysis?.prescription.OD?.sphere).toBe("+13.00");
    expect(isConfident(analysis!, "OD.sphere")).toBe(false);
    expect(isConfident(analysis!, "OS.sphere")).toBe(false);
    expect(isConfident(analysis!, "OD.baseCurve")).toBe(true);
  });

  it("gives every returned field a confidence", () => {
    const analysis = read(`Patient: Doe, Jane   DOB: 04/12/1985
Exam Date: 03/02/2026
Eye    PWR      BC     DIA
OD     -2.00    8.6    14.2
OS     -2.25    8.6    14.2
Expires: 03/02/2027
Dr. Maria Lopez, OD   License # OPT12345   NPI 1234567890`)!;
    const paths = [
      ...Object.entries(analysis.prescription).flatMap(([eye, values]) =>
        Object.keys(values ?? {}).map((field) => `${eye}.${field}`),
      ),
      ...Object.keys(analysis.patient).map((field) => `patient.${field}`),
      ...Object.keys(analysis.prescriber ?? {}).map((field) => `prescriber.${field}`),
      "expirationDate",
      "issueDate",
    ];
    for (const path of paths) expect(analysis.confidence?.[path], path).toBeGreaterThan(0);
    expect(analysis.issueDate).toBe("2026-03-02");
    expect(analysis.prescriber).toMatchObject({ license: "OPT12345", npi: "1234567890" });
  });

  it("is unsure of a name whose comma OCR read as a period", () => {
    const sure = read(`Patient: Doe, Jane\nOD -2.00 8.6 14.2`)!;
    const unsure = read(`Patient: Doe. Jane\nOD -2.00 8.6 14.2`)!;
    expect(sure.patient).toMatchObject({ firstName: "Jane", lastName: "Doe" });
    expect(unsure.patient).toMatchObject({ firstName: "Jane", lastName: "Doe" });
    expect(isConfident(sure, "patient.firstName")).toBe(true);
    expect(isConfident(unsure, "patient.firstName")).toBe(false);
  });
});

describe("parseRxPage: more shapes", () => {
  it("reads a column table whose corner cell has a word, and a section headed by the eye and its lens", () => {
    const columns = read(`Parameter     OD        OS
Power         -2.00     -2.50
BC            8.6       8.6`);
    expect(columns?.prescription).toEqual({
      OD: { sphere: "-2.00", baseCurve: "8.6" },
      OS: { sphere: "-2.50", baseCurve: "8.6" },
    });
    const sections = read(`Right Eye (OD): Acuvue Oasys
Power: -1.00
BC: 8.4
Left Eye (OS): Acuvue Oasys
Power: -1.25
BC: 8.4`);
    expect(sections?.prescription).toEqual({
      OD: { brand: "Acuvue Oasys", sphere: "-1.00", baseCurve: "8.4" },
      OS: { brand: "Acuvue Oasys", sphere: "-1.25", baseCurve: "8.4" },
    });
  });

  it("reads values one per line under an eye heading", () => {
    const analysis = read(`OD (RIGHT)
-2.50
8.6
14.2
OS (LEFT)
-2.25
8.6
14.2`);
    expect(analysis?.prescription).toEqual({
      OD: { sphere: "-2.50", baseCurve: "8.6", diameter: "14.2" },
      OS: { sphere: "-2.25", baseCurve: "8.6", diameter: "14.2" },
    });
  });
});

describe("parseRxPage: a column whose label OCR lost", () => {
  it("is the base curve's when its values are on the base curve's range and no column has that label", () => {
    const analysis = read(`Eye     fight   DIAM    SPH     CYL     AXIS
Right   8.8     14.4    -2.75   -1.75   10
(OD)
Left    8.6     14.4    -2.50   -2.25   10
(0S)`);
    expect(analysis?.prescription.OD).toMatchObject({ baseCurve: "8.8", diameter: "14.4", sphere: "-2.75" });
    expect(analysis?.prescription.OS).toMatchObject({ baseCurve: "8.6", diameter: "14.4", sphere: "-2.50" });
  });

  it("is not anyone's when its values are off every such range", () => {
    const analysis = read(`Eye     Qty     DIAM    SPH
Right   6       14.4    -2.75
Left    6       14.4    -2.50`);
    expect(analysis?.prescription.OD?.baseCurve).toBeUndefined();
    expect(analysis?.prescription.OD).toMatchObject({ diameter: "14.4", sphere: "-2.75" });
  });
});
