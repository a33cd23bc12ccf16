export { PagingTable } from './paging/PagingTable';
export { FitTable, fittedColumns, flexWidth, tableMinWidth } from './paging/FitTable';
export type { PagingActions, PagingTableHandle, PagingTableProps, Row, RowId } from './paging/types';
export { Permission, type PermissionProps } from './Permission';
export { confirmAction, preloadConfirm, type ConfirmOptions } from './confirmAction';
export { confirmDelete, DeleteButton, runAndSay } from './confirmDelete';
export { NamedProgress } from './NamedProgress';
export { RemoteBoundary, type RemoteBoundaryProps } from './RemoteBoundary';
export { ErrorResult, type ErrorResultProps } from './ErrorResult';
export { OnceOpened } from './OnceOpened';
export { PageContainer, type PageContainerProps } from './PageContainer';
export { usePagingQuery } from './paging/usePagingQuery';
export { compactFilters, usePage } from './paging/usePage';
export { firstPageBody } from './paging/pageBody';
export { CardGrid, type CardGridProps } from './cards/CardGrid';
export { PagedCardGrid } from './cards/PagedCardGrid';
export { TabBar, TabPanel, type TabBarProps } from './tabs/TabBar';
export { LazyPagination, LazyRangePicker } from './lazy/lazyArco';
export { WhenNear } from './lazy/WhenNear';
export { PriceTag } from './cards/PriceTag';
export { Stat, type StatProps } from './cards/Stat';
export { Upload, type UploadProps, type UploadedFile } from './upload/Upload';
export { ImageUpload, type ImageUploadProps } from './upload/ImageUpload';
export { ImportUpload, type ImportUploadProps } from './upload/ImportUpload';
export { uploadFile, compressImage } from './upload/uploadFile';
export { UploadGuardProvider, useUploadingSave, type UploadGuard } from './upload/uploadGuard';
export { RichEditor, type RichEditorProps } from './editor/RichEditor';
export { RichText } from './editor/RichText';
export { SmsCodeButton, SMS_RESEND_SEC, type SmsCodeButtonProps } from './sms/SmsCodeButton';
export { newCaptchaKey, captchaImageUrl, CAPTCHA_WRONG_MSG } from './sms/captcha';
export { useDict, flattenDict, DICT_CACHE_MS } from './selectors/useDict';
export { DictSelect, DictText, DictTreeSelect, type DictSelectProps } from './selectors/DictSelect';
export { DeptTreeSelect, type DeptTreeSelectProps } from './selectors/DeptTreeSelect';
export { DeptTree, type DeptTreeProps } from './selectors/DeptTree';
export { useDeptTree, filterTree } from './selectors/useDeptTree';
export { RoleSelect, type RoleSelectProps } from './selectors/RoleSelect';
export { UserFilters, type UserFilterValue, type UserFiltersProps } from './selectors/UserFilters';
export { UserPickerDialog, type UserPickerDialogProps } from './dialogs/UserPickerDialog';
export { ChoiceInput, QuestionView, SolutionPanel, hasAnswer, submitsOnPick, type QuestionViewProps } from './question';
export { NoticeCard, type NoticeCardProps } from './notice/NoticeCard';
export { NoticeViewDialog } from './notice/NoticeViewDialog';
export { RepoPicker, type RepoPickerProps } from './dialogs/RepoPicker';
export { PickTable, usePicks } from './dialogs/PickTable';
export { useSocket } from './socket/useSocket';
export { EditDialog, type EditDialogProps } from './dialogs/EditDialog';
export { useCan } from './paging/useCan';
export { IconPickerDialog, type IconPickerDialogProps } from './dialogs/IconPickerDialog';
export { MENU_ICONS, MenuIcon } from './dialogs/menuIcons';
export * from './player';
export { MultiRangeSlider, type MultiRangeSliderProps } from './score/MultiRangeSlider';
export { AudioRecorder, type AudioRecorderProps } from './recorder/AudioRecorder';
export { RecordingPlayers } from './recorder/RecordingPlayers';
export { RECORDING_MARK, recordingCount, recordingsIn, withRecording } from './recorder/answerRecordings';
export { ExamPickerDialog, EXAM_PICKER_SIZE, type ExamPickerDialogProps } from './dialogs/ExamPickerDialog';
export { CourseSelect, ExamSelect, GroupSelect, SELECTOR_SIZE, type EntitySelectProps } from './selectors/EntitySelect';
export {
  CAMERA_FAILED_MSG,
  MEDIA_UNSUPPORTED_MSG,
  cameraErrorText,
  frameJpeg,
  openCamera,
  pickCamera,
  placeholderJpeg,
  stopStream,
} from './face/camera';
export { FaceCheckDialog, type FaceCheckDialogProps } from './face/FaceCheckDialog';
export {
  FACE_HOLD_MS,
  FACE_OUT_MS,
  FACE_PASS_CLOSE_MS,
  useFaceCheck,
  type FaceCheckOptions,
  type FacePhase,
} from './face/useFaceCheck';
export { useBlobImage } from './face/useBlobImage';
export {
  BLINK,
  createTracker,
  eyeRatio,
  type FaceTracker,
  nextStep,
  TRACK_TEXTS,
  trackStart,
  trackText,
  type TrackedFace,
  type TrackStep,
  waitForHeldFace,
} from './face/tracker';
export { oauthApi, useOauthProvidersQuery, useOauthResult, useOauthStart } from './oauth/oauthApi';
export { OauthBadge } from './oauth/OauthBadge';
export { OauthLoginButtons } from './oauth/OauthLoginButtons';
export * from './responsive';
export { validateForm } from './form/validateForm';
export { AccessFields, type AccessFieldsProps } from './form/AccessFields';
export { DAY_END_TIME, DAY_RANGE_TIMES } from './form/pickerTimes';
export { PayDialog, type PayDialogProps } from './pay/PayDialog';
export { BuyButton, type BuyButtonProps } from './pay/BuyButton';
export { usePayReturn } from './pay/usePayReturn';
export { channelFor, countdownText, payChoices, payDevice, type PayDevice } from './pay/payChannel';
export { OrderStateTag } from './pay/OrderStateTag';
export { cancelOrder } from './pay/cancelOrder';
export { useBought } from './pay/payApi';
export { PayReturn, type PayReturnProps } from './pay/PayReturn';
export { DateRangeFilter, FilterBar } from './paging/FilterBar';
