// A sale's state at an instant, by the sdk's rules (never re-implemented here): upcoming before
// its start (saleWindow), ended from the end of its last second (saleCountdown), live while it is
// the sale activeSale picks, and "overlapped" while in its window another sale listed first wins.
import type { Sale } from '@matchkit/sdk/model';
import { activeSale, saleCountdown, saleWindow } from '@matchkit/sdk/sales';

export type SaleState = 'upcoming' | 'live' | 'ended' | 'overlapped';

export function saleState(sales: readonly Sale[], sale: Sale, now: number): SaleState {
  if (now < saleWindow(sale).start) return 'upcoming';
  if (saleCountdown(sale, now).ended) return 'ended';
  return activeSale(sales, now)?.id === sale.id ? 'live' : 'overlapped';
}
