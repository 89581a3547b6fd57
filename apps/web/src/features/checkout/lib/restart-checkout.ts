import { cancelOrder } from '../api/cancel-order';
import { forgetActiveOrder, type ActiveOrder } from './checkout-storage';
import { reloadPage } from './reload-page';

/** The hold is over (time is up, or the payment asks to start again): release it, forget it, start over. */
export async function restartCheckout(eventUid: string, access: ActiveOrder): Promise<void> {
  try {
    await cancelOrder(access);
  } catch {
    // The server ends expired holds by itself; the reload starts over either way.
  }
  forgetActiveOrder(eventUid);
  reloadPage();
}
