/** Sanitised rich text from the back office (see app/.server/content/sanitize.ts). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
