/**
 * Set on a frame's root element while the chat-site picker waits for a press there (and while it swallows the rest
 * of that press): the coach's send hold stands aside, so a press on the send button is a pick, not a send to hold.
 * Both listen in the capture phase on the window, and the coach's listeners were added first.
 */
export const PICKING_ATTRIBUTE = 'data-fw-picking';

export const isPicking = (doc: Document): boolean => doc.documentElement.hasAttribute(PICKING_ATTRIBUTE);
