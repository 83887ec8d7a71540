/** Text made safe for XML content and attribute values (SVG images, the sitemap). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
