import { Marked } from "marked";

/** Ids for headings, so `/terms/terms-and-conditions#rebates` lands on its section. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/&[a-z#0-9]+;/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      // The page's own <h1> comes from front matter; body headings start one level below it.
      const level = Math.min(Math.max(depth, 2), 6);
      return `<h${level} id="${slugify(inner)}">${inner}</h${level}>\n`;
    },
    // Content is Markdown only: any raw HTML is shown as text, never injected.
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const safeHref = /^(https?:|mailto:|tel:|\/|#)/i.test(href) ? href : "#";
      const external = /^https?:/i.test(safeHref);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      const rel = external ? ` rel="noopener noreferrer"` : "";
      return `<a href="${escapeHtml(safeHref)}"${titleAttr}${rel}>${inner}</a>`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
