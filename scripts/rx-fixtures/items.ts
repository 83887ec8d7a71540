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
import { rngFor } from "./random";
import { type Renderer } from "./render";
import { type Layout, type Truth } from "./types";
import { boxTruth, drawBoxDoc, drawRxDoc, type RxDoc, rxTruth } from "./values";

export type DocumentLayout = Extract<Layout, "clinic-form" | "letter" | "box-label">;

export interface DocumentFixture {
  name: string;
  layout: DocumentLayout;
  truth: Truth;
  /** The prescription behind the picture (absent for box labels), for the PDF that reuses it. */
  doc?: RxDoc;
  rendered: Rendered;
}

/** Values and HTML for one document; cheap (no browser), so callers can look before they render. */
export function describeDocument(seed: number, layout: DocumentLayout, index: number): DocumentFixture {
  const name = `${layout}-${String(index).padStart(3, "0")}`;
  const values = rngFor(seed, `${name}:values`);
  const look = rngFor(seed, `${name}:layout`);
  if (layout === "box-label") {
    const box = drawBoxDoc(values);
    return { name, layout, truth: boxTruth(box), rendered: boxLabelHtml(box, look) };
  }
  const doc = drawRxDoc(values);
  const rendered = layout === "letter" ? letterHtml(doc, look) : clinicFormHtml(doc, look);
  return { name, layout, truth: rxTruth(doc), doc, rendered };
}

export function damageDocument(
  seed: number,
  fixture: DocumentFixture,
  png: Buffer,
  options?: PhotoOptions,
): Promise<Buffer> {
  const foldable = fixture.layout !== "box-label";
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
