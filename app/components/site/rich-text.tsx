/** Sanitised rich text from the back office (see app/.server/sanitize.ts). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <div
      className={`space-y-3 [&_a]:text-primary [&_a]:underline [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
