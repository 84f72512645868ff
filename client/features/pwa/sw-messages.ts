// Messages the page sends to the service worker.
/** "Activate the waiting version now": sent once the user (or a new-build reload) accepts it. */
export const SKIP_WAITING = 'SKIP_WAITING';
