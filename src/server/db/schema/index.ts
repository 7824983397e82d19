export * from './accounts';
export * from './auth';
export * from './logs';
export * from './mail';
export * from './notices';
export * from './wallet';
