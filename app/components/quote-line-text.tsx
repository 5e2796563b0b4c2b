// A quote line's words as every screen shows them, the public quote and the owner's
// simulation alike: the label, then its detail joined the language's way and muted
// (« Taxe de séjour : 2 adultes × 3 nuits × 1,34 € »).
import type { LineView } from '~/.server/booking/pricing/quote-view';

export function QuoteLineText({ line }: { line: Pick<LineView, 'label' | 'separator' | 'detail'> }) {
  return (
    <>
      {line.label}
      {line.detail ? (
        <span className="text-muted-foreground">
          {line.separator}
          {line.detail}
        </span>
      ) : null}
    </>
  );
}
