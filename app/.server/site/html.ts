// Rich text leaves the database through the same allow-list it entered by
// (seeded or imported rows never went through the editor).
import sanitizeHtml from 'sanitize-html';

export { cleanRichText } from '../sanitize';

/** The text of rich content, for meta descriptions and JSON-LD. */
export function plainText(html: string | null | undefined, max = 160): string {
  const text = sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
