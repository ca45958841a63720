/** Kept apart from the schema so the content script can stamp events without bundling the validator. */
export const EVENT_SCHEMA_VERSION = 1;
