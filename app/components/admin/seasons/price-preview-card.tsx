// The Saisons screen's price preview (issue 14): the owner picks a room, dates and
// guests and reads the quote a guest would get, from the one price engine. A GET
// form: the preview is in the URL, works without JavaScript, and changes nothing.
import { Form } from 'react-router';
import { Field, SelectField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { nightsFr } from '~/lib/stays';

export interface PricePreview {
  asked: { roomId: string; arrival: string; departure: string; guests: number };
  quote: {
    nights: number;
    lines: Array<{ key: string; name: string; nights: number; unit: string; total: string }>;
    total: string;
    minStay: number;
    problems: string[];
  } | null;
}

export function PricePreviewCard({ rooms, preview }: { rooms: Array<{ id: string; name: string }>; preview: PricePreview | null }) {
  const asked = preview?.asked;
  const quote = preview?.quote;
  return (
    <Card role="region" aria-labelledby="price-preview-title">
      <CardHeader>
        <CardTitle>
          <h3 id="price-preview-title">Aperçu d'un prix</h3>
        </CardTitle>
        <CardDescription>Le prix qu'un client verrait pour ce séjour, calculé nuit par nuit avec les saisons et les prix de la chambre.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rooms.length === 0 ? (
          <p className="text-sm text-muted-foreground">Ajoutez d'abord une chambre.</p>
        ) : (
          <Form method="get" preventScrollReset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
            <SelectField label="Chambre" selectProps={{ name: 'room', defaultValue: asked?.roomId ?? rooms[0]!.id, key: `room-${asked?.roomId}` }}>
              {rooms.map((room) => (
                <option key={room.id} value={room.id}>
                  {room.name}
                </option>
              ))}
            </SelectField>
            <Field label="Arrivée" inputProps={{ name: 'arrival', type: 'date', required: true, defaultValue: asked?.arrival, key: `a-${asked?.arrival}` }} />
            <Field
              label="Départ"
              inputProps={{ name: 'departure', type: 'date', required: true, defaultValue: asked?.departure, key: `d-${asked?.departure}` }}
            />
            <Field
              label="Personnes"
              inputProps={{
                name: 'guests',
                type: 'number',
                min: 1,
                max: 10,
                step: 1,
                required: true,
                defaultValue: asked?.guests ?? 2,
                key: `g-${asked?.guests}`,
              }}
            />
            <Button type="submit" variant="outline" className="lg:mt-6">
              Calculer le prix
            </Button>
          </Form>
        )}
        {preview && !quote ? <p className="text-sm text-destructive">Chambre introuvable</p> : null}
        {quote ? (
          <div aria-live="polite" data-testid="price-preview" className="space-y-3 rounded-md border p-4 text-sm">
            {quote.lines.length ? (
              <dl className="space-y-1">
                {quote.lines.map((line) => (
                  <div key={line.key} className="flex justify-between gap-4">
                    <dt>
                      {line.name}{' '}
                      <span className="text-muted-foreground">
                        — {nightsFr(line.nights)} × {line.unit}
                      </span>
                    </dt>
                    <dd>{line.total}</dd>
                  </div>
                ))}
                <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
                  <dt>Total ({nightsFr(quote.nights)})</dt>
                  <dd>{quote.total}</dd>
                </div>
              </dl>
            ) : null}
            <p className="text-muted-foreground">Séjour minimum applicable : {nightsFr(quote.minStay)}</p>
            {quote.problems.length ? (
              <div role="alert" className="text-destructive">
                <p className="font-medium">Un client ne pourrait pas demander ce séjour :</p>
                <ul className="list-disc pl-5">
                  {quote.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p>Un client peut demander ce séjour en ligne.</p>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
