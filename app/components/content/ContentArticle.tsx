import type { ContentPage } from "~/models/content";

/** A content page's body: its heading and the Markdown rendered on the server from repository files. */
export function ContentArticle({ page }: { page: Pick<ContentPage, "heading" | "html"> }) {
  return (
    <article className="content-page">
      <h1>{page.heading}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
