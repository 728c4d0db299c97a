// Folds one live event into the query cache, in place (no refetch). The keys are the
// spec's cached-data keys (§9) plus the endpoints' names where it names none:
// categories, advertise, ['products', categoryId], ['sellerProducts', email],
// ['orders', buyerEmail], reportedProducts, allSeller, allBuyer.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Advert, Category, Product, User } from '../api/types.ts';
import {
  addAdvert,
  addCategory,
  addCategoryProduct,
  addOrder,
  addReportedProduct,
  addSellerProduct,
  markOrderPaid,
  markSellerVerified,
  markUserVerified,
  removeWhere,
  setAdvertised,
  setAvailability,
  AVAILABLE,
  SOLD,
  type LiveEvent,
  type Order,
} from './live-events.ts';

export const liveKeys = {
  categories: ['categories'],
  adverts: ['advertise'],
  categoryProducts: ['products'],
  sellerProducts: ['sellerProducts'],
  orders: ['orders'],
  reportedProducts: ['reportedProducts'],
  allSeller: ['allSeller'],
  allBuyer: ['allBuyer'],
} as const satisfies Record<string, QueryKey>;

type List<T> = readonly T[] | undefined;

/** Runs `update` on every cached query under `prefix`; `arg` is the key's second part. */
function patch<T>(
  queryClient: QueryClient,
  prefix: QueryKey,
  update: (old: List<T>, arg: string) => List<T>,
): void {
  for (const [key, old] of queryClient.getQueriesData<readonly T[]>({ queryKey: prefix })) {
    if (!Array.isArray(old)) continue;
    const next = update(old, typeof key[1] === 'string' ? key[1] : '');
    if (next !== old) queryClient.setQueryData(key, next);
  }
}

const byId = (x: { _id: string }) => x._id;

export function applyLiveEvent(queryClient: QueryClient, live: LiveEvent): void {
  const listings = (update: (old: List<Product>, arg: string) => List<Product>) => {
    patch(queryClient, liveKeys.categoryProducts, update);
    patch(queryClient, liveKeys.sellerProducts, update);
    patch(queryClient, liveKeys.reportedProducts, update);
  };
  switch (live.event) {
    case 'category.created':
      patch<Category>(queryClient, liveKeys.categories, (old) => addCategory(old, live.data));
      return;
    case 'product.created':
      patch<Product>(queryClient, liveKeys.categoryProducts, (old, categoryId) =>
        addCategoryProduct(old, categoryId, live.data),
      );
      patch<Product>(queryClient, liveKeys.sellerProducts, (old, email) => addSellerProduct(old, email, live.data));
      return;
    case 'product.sold':
      listings((old) => setAvailability(old, live.data._id, SOLD));
      patch<Advert>(queryClient, liveKeys.adverts, (old) => removeWhere(old, (a) => a.advertiseId, live.data._id));
      patch<Order>(queryClient, liveKeys.orders, (old) => setAvailability(old, live.data._id, SOLD));
      return;
    case 'product.unsold':
      // The buyer's card could not be charged after all: the bike is for sale again.
      listings((old) => setAvailability(old, live.data._id, AVAILABLE));
      patch<Order>(queryClient, liveKeys.orders, (old) => setAvailability(old, live.data._id, AVAILABLE));
      // An advert of the bike shows again; the strip's own query knows whether there is one.
      void queryClient.invalidateQueries({ queryKey: liveKeys.adverts });
      return;
    case 'product.deleted':
      listings((old) => removeWhere(old, byId, live.data._id));
      patch<Advert>(queryClient, liveKeys.adverts, (old) => removeWhere(old, (a) => a.advertiseId, live.data._id));
      return;
    case 'advert.created':
      patch<Advert>(queryClient, liveKeys.adverts, (old) => addAdvert(old, live.data));
      patch<Product>(queryClient, liveKeys.sellerProducts, (old) => setAdvertised(old, live.data.advertiseId, true));
      return;
    case 'advert.removed':
      patch<Advert>(queryClient, liveKeys.adverts, (old) => removeWhere(old, byId, live.data._id));
      patch<Product>(queryClient, liveKeys.sellerProducts, (old) =>
        setAdvertised(old, live.data.advertiseId, false),
      );
      return;
    case 'product.reported':
      patch<Product>(queryClient, liveKeys.reportedProducts, (old) => addReportedProduct(old, live.data));
      return;
    case 'seller.verified':
      listings((old) => markSellerVerified(old, live.data._id));
      patch<Advert>(queryClient, liveKeys.adverts, (old) => markSellerVerified(old, live.data._id));
      patch<User>(queryClient, liveKeys.allSeller, (old) => markUserVerified(old, live.data._id));
      return;
    case 'order.created':
      patch<Order>(queryClient, liveKeys.orders, (old, email) => addOrder(old, email, live.data));
      return;
    case 'order.cancelled':
      patch<Order>(queryClient, liveKeys.orders, (old) => removeWhere(old, byId, live.data._id));
      return;
    case 'order.paid':
      patch<Order>(queryClient, liveKeys.orders, (old) => markOrderPaid(old, live.data._id));
      return;
    case 'user.deleted':
      patch<User>(queryClient, liveKeys.allSeller, (old) => removeWhere(old, byId, live.data._id));
      patch<User>(queryClient, liveKeys.allBuyer, (old) => removeWhere(old, byId, live.data._id));
      return;
  }
}
