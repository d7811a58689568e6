export * from './account-security';
export * from './admin';
export * from './auth';
export * from './directory';
export * from './elections';
export * from './photos';
export * from './polls';
export * from './voter-roll';
