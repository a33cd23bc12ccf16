export { ALL_SERVICES, buildAllInOne } from './app';
export { runtimeConfig, staticSite } from './static';
export { ALL_SEEDS } from './app';
