import { CourseOpenType, CourseState, type CourseDetail, type CourseSaveReq } from '@exam/contracts';

export interface CourseFileDraft {
  fileId: string;
  title: string;
  fileType_dictText: string;
  chapter?: string;
}

/** What a new course starts with. */
export const COURSE_DEFAULTS = {
  openType: CourseOpenType.PUBLIC,
  state: CourseState.NORMAL,
  salePrice: 0,
  costPoints: 0,
  videoDrag: false,
  finishRate: 90,
  checkOn: false,
  checkSec: 10,
  faceOn: false,
  faceInterval: 10,
  faceChance: 3,
} as const;

/** The form's values of a loaded course. */
export const courseFormValues = (c: CourseDetail) => ({
  ...c,
  catId: c.catId || undefined,
  cover: c.cover || '',
  period: c.startTime && c.endTime ? [c.startTime, c.endTime] : undefined,
});

export const courseFileDrafts = (c: CourseDetail): CourseFileDraft[] =>
  c.fileList.map((f) => ({
    fileId: f.fileId,
    title: f.title,
    fileType_dictText: f.fileType_dictText,
    chapter: f.chapter || undefined,
  }));

type FormValues = Omit<CourseSaveReq, 'fileRefs' | 'startTime' | 'endTime' | 'userIds' | 'examIds'> & {
  period?: [string, string];
  examList?: { id: string }[];
};

/** Fields the form edits; a loaded course's other fields (counts, file list) never go back. */
const EDITED = [
  'title',
  'cover',
  'catId',
  'content',
  'salePrice',
  'costPoints',
  'state',
  'openType',
  'videoDrag',
  'finishRate',
  'checkOn',
  'checkSec',
  'faceOn',
  'faceInterval',
  'faceChance',
] as const;

/** The save request: the period split in two, targets only for their open type, files in order. */
export function courseSaveBody(
  id: string | undefined,
  v: FormValues,
  userIds: string[],
  files: CourseFileDraft[],
): CourseSaveReq {
  const { period } = v;
  const picked = Object.fromEntries(EDITED.filter((k) => v[k] !== undefined && v[k] !== null).map((k) => [k, v[k]]));
  return {
    ...(picked as Pick<CourseSaveReq, 'title' | 'openType'>),
    id: id || undefined,
    startTime: period?.[0] ?? '',
    endTime: period?.[1] ?? '',
    deptCodes: v.openType === CourseOpenType.DEPART ? v.deptCodes : [],
    userIds: v.openType === CourseOpenType.PERSON ? userIds : [],
    password: v.openType === CourseOpenType.PASSWORD ? v.password : '',
    fileRefs: files.map((f) => (f.chapter ? { fileId: f.fileId, chapter: f.chapter } : { fileId: f.fileId })),
    examIds: (v.examList ?? []).map((e) => e.id),
  };
}
