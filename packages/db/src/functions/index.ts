/**
 * @marquee/db/functions: the database's functions as files (live-functions.ts) and the JSON the
 * placement function reads (place-order-call.ts).
 */
export * from './live-functions';
export * from './place-order-call';
