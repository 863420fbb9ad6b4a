// Columns several tools' tables share.
import type { ReactNode } from 'react';
import { accountLabel } from '../../../copy/names';
import { money, odds, startTime } from '../format';
import type { FinderColumn } from './types';

export function eventColumn<Row extends { eventName: string; marketName?: string; startsAt: string }>(): FinderColumn<Row> {
  return {
    id: 'event',
    header: 'Event',
    cell: (r) => (
      <>
        <span className="finder-strong font-semibold">{r.eventName}</span>
        <span className="finder-sub block text-xs text-muted">
          {startTime(r.startsAt)}
          {r.marketName === undefined ? null : ` · ${r.marketName}`}
        </span>
      </>
    ),
    sort: (r) => Date.parse(r.startsAt),
  };
}
export function selectionColumn<Row extends { selectionName: string }>(): FinderColumn<Row> {
  return { id: 'selection', header: 'Selection', cell: (r) => r.selectionName };
}
/** A price and where it is (a bookmaker or an exchange), with a note under it. */
export function priceColumn<Row>(
  id: string,
  header: string,
  price: (r: Row) => number,
  where: (r: Row) => string,
  extra?: (r: Row) => ReactNode,
): FinderColumn<Row> {
  return {
    id,
    header,
    cell: (r) => (
      <>
        <span className="finder-strong font-semibold">{odds(price(r))}</span>{' '}
        <span className="finder-sub block text-xs text-muted">{accountLabel(where(r))}</span>
        {extra === undefined ? null : <span className="finder-sub block text-xs text-muted">{extra(r)}</span>}
      </>
    ),
    sort: price,
    numeric: true,
  };
}
export function backColumn<Row extends { bookmaker: string; backOdds: number }>(extra?: (r: Row) => ReactNode): FinderColumn<Row> {
  return priceColumn(
    'back',
    'Back',
    (r) => r.backOdds,
    (r) => r.bookmaker,
    extra,
  );
}
export function layColumn<Row extends { exchange: string; layOdds: number }>(): FinderColumn<Row> {
  return priceColumn(
    'lay',
    'Lay',
    (r) => r.layOdds,
    (r) => r.exchange,
  );
}
/** A list of selections in one cell (an acca's legs, a Lucky bet's selections, a bet builder's parts), each with a line under its name. */
export function listColumn<Row, Item extends { selectionId: string; selectionName: string }>(
  id: string,
  header: string,
  items: (r: Row) => readonly Item[],
  detail: (item: Item) => ReactNode,
): FinderColumn<Row> {
  return {
    id,
    header,
    cell: (r) => (
      <ul className="finder-legs m-0 min-w-48 pl-4">
        {items(r).map((item) => (
          <li key={item.selectionId}>
            {item.selectionName} <span className="finder-sub block text-xs text-muted">{detail(item)}</span>
          </li>
        ))}
      </ul>
    ),
  };
}
export function moneyColumn<Row>(id: string, header: string, value: (r: Row) => number): FinderColumn<Row> {
  return { id, header, cell: (r) => money(value(r)), sort: value, numeric: true };
}
export function ratioColumn<Row>(id: string, header: string, value: (r: Row) => number, show: (n: number) => string): FinderColumn<Row> {
  return { id, header, cell: (r) => show(value(r)), sort: value, numeric: true };
}
