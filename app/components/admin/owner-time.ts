// Instants in the back office's browser code, written in the guesthouse's time zone
// (GUESTHOUSE_TIME_ZONE, handed down by the admin layout's loader) with the one formatter.
import { useRouteLoaderData } from 'react-router';
import { formatOwnerTime, type OwnerTimeStyle } from '~/lib/owner-time';

/** "24/11/2026 à 08:15" (or another style) at the guesthouse, for an instant or its ISO string. */
export function useOwnerTime() {
  const zone = (useRouteLoaderData('routes/admin/layout') as { timeZone?: string } | undefined)?.timeZone;
  return (instant: Date | string, style?: OwnerTimeStyle) => formatOwnerTime(new Date(instant), zone, style);
}
