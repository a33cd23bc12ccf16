import { CourseCalls, CourseFileCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { courseApiBase } from '../../api';

export const studyApi = courseApiBase.injectEndpoints({
  endpoints: (b) => ({
    studyCourse: queryCall(b, CourseCalls.detail, { providesTags: ['MyCourse'] }),
    studySettings: queryCall(b, CourseCalls.simpleDetail),
    studyFile: queryCall(b, CourseFileCalls.detail),
    loadProcess: queryCall(b, CourseFileCalls.loadProcess, { providesTags: ['Process'] }),
    // Saving progress changes the file list's percentages and my courses; the heartbeat is quiet.
    saveProcess: mutationCall(b, CourseFileCalls.saveProcess, { invalidatesTags: ['MyCourse'] }),
    heartbeat: mutationCall(b, CourseFileCalls.heartbeat, { silent: true }),
  }),
});

export const {
  useStudyCourseQuery,
  useStudySettingsQuery,
  useStudyFileQuery,
  useLoadProcessQuery,
  useSaveProcessMutation,
  useHeartbeatMutation,
} = studyApi;
