// Server code importing page delivery and a route module.
import { DeliveryHead } from '~/page-delivery/delivery-head';
import { loader } from '../../routes/site/home';

export const fixture = [DeliveryHead, loader];
