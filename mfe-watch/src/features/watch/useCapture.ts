/**
 * The grid gives each cell the address of its latest capture (proctors only, token in the header), so the
 * image is fetched as a blob and shown through an object URL (the shared useBlobImage). The address
 * changes with every new capture, so an unchanged cell is not fetched again on each refresh.
 */
export { useBlobImage as useCapture } from '@exam/ui';
