import { escapeXml } from "./xml";

/**
 * Open Graph cards: the 1200 × 630 PNG images social previews show for a product page and the home page. The cards
 * are drawn here as SVG (pure); services/catalog/og-image.server.ts renders them to PNG once and keeps them.
 */

/** The size social previews lay out a large card at (1.91 : 1), and the type they all show. */
export const OG_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;

/** An image a page offers to social previews, with the size and type they need before fetching it. */
export interface SizedImage {
  /** Site-relative path. */
  url: string;
  width: number;
  height: number;
  type: string;
}

/** A card of OG_IMAGE's size and type at a site-relative path. */
export function ogCard(url: string): SizedImage {
  return { url, ...OG_IMAGE };
}

export const HOME_OG_IMAGE_PATH = "/images/og/home.png";

/** The store's default card for pages without one of their own: a static 1200 × 630 PNG in public/. */
export const DEFAULT_OG_IMAGE_PATH = "/images/og-default.png";

export function productOgImagePath(vanityUrl: string): string {
  return `/images/og/products/${vanityUrl}.png`;
}

/** A product card's file name: the product's vanity URL and `.png`. */
export const PRODUCT_OG_IMAGE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/;

/**
 * Splits text into at most `maxLines` lines of about `maxChars` characters, at spaces; a word longer than a line
 * gets a line of its own. Text that does not fit ends its last line with an ellipsis.
 */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const lastLine = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${lastLine.length >= maxChars ? lastLine.slice(0, maxChars - 1) : lastLine}…`;
  return kept;
}

const FONT = "Helvetica, Arial, 'DejaVu Sans', sans-serif";
const INK = "#1d2733";
const MUTED = "#52606d";
const BRAND = "#1d3557";

function textLines(lines: string[], x: number, firstY: number, lineHeight: number, attributes: string): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${firstY + index * lineHeight}" font-family="${FONT}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join("\n");
}

export interface ProductCard {
  displayName: string;
  brandName: string;
  descriptorPackSize: string;
  imageColors: { background: string; accent: string };
}

/** A product's card: its box in the brand's colours on the left, brand, name and pack size on the right. */
export function productCardSvg(product: ProductCard): string {
  const background = escapeXml(product.imageColors.background);
  const accent = escapeXml(product.imageColors.accent);
  const name = wrapLines(product.displayName, 20, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE.width}" height="${OG_IMAGE.height}" viewBox="0 0 ${OG_IMAGE.width} ${OG_IMAGE.height}">
<rect width="1200" height="630" fill="#f4f6f8"/>
<clipPath id="box"><rect x="70" y="125" width="480" height="380" rx="24"/></clipPath>
<g clip-path="url(#box)">
<rect x="70" y="125" width="480" height="380" fill="${background}"/>
<rect x="70" y="395" width="480" height="110" fill="${accent}"/>
</g>
<circle cx="480" cy="450" r="32" fill="none" stroke="#ffffff" stroke-width="7" opacity="0.9"/>
${textLines(wrapLines(product.brandName, 16, 1), 110, 205, 0, 'font-size="44" font-weight="700" fill="#ffffff"')}
${textLines(wrapLines(product.descriptorPackSize, 14, 1), 110, 465, 0, 'font-size="36" font-weight="700" fill="#ffffff"')}
${textLines(wrapLines(product.brandName, 24, 1), 610, 150, 0, `font-size="34" fill="${MUTED}"`)}
${textLines(name, 610, 225, 64, `font-size="52" font-weight="700" fill="${INK}"`)}
<text x="610" y="560" font-family="${FONT}" font-size="36" font-weight="700" fill="${BRAND}">Lenslane</text>
</svg>`;
}

export interface HomeCard {
  siteName: string;
  /** The home page's hero heading and the short line above it (content/home.json). */
  heading: string;
  eyebrow: string;
}

/** The home page's card: the store's name, the home page's heading and, on a band, its eyebrow line. */
export function homeCardSvg(home: HomeCard): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE.width}" height="${OG_IMAGE.height}" viewBox="0 0 ${OG_IMAGE.width} ${OG_IMAGE.height}">
<rect width="1200" height="630" fill="${BRAND}"/>
<rect y="540" width="1200" height="90" fill="#f4a261"/>
${textLines([home.siteName], 90, 150, 0, 'font-size="64" font-weight="700" fill="#ffffff"')}
${textLines(wrapLines(home.heading, 30, 3), 90, 265, 76, 'font-size="60" font-weight="700" fill="#ffffff"')}
${textLines(wrapLines(home.eyebrow, 56, 1), 90, 598, 0, `font-size="34" font-weight="700" fill="${INK}"`)}
</svg>`;
}
