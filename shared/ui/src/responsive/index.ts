export {
  detailColumns,
  MOBILE_BREAKPOINT,
  MOBILE_COMMON_CSS,
  MOBILE_MEDIA,
  mobileCss,
  useIsMobile,
} from './breakpoint';
export { BottomSheet, type BottomSheetProps } from './BottomSheet';
