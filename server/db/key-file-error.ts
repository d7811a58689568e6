/**
 * A key file that is missing for its database, not that database's, malformed or readable by others. In a module
 * of its own so that the command line can recognise it without loading SQLite's native module, which the release
 * executable unpacks only once the command is known.
 */
export class KeyFileError extends Error {}
