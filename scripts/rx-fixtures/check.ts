/**
 * `npx tsx scripts/rx-fixtures/check.ts [manifest.json]`: checks a generated manifest against the formats the
 * reader's bench relies on (normalised values, ISO dates, classifications per layout, files present, bytes
 * matching the stated content type). Exits non-zero and lists the problems when anything is off.
 */
import fs from "node:fs";
import path from "node:path";
import { familyInfo } from "./families";
import { type Eye, type Manifest, type ManifestItem } from "./types";

const FORMATS: Record<keyof Eye, RegExp> = {
  sphere: /^(?:[+-](?:[1-9]|1[0-2]|0)\.\d\d|0\.00)$/,
  cylinder: /^-\d\.\d\d$/,
  axis: /^(?:[1-9]\d?|1[0-7]\d|180)$/,
  add: /^(?:\+\d\.\d\d|LOW|MID|MED|HIGH)$/,
  baseCurve: /^\d\.\d$/,
  diameter: /^1\d\.\d$/,
  color: /^[A-Z][a-z]+(?: [A-Z][a-z]+)*$/,
  brand: /^\S.*\S$/,
};

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8,
  "application/pdf": (b) => b.subarray(0, 5).toString() === "%PDF-",
  "image/tiff": (b) => ["II*\0", "MM\0*"].includes(b.subarray(0, 4).toString("latin1")),
  "image/heic": (b) => b.subarray(4, 12).toString() === "ftypheic" || b.subarray(4, 12).toString() === "ftypmif1",
  "text/plain": (b) => b.length > 0 && !b.includes(0),
  "application/octet-stream": (b) => b.length === 0,
};

function isoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

function checkItem(item: ManifestItem, root: string): string[] {
  const problems: string[] = [];
  const where = item.file;
  const file = path.join(root, item.file);
  if (!fs.existsSync(file)) return [`${where}: missing`];
  const bytes = fs.readFileSync(file);
  if (!MAGIC[item.contentType]?.(bytes)) problems.push(`${where}: bytes are not ${item.contentType}`);
  const family = familyInfo(item.family);
  if (!family) return [...problems, `${where}: unknown family ${item.family}`];
  if (family.heldOut !== item.heldOut) problems.push(`${where}: heldOut should be ${family.heldOut}`);
  if (item.heldOut !== item.file.startsWith("held-out/")) problems.push(`${where}: held-out files live in held-out/`);
  if (item.variant !== "special" && family.classification !== item.classification) {
    problems.push(`${where}: ${item.family} should be ${family.classification}`);
  }
  const { truth } = item;
  if (item.classification === "Human" || item.classification === "Other") {
    if (truth !== null) problems.push(`${where}: ${item.classification} must have truth null`);
    return problems;
  }
  if (!truth) return [...problems, `${where}: no truth`];
  const eyes = Object.entries(truth.prescription) as Array<[string, Eye]>;
  // A glasses prescription has no lens values, and says so.
  if (eyes.length === 0 && !truth.spectaclesOnly) problems.push(`${where}: no eye`);
  if (eyes.length > 0 && truth.spectaclesOnly) problems.push(`${where}: spectaclesOnly with lens values`);
  const boxEyes = item.classification === "Box";
  for (const [key, eye] of eyes) {
    if (boxEyes !== (key === "unknownEye1")) problems.push(`${where}: unexpected eye ${key}`);
    for (const [field, value] of Object.entries(eye) as Array<[keyof Eye, string]>) {
      if (!FORMATS[field]?.test(value)) problems.push(`${where}: ${key}.${field} "${value}"`);
    }
    if ((eye.cylinder === undefined) !== (eye.axis === undefined))
      problems.push(`${where}: ${key} cylinder without axis`);
    // Sphere steps: 0.25 D up to ±6.00, 0.50 D beyond, within -12.00..+8.00.
    const sphere = Number(eye.sphere);
    if (!(sphere >= -12 && sphere <= 8) || (Math.abs(sphere) > 6 ? (sphere * 2) % 1 : (sphere * 4) % 1) !== 0) {
      problems.push(`${where}: ${key}.sphere ${eye.sphere} is not a lens power`);
    }
  }
  const p = truth.patient;
  if (boxEyes && Object.keys(p).length > 0) problems.push(`${where}: a box has no patient`);
  if (p.dateOfBirth && !isoDate(p.dateOfBirth)) problems.push(`${where}: dateOfBirth ${p.dateOfBirth}`);
  if (p.state && !/^[A-Z]{2}$/.test(p.state)) problems.push(`${where}: state ${p.state}`);
  if (p.postalCode && !/^\d{5}$/.test(p.postalCode)) problems.push(`${where}: postalCode ${p.postalCode}`);
  if (truth.expirationDate && !isoDate(truth.expirationDate)) problems.push(`${where}: expirationDate`);
  if (truth.issueDate && !isoDate(truth.issueDate)) problems.push(`${where}: issueDate`);
  if (truth.issueDate && truth.expirationDate && truth.issueDate >= truth.expirationDate)
    problems.push(`${where}: issued on or after it expires`);
  const npi = truth.prescriber?.npi;
  if (npi && !/^\d{10}$/.test(npi)) problems.push(`${where}: npi ${npi}`);
  const license = truth.prescriber?.license;
  if (license && !/^[A-Z]{0,3}\d{4,6}$/.test(license)) problems.push(`${where}: license ${license}`);
  const phone = truth.prescriber?.phone;
  if (phone && !/^\(\d{3}\) \d{3}-\d{4}$/.test(phone)) problems.push(`${where}: phone ${phone}`);
  return problems;
}

const manifestPath = path.resolve(process.argv[2] ?? ".cache/rx-fixtures/manifest.json");
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
const problems = manifest.version === 1 ? [] : ["version is not 1"];
for (const item of manifest.items) problems.push(...checkItem(item, path.dirname(manifestPath)));
const tally = new Map<string, number>();
for (const item of manifest.items)
  tally.set(`${item.family}/${item.variant}`, (tally.get(`${item.family}/${item.variant}`) ?? 0) + 1);
console.log(`${manifest.items.length} items: ${[...tally].map(([k, n]) => `${k} ${n}`).join(", ")}`);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("manifest OK");
