// Learner card lists; a separate entry so remotes take only this, not the shell's boot code.
export { usePagedCards } from './usePagedCards';
export { PagedCardGrid } from './PagedCardGrid';
export { PriceTag } from './PriceTag';
