// What other features may use of the feed's status: the banner when a real provider is delayed or
// down, and the age of a row's prices (the provider's instant when it gives one).
export { FeedProvidersBanner, FEED_STATUS_REFRESH_MS } from './FeedProvidersBanner';
export { formatAge, priceTimes, rowPricesAt, useAgeTicker, type PriceTimes } from './ages';
