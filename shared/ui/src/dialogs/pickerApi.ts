import { CourseCalls, ExamCalls, GroupCalls } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

/** Endpoints the shared pickers read (lists only), injected once into the page's api. */
export const pickerApi = api.injectEndpoints({
  endpoints: (b) => ({
    pickerExamPaging: queryCall(b, ExamCalls.paging),
    pickerGroupPaging: queryCall(b, GroupCalls.paging),
    pickerCoursePaging: queryCall(b, CourseCalls.paging),
  }),
});

export const { usePickerExamPagingQuery, usePickerGroupPagingQuery, usePickerCoursePagingQuery } = pickerApi;
