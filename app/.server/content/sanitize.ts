// The server's allow-list for rich text (SPEC §2 rich-text editor): exactly what
// the Tiptap toolbar can produce, nothing more. Every stored HTML passes here.
import sanitizeHtml from 'sanitize-html';

const COLOR = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%))?\s*\)$/i,
  /^rgba?\(\s*\d{1,3}%?\s+\d{1,3}%?\s+\d{1,3}%?\s*(?:\/\s*(?:0|1|0?\.\d+|\d{1,3}%))?\s*\)$/i,
  /^hsla?\(\s*\d{1,3}(?:deg)?\s*,\s*\d{1,3}%\s*,\s*\d{1,3}%\s*(?:,\s*(?:0|1|0?\.\d+|\d{1,3}%))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
];
const TEXT_ALIGN = [/^(?:left|right|center|justify)$/];

const blockStyles = { 'text-align': TEXT_ALIGN };
const spanStyles = { color: COLOR, 'background-color': COLOR, 'text-align': TEXT_ALIGN };

// Inline images may come from the web or be pasted as data URLs; only raster types.
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;
const WEB_URL = /^https?:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'a', 'img', 'span', 'mark'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    span: ['style'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    mark: ['style'],
  },
  allowedStyles: {
    span: spanStyles,
    p: { ...blockStyles, color: COLOR, 'background-color': COLOR },
    h1: { ...blockStyles, color: COLOR, 'background-color': COLOR },
    h2: { ...blockStyles, color: COLOR, 'background-color': COLOR },
    h3: { ...blockStyles, color: COLOR, 'background-color': COLOR },
    mark: { 'background-color': COLOR },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, { target, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' } as Record<string, string>,
    }),
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const ok = WEB_URL.test(src) || DATA_IMAGE.test(src);
      return { tagName, attribs: ok ? { ...attribs, src } : { ...attribs, src: '' } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the HTML shows nothing: no text and no image (an empty editor gives `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

/** Sanitised HTML, or '' when nothing visible is left (so it is not stored). */
export function cleanRichText(html: string | null | undefined): string {
  if (!html) return '';
  const clean = sanitizeRichText(html);
  return isBlankHtml(clean) ? '' : clean;
}

/** The text of rich content, for meta descriptions and JSON-LD. */
export function plainText(html: string | null | undefined, max = 160): string {
  const text = sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The text of rich content with its paragraphs and list items on their own lines, for plain-text mails. */
export function plainParagraphs(html: string | null | undefined, max = 5000): string {
  const marked = (html ?? '').replace(/<\/(p|li|h[1-6])>|<br\s*\/?>/gi, '$&\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
