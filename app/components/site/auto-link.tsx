import type { Segment } from '~/lib/autolink';

/**
 * Text with its emails, phone numbers and street addresses as links (SPEC §2). The
 * server cuts the text (app/.server/content/phones.ts: phone links in international
 * form), so the phone library stays out of the browser bundle.
 */
export function AutoLink({ segments, className }: { segments: Segment[]; className?: string }) {
  return (
    <span className={className}>
      {segments.map((segment, i) =>
        segment.type === 'text' ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <a
            key={i}
            href={segment.href}
            className="underline underline-offset-2 hover:text-primary"
            {...(segment.type === 'address' || segment.type === 'website' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {segment.text}
          </a>
        ),
      )}
    </span>
  );
}
