/**
 * How each fixture is made from its name and the run's seed: draw the values, lay out the HTML, render it, and
 * (for the damaged copy) photograph it. Shared by the full generator and the committed set, so both produce
 * the same picture for the same name and seed.
 */
import { humanHtml } from "./classes/human";
import { otherHtml, type OtherKind } from "./classes/other";
import { type OtherPicture } from "./classes/other-docs";
import { photoize } from "./classes/photo";
import { photograph, type PhotoOptions } from "./damage";
import { boxLabelHtml } from "./layouts/box-label";
import { clinicFormHtml } from "./layouts/clinic-form";
import { type Rendered } from "./layouts/common";
import { letterHtml } from "./layouts/letter";
import { type Rng, rngFor } from "./random";
import { type Renderer } from "./render";
import { FAMILIES, familyInfo } from "./families";
import { type FamilyPage } from "./layouts/kit";
import { TRAINING_LAYOUTS } from "./layouts/index";
import { HELD_OUT_LAYOUTS } from "./held-out/index";
import { type Classification, type Truth } from "./types";
import { boxTruth, drawBoxDoc, drawRxDoc, type RxDoc, rxTruth } from "./values";

/** A family's page maker: values drawn from one stream, the look from another. */
export type PageMaker = (values: Rng, look: Rng) => FamilyPage;

const ORIGINAL_LAYOUTS = ["clinic-form", "letter", "box-label"] as const;
const NEWER_LAYOUTS: Record<string, PageMaker> = { ...TRAINING_LAYOUTS, ...HELD_OUT_LAYOUTS };

/** Every generator of document pages, in the order the full set writes them (training before held-out). */
export const DOCUMENT_LAYOUTS: readonly string[] = [
  ...ORIGINAL_LAYOUTS,
  ...Object.keys(TRAINING_LAYOUTS),
  ...Object.keys(HELD_OUT_LAYOUTS),
];
export type DocumentLayout = string;

export interface DocumentFixture {
  name: string;
  layout: DocumentLayout;
  family: string;
  heldOut: boolean;
  classification: Classification;
  /** Null for the Other families (an appointment card has nothing to read). */
  truth: Truth | null;
  /** The prescription behind the picture (absent for box labels), for the PDF that reuses it. */
  doc?: RxDoc;
  rendered: Rendered;
}

/** Values and HTML for one document; cheap (no browser), so callers can look before they render. */
export function describeDocument(seed: number, layout: DocumentLayout, index: number): DocumentFixture {
  const name = `${layout}-${String(index).padStart(3, "0")}`;
  const values = rngFor(seed, `${name}:values`);
  const look = rngFor(seed, `${name}:layout`);
  const page = pageOf(layout, values, look);
  const family = page.rendered.family ?? layout;
  const info = familyInfo(family);
  if (!info) throw new Error(`${name}: unknown family ${family}`);
  return { name, layout, family, heldOut: info.heldOut, classification: info.classification, ...page };
}

function pageOf(layout: DocumentLayout, values: Rng, look: Rng): FamilyPage {
  if (layout === "box-label") {
    const box = drawBoxDoc(values);
    return { truth: boxTruth(box), rendered: boxLabelHtml(box, look) };
  }
  if (layout === "letter" || layout === "clinic-form") {
    const doc = drawRxDoc(values);
    const rendered = layout === "letter" ? letterHtml(doc, look) : clinicFormHtml(doc, look);
    return { truth: rxTruth(doc, rendered.printed), doc, rendered };
  }
  const make = NEWER_LAYOUTS[layout];
  if (!make) throw new Error(`unknown layout ${layout}`);
  return make(values, look);
}

export { FAMILIES };

export function damageDocument(
  seed: number,
  fixture: DocumentFixture,
  png: Buffer,
  options?: PhotoOptions,
): Promise<Buffer> {
  // Card stock does not fold: box labels, appointment cards, postcards.
  const foldable = !["box-label", "appointment-card", "recall-postcard"].includes(fixture.layout);
  return photograph(png, rngFor(seed, `${fixture.name}:photo`), { foldable, ...options });
}

export interface PictureFixture {
  name: string;
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
  font: string;
}

export async function makeHuman(
  seed: number,
  index: number,
  renderer: Renderer,
  maxWidth = 1000,
): Promise<PictureFixture> {
  const name = `human-${String(index).padStart(3, "0")}`;
  const png = await renderer.render(humanHtml(rngFor(seed, `${name}:picture`)).html);
  const bytes = await photoize(png, rngFor(seed, `${name}:photo`), maxWidth);
  return { name, bytes, contentType: "image/jpeg", font: "none" };
}

export async function makeOther(
  seed: number,
  index: number,
  kind: OtherKind,
  renderer: Renderer,
  maxWidth = 1200,
): Promise<PictureFixture> {
  const name = `other-${String(index).padStart(3, "0")}-${kind}`;
  const picture: OtherPicture = otherHtml(kind, rngFor(seed, `${name}:picture`));
  const png = await renderer.render(picture.html);
  const photoRng = rngFor(seed, `${name}:photo`);
  if (picture.finish === "screenshot") return { name, bytes: png, contentType: "image/png", font: picture.font };
  const bytes =
    picture.finish === "photo"
      ? await photoize(png, photoRng, maxWidth)
      : await photograph(png, photoRng, { maxWidth });
  return { name, bytes, contentType: "image/jpeg", font: picture.font };
}
