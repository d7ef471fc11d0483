/** Version of the service and of its public contract (API.md). */
export const SERVICE_VERSION = '0.2.0';

/** `schema_version` served in every body of the public API. */
export const SCHEMA_VERSION = '1.2';
