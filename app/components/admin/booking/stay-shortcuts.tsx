// The two shortcuts of the screens that show stays (Aujourd'hui, Réservations): record a
// booking taken by phone or email, and the list of arrivals.
import { CalendarPlusIcon, ListIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

export function StayShortcuts() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild>
        <Link to="/admin/booking/new">
          <CalendarPlusIcon aria-hidden="true" />
          Enregistrer une réservation
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/admin/arrivals">
          <ListIcon aria-hidden="true" />
          Liste des arrivées
        </Link>
      </Button>
    </div>
  );
}
