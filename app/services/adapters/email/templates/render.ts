import type { ReactElement } from "react";

/**
 * Renders one message's component tree twice with React Email's `render`: the HTML body, and the plain-text body with
 * its `plainText` option (html-to-text over the same HTML). A few `data-text*` attributes, set by the parts in
 * parts.tsx, tell the text what the HTML shows by layout alone (decision 0048):
 *
 * - `data-skip-in-text="true"` (React Email's own): the brand line, the heading, the "paste this link" help;
 * - `a[data-text]`: `line` writes "Label: https://…" (buttons and links on a line of their own), `label` the label
 *   only (its link is written out next to it, or is a phone number); any other http(s) link reads "Label <https://…>"
 *   (the angle brackets of RFC 3986, appendix C, so a trailing full stop is not taken for part of the link);
 * - `h2[data-text-colon]`: the section heading followed by a colon ("Shipping to:"); every h2 keeps its case;
 * - `ul[data-text-prefix]`: each item on its own line after the prefix ("- " unless given);
 * - `table[data-text="rows"]`: each row on one line, its cells joined by the row's `data-text-sep` (": " unless
 *   given), a line break inside a cell read as ": ", indented by the row's `data-text-indent`;
 * - `p[data-text-tight]`: no blank line after the paragraph; `[data-text-newline]`: a line break in the text where
 *   the HTML shows a separator; a blockquote keeps its line breaks as typed.
 *
 * Blank lines come from the ends of blocks (a paragraph, a list, a table of rows end with one; a heading does not),
 * so what follows a heading or a tight paragraph starts on the next line.
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  // Loaded on the first e-mail (~0.2 s): most requests, jobs and test files that import an e-mail send none.
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  // One final line break, as a text file ends.
  return { html, text: `${text.trim()}\n` };
}

// html-to-text's formatter interface (the package ships no types of its own).
interface TextNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: TextNode[];
}
interface TextBuilder {
  openBlock(options?: { leadingLineBreaks?: number; isPre?: boolean }): void;
  closeBlock(options?: { trailingLineBreaks?: number; blockTransform?: (text: string) => string }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLiteral(text: string): void;
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
}
type Walk = (nodes: TextNode[] | undefined, builder: TextBuilder) => void;
type Formatter = (elem: TextNode, walk: Walk, builder: TextBuilder, options: Record<string, unknown>) => void;

const attribute = (elem: TextNode, name: string) => elem.attribs?.[name];
const tags = (nodes: TextNode[] | undefined, ...names: string[]) =>
  (nodes ?? []).filter((node) => node.type === "tag" && names.includes(node.name ?? ""));

/** Links written out: "Label: https://…", the label only, or "Label <https://…>" inside a sentence. */
const emailLink: Formatter = (elem, walk, builder) => {
  const href = attribute(elem, "href") ?? "";
  const mode = attribute(elem, "data-text");
  // A phone number (tel:) reads as itself; so does a link whose URL is written next to it.
  if (mode === "label" || !/^https?:\/\//.test(href)) return walk(elem.children, builder);
  let label = "";
  builder.pushWordTransform((word) => {
    label += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  if (label === href) return;
  if (!label) return builder.addInline(href, { noWordTransform: true });
  builder.addInline(mode === "line" ? `: ${href}` : ` <${href}>`, { noWordTransform: true });
};

/**
 * A paragraph starts on the next line and ends with a blank line (a `tight` one without): the blank lines between
 * blocks are their ends', so a paragraph right under a heading or a tight paragraph follows it on the next line.
 */
const emailParagraph: Formatter = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: attribute(elem, "data-text-tight") === undefined ? 2 : 1 });
};

/** A section heading, in its own case, and with a colon where the text introduces what follows. */
const sectionHeading: Formatter = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  if (attribute(elem, "data-text-colon") !== undefined) builder.addLiteral(":");
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** A list right under what introduces it, each item on its own line after the prefix. */
const emailList: Formatter = (elem, walk, builder) => {
  const prefix = attribute(elem, "data-text-prefix") ?? "- ";
  builder.openBlock({ leadingLineBreaks: 1 });
  for (const item of tags(elem.children, "li")) {
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(item.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1, blockTransform: (text) => `${prefix}${text}` });
  }
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** A table of label and value rows, one line each ("Subtotal: $171.96"). */
const rowsTable: Formatter = (elem, walk, builder) => {
  const rows = tags(elem.children, "tbody", "thead", "tfoot").flatMap((section) => tags(section.children, "tr"));
  builder.openBlock({ leadingLineBreaks: 1 });
  for (const row of [...tags(elem.children, "tr"), ...rows]) {
    const indent = " ".repeat(Number(attribute(row, "data-text-indent") ?? 0));
    const separator = attribute(row, "data-text-sep") ?? ": ";
    builder.openBlock({ leadingLineBreaks: 1 });
    tags(row.children, "td", "th").forEach((cell, index) => {
      if (index > 0) builder.addLiteral(separator);
      for (const child of cell.children ?? []) {
        if (child.type === "tag" && child.name === "br") builder.addLiteral(": ");
        else walk([child], builder);
      }
    });
    builder.closeBlock({ trailingLineBreaks: 1, blockTransform: (text) => `${indent}${text}` });
  }
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const TEXT_OPTIONS = {
  formatters: { emailLink, emailParagraph, sectionHeading, emailList, rowsTable },
  selectors: [
    { selector: "a", format: "emailLink" },
    { selector: "p", format: "emailParagraph" },
    { selector: "h2", format: "sectionHeading" },
    { selector: "ul", format: "emailList" },
    // React Email's layout tables (body, container, sections) add no blank lines of their own.
    { selector: "table", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "table[data-text=rows]", format: "rowsTable" },
    { selector: "[data-text-newline]", format: "lineBreak" },
    { selector: "blockquote", format: "pre", options: { leadingLineBreaks: 1, trailingLineBreaks: 2 } },
  ],
};
