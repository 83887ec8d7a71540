import type { Page } from "@playwright/test";

// What a text browser (w3m, lynx) prints for a page: the HTML in document order with no CSS. Block elements and
// <br> start a new line; inline elements run on, so two spans with nothing between them print as one word. A
// table row prints on one line, its cells apart. Form controls print as text browsers draw them: radios '(*)' and
// '( )', a select its chosen option in brackets, a button its words in brackets. Nothing is hidden, visually hidden
// text included (it is in the HTML, and no CSS hides it). An approximation written out here rather than a w3m run, so
// the tests need nothing installed and the lines do not depend on a terminal width.

const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "legend",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+))?`, "i").exec(tag);
  if (!match) return null;
  return decodeEntities((match[1] ?? "").replace(/^["']|["']$/g, ""));
}

/** An <input> as a text browser draws it. */
function inputText(tag: string): string {
  const type = (attribute(tag, "type") ?? "text").toLowerCase();
  const checked = attribute(tag, "checked") !== null;
  if (type === "hidden") return "";
  if (type === "radio") return checked ? "(*) " : "( ) ";
  if (type === "checkbox") return checked ? "[X] " : "[ ] ";
  if (type === "submit" || type === "button") return `[${attribute(tag, "value") ?? ""}]`;
  return `[${attribute(tag, "value") ?? "____"}]`;
}

/** A <select> prints its chosen option (the first when none is marked), in brackets. */
function selectText(options: string): string {
  const all = [...options.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/gi)];
  const chosen = all.find((option) => / selected(?:[\s=>]|$)/i.test(option[1] ?? "")) ?? all[0];
  return `[${chosen ? decodeEntities((chosen[2] ?? "").replace(/<[^>]*>/g, "")).trim() : ""}]`;
}

/** The lines a text browser prints for an HTML document: whitespace collapsed, blank lines dropped. */
export function textBrowserLines(html: string): string[] {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(head|script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<select\b[^>]*>([\s\S]*?)<\/select\s*>/gi, (_, options: string) => selectText(options))
    .replace(/<input\b[^>]*>/gi, (tag) => inputText(tag))
    .replace(/<img\b[^>]*>/gi, (tag) => attribute(tag, "alt") ?? "")
    .replace(/<br\b[^>]*>/gi, "\n")
    .replace(/<button\b[^>]*>/gi, "[")
    .replace(/<\/button\s*>/gi, "]")
    .replace(/<\/?(t[dh])\b[^>]*>/gi, " ")
    .replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_, tag: string) => (BLOCKS.has(tag.toLowerCase()) ? "\n" : ""));
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
}

/**
 * The lines a text browser prints for the page's current URL, fetched as a text browser fetches it: a plain GET
 * with the page's cookies (no JavaScript runs, so this is the server's HTML whichever project runs the test).
 */
export async function textBrowserView(page: Page): Promise<string[]> {
  const response = await page.request.get(page.url());
  if (!response.ok()) throw new Error(`GET ${page.url()}: ${response.status()}`);
  return textBrowserLines(await response.text());
}

/**
 * Where `expected` stands in `lines` as consecutive lines (each line equal, or matching when a RegExp), or -1. A
 * test asserts on the index so a failure prints the lines around the first one.
 */
export function indexOfLines(lines: readonly string[], expected: ReadonlyArray<string | RegExp>): number {
  const matches = (line: string | undefined, want: string | RegExp) =>
    line !== undefined && (typeof want === "string" ? line === want : want.test(line));
  for (let start = 0; start + expected.length <= lines.length; start++) {
    if (expected.every((want, offset) => matches(lines[start + offset], want))) return start;
  }
  return -1;
}
