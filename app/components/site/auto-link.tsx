import { autolink } from '~/lib/autolink';

/** Plain text with its emails, phone numbers and street addresses turned into links. */
export function AutoLink({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {autolink(text).map((segment, i) =>
        segment.type === 'text' ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <a
            key={i}
            href={segment.href}
            className="underline underline-offset-2 hover:text-primary"
            {...(segment.type === 'address' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {segment.text}
          </a>
        ),
      )}
    </span>
  );
}
