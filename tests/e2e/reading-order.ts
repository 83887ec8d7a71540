import { expect, type Locator } from "@playwright/test";

/**
 * Reading order (the shell's checks: numbered lists, bullets, what comes before the page). text-browser.ts reads
 * the funnel's pages line by line with form controls drawn; the two should become one reader.
 *
 * What a text browser (w3m, lynx) prints for a page, near enough to check reading order and words: the document
 * in order, no CSS (visually hidden text prints, CSS-generated text does not), no scripts, and no aria-label or
 * aria-hidden (text browsers ignore ARIA). Block elements start new lines, ordered list items are numbered
 * ('1. '), other list items bulleted ('* '), buttons are bracketed ('[Sign in]'), images print their alt text.
 */
export function textBrowserLines(html: string): string[] {
  const source = html
    .replace(/<!--[\s\S]*?-->/g, "")
    // Never printed: the head, scripts, styles, inert templates and drawn icons.
    .replace(/<(head|script|style|template|svg)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
    // A select prints its chosen option.
    .replace(/<select\b[^>]*>([\s\S]*?)<\/select>/gi, (_, options: string) => {
      const chosen = /<option\b[^>]*\bselected\b[^>]*>([\s\S]*?)<\/option>/i.exec(options) ??
        /<option\b[^>]*>([\s\S]*?)<\/option>/i.exec(options) ?? ["", ""];
      return `[${chosen[1]}]`;
    });

  const lines: string[] = [];
  let line = "";
  const breakLine = () => {
    const text = line.replace(/\s+/g, " ").trim();
    if (text) lines.push(text);
    line = "";
  };
  const lists: { ordered: boolean; count: number }[] = [];
  const token = /<(\/?)([a-zA-Z][\w-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+)/g;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const [, closing, rawName, attributes = "", text] = match;
    if (text !== undefined) {
      line += decodeEntities(text);
      continue;
    }
    const name = rawName!.toLowerCase();
    if (name === "br") {
      breakLine();
    } else if (name === "ol" || name === "ul") {
      breakLine();
      if (closing) lists.pop();
      else lists.push({ ordered: name === "ol", count: 0 });
    } else if (name === "li") {
      breakLine();
      const list = lists[lists.length - 1];
      if (!closing && list) line = list.ordered ? `${++list.count}. ` : "* ";
    } else if (name === "button") {
      line += closing ? "]" : "[";
    } else if (name === "img" && !closing) {
      line += ` ${decodeEntities(attribute(attributes, "alt") ?? "")} `;
    } else if (name === "input" && !closing) {
      line += inputText(attributes);
    } else if (BLOCKS.has(name)) {
      breakLine();
    }
  }
  breakLine();
  return lines;
}

const BLOCKS = new Set(
  (
    "address article aside blockquote details dd dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 " +
    "h4 h5 h6 header hr legend main nav noscript p pre section summary table tbody td th thead tr"
  ).split(" "),
);

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:=(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, "i").exec(attributes);
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

function inputText(attributes: string): string {
  const type = (attribute(attributes, "type") ?? "text").toLowerCase();
  if (type === "hidden") return "";
  const checked = attribute(attributes, "checked") !== null;
  if (type === "checkbox") return checked ? "[X] " : "[ ] ";
  if (type === "radio") return checked ? "(*) " : "( ) ";
  if (type === "submit" || type === "button") return `[${decodeEntities(attribute(attributes, "value") ?? "")}]`;
  return `[${decodeEntities(attribute(attributes, "value") ?? "")}____] `;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === "#") {
      const point = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return String.fromCodePoint(point);
    }
    return named[code.toLowerCase()] ?? entity;
  });
}

/** The lines of one element of the page: from its start tag (found by `startTag`) to its end. */
export function textOfElement(html: string, startTag: RegExp, tagName: string): string[] {
  const start = html.search(startTag);
  expect(start, `${startTag} in the page`).toBeGreaterThanOrEqual(0);
  const end = html.indexOf(`</${tagName}>`, start);
  return textBrowserLines(html.slice(start, end + tagName.length + 3));
}

/** An element a reader must meet first: after the site header, before the page's <main> and the footer. */
export async function expectReadBeforePage(element: Locator): Promise<void> {
  const order = await element.evaluate((node) => {
    const header = document.querySelector("header.site-header");
    const main = document.querySelector("main#main");
    const position = (other: Element | null) => (other ? node.compareDocumentPosition(other) : 0);
    return {
      afterHeader: !!header && !header.contains(node) && !!(position(header) & Node.DOCUMENT_POSITION_PRECEDING),
      beforeMain: !!(position(main) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  });
  expect(order).toEqual({ afterHeader: true, beforeMain: true });
}
