export { ALL_SERVICES, buildAllInOne } from './app';
export { runtimeConfig, staticSite } from './static';
