// Accepter and Refuser on a pending request, as the owner answers it from Réservations or
// from Aujourd'hui (issue 48, item 5): one rule set, one wording, whichever screen asks.
import { AcceptBookingSchema, RefuseBookingSchema } from '~/lib/schemas/booking-admin';
import { runIntent } from '../../http/admin-screen';
import { acceptBookingRequest, refuseBookingRequest } from './requests';

/** The answer to an `accept` or `refuse` intent posted to `screen`; null for any other intent (the screen's own). */
export function answerRequestIntent(formData: FormData, screen: string, actor: string) {
  switch (formData.get('intent')) {
    case 'accept':
      return runIntent(formData, {
        screen,
        schema: AcceptBookingSchema,
        failure: "Impossible d'accepter la demande",
        perform: ({ id }) => acceptBookingRequest(id, actor),
        // With the online deposit on, the stay waits for the guest's card payment (issue 36).
        success: (_v, result) =>
          result.awaitingPayment ? "Demande acceptée : le client reçoit le lien de paiement de l'acompte" : 'Réservation confirmée, le client est prévenu',
      });
    case 'refuse':
      return runIntent(formData, {
        screen,
        schema: RefuseBookingSchema,
        failure: 'Impossible de refuser la demande',
        perform: ({ id, message }) => refuseBookingRequest(id, message, actor),
        success: 'Demande refusée, le client est prévenu',
      });
    default:
      return null;
  }
}
