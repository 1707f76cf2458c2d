export * from './api';
export * from './auth';
export * from './constants';
export * from './enums';
export * from './i18n';
export * from './rights';
export * from './sections';
export * from './validation';
